package io.denorm.examples.posts;

import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.Row;
import io.denorm.KeyChecks;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import javax.annotation.processing.Generated;

/**
 * Maps {@link Comment} to rows of table {@code comments}.
 *
 * <p>Column order of {@link #bindAll} and {@link #fromRow}: post_id, bucket, seq, author, comment.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.posts.Comment"
)
public final class CassandraCommentMapper {
  private CassandraCommentMapper() {
  }

  /**
   * Throws {@link io.denorm.InvalidEntityException} when a key component is null or too large, or a converter refuses a
   * value.
   */
  public static void requireValidKey(Comment entity) {
    Objects.requireNonNull(entity, "Comment to write");
    KeyChecks.keyComponent("Comment", "postId", entity.postId());
    KeyChecks.bucket("Comment", "bucket", entity.bucket(), "seq", entity.seq(), 100L);
  }

  /**
   * Binds every column, in table order, from index 0.
   */
  public static BoundStatementBuilder bindAll(BoundStatementBuilder statement, Comment entity) {
    statement = statement.setString(0, entity.postId());
    statement = statement.setLong(1, entity.bucket());
    statement = statement.setLong(2, entity.seq());
    statement = statement.setString(3, entity.author());
    statement = statement.setString(4, entity.comment());
    return statement;
  }

  /**
   * Binds the primary key columns, in key order, from index 0.
   */
  public static BoundStatementBuilder bindKey(BoundStatementBuilder statement, Comment entity) {
    statement = statement.setString(0, entity.postId());
    statement = statement.setLong(1, entity.bucket());
    statement = statement.setLong(2, entity.seq());
    return statement;
  }

  /**
   * Binds the primary key columns, in key order, from index 0, from the key values {@code key} (in key order).
   */
  public static BoundStatementBuilder bindKeyValues(BoundStatementBuilder statement,
      List<Object> key) {
    statement = statement.setString(0, (String) key.get(0));
    statement = statement.setLong(1, (Long) key.get(1));
    statement = statement.setLong(2, (Long) key.get(2));
    return statement;
  }

  /**
   * The key values of {@code entity}, in key order.
   */
  public static List<Object> keyOf(Comment entity) {
    return Arrays.asList(entity.postId(), entity.bucket(), entity.seq());
  }

  /**
   * Reads one entity from a row whose columns are in table order.
   */
  public static Comment fromRow(Row row) {
    return new Comment(
            row.getString(0),
            row.getLong(1),
            row.getLong(2),
            row.getString(3),
            row.getString(4));
  }
}
