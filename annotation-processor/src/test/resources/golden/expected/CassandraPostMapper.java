package io.denorm.examples.posts;

import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.data.UdtValue;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import com.datastax.oss.driver.api.core.type.reflect.GenericType;
import io.denorm.Conversions;
import io.denorm.KeyChecks;
import io.denorm.cassandra.CassandraValues;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import javax.annotation.processing.Generated;

/**
 * Maps {@link Post} to rows of table {@code posts}.
 *
 * <p>Column order of {@link #bindAll} and {@link #fromRow}: id, name, summary, recent_comments.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.posts.Post"
)
public final class CassandraPostMapper {
  private CassandraPostMapper() {
  }

  /**
   * Throws {@link io.denorm.InvalidEntityException} when a key component is null or too large, or a converter refuses a
   * value.
   */
  public static void requireValidKey(Post entity) {
    Objects.requireNonNull(entity, "Post to write");
    KeyChecks.keyComponent("Post", "id", entity.id());
  }

  /**
   * Binds every column, in table order, from index 0.
   */
  public static BoundStatementBuilder bindAll(BoundStatementBuilder statement, Post entity) {
    statement = statement.setString(0, entity.id());
    statement = statement.setString(1, entity.name());
    statement = statement.setString(2, entity.summary());
    return statement;
  }

  /**
   * Binds the primary key columns, in key order, from index 0.
   */
  public static BoundStatementBuilder bindKey(BoundStatementBuilder statement, Post entity) {
    statement = statement.setString(0, entity.id());
    return statement;
  }

  /**
   * Binds the primary key columns, in key order, from index 0, from the key values {@code key} (in key order).
   */
  public static BoundStatementBuilder bindKeyValues(BoundStatementBuilder statement,
      List<Object> key) {
    statement = statement.setString(0, (String) key.get(0));
    return statement;
  }

  /**
   * The key values of {@code entity}, in key order.
   */
  public static List<Object> keyOf(Post entity) {
    return Arrays.asList(entity.id());
  }

  /**
   * Reads one entity from a row whose columns are in table order.
   */
  public static Post fromRow(Row row) {
    return new Post(
            row.getString(0),
            row.getString(1),
            row.getString(2),
            Conversions.list(row.get(3, GenericType.listOf(GenericType.of(UdtValue.class))), e1 ->
                CassandraPostMapper.commentFromUdt(e1)));
  }

  private static UdtValue commentToUdt(UserDefinedType type, Comment element) {
    if (element == null) {
      return null;
    }
    UdtValue value = type.newValue();
    value = value.setString(0, element.postId());
    value = value.setLong(1, element.bucket());
    value = value.setLong(2, element.seq());
    value = value.setString(3, element.author());
    value = value.setString(4, element.comment());
    return value;
  }

  private static Comment commentFromUdt(UdtValue value) {
    if (value == null) {
      return null;
    }
    return new Comment(value.getString(0), value.getLong(1), value.getLong(2), value.getString(3), value.getString(4));
  }

  /**
   * The {@code recentComments} list from column 0 of {@code row}, for the compare-and-set that keeps it.
   */
  public static List<Comment> recentCommentsFrom(Row row) {
    return Conversions.list(row.get(0, GenericType.listOf(GenericType.of(UdtValue.class))), e1 ->
        CassandraPostMapper.commentFromUdt(e1));
  }

  /**
   * Binds {@code value} as the {@code recentComments} list at marker 0.
   */
  public static BoundStatementBuilder bindRecentComments(BoundStatementBuilder builder,
      List<Comment> value) {
    builder = builder.set(0, CassandraValues.toList(value, CassandraValues.elementType(builder.getType(0)), (t1,
        e1) -> CassandraPostMapper.commentToUdt((UserDefinedType) t1, e1)),
        GenericType.listOf(GenericType.of(UdtValue.class)));
    return builder;
  }
}
