package io.denorm.examples.threads;

import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.Row;
import io.denorm.Conversions;
import io.denorm.KeyChecks;
import io.denorm.json.JsonTrees;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javax.annotation.processing.Generated;

/**
 * Maps {@link Discussion} to rows of table {@code discussions}.
 *
 * <p>Column order of {@link #bindAll} and {@link #fromRow}: post_id, title, comments.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.threads.Discussion"
)
public final class CassandraDiscussionMapper {
  private CassandraDiscussionMapper() {
  }

  /**
   * Throws {@link io.denorm.InvalidEntityException} when a key component is null or too large, or a converter refuses a
   * value.
   */
  public static void requireValidKey(Discussion entity) {
    Objects.requireNonNull(entity, "Discussion to write");
    KeyChecks.keyComponent("Discussion", "postId", entity.postId());
  }

  /**
   * Binds every column, in table order, from index 0.
   */
  public static BoundStatementBuilder bindAll(BoundStatementBuilder statement, Discussion entity) {
    statement = statement.setString(0, entity.postId());
    statement = statement.setString(1, entity.title());
    statement = statement.setString(2, JsonTrees.text(Conversions.list(entity.comments(), e1 ->
        CassandraDiscussionMapper.replyToTree(e1))));
    return statement;
  }

  /**
   * Binds the primary key columns, in key order, from index 0.
   */
  public static BoundStatementBuilder bindKey(BoundStatementBuilder statement, Discussion entity) {
    statement = statement.setString(0, entity.postId());
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
  public static List<Object> keyOf(Discussion entity) {
    return Arrays.asList(entity.postId());
  }

  /**
   * Reads one entity from a row whose columns are in table order.
   */
  public static Discussion fromRow(Row row) {
    return new Discussion(
            row.getString(0),
            row.getString(1),
            JsonTrees.toList(JsonTrees.parse(row.getString(2)), e1 -> CassandraDiscussionMapper.replyFromTree(e1)));
  }

  private static Map<String, Object> replyToTree(Reply element) {
    if (element == null) {
      return null;
    }
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put("author", JsonTrees.tree(element.author()));
    tree.put("text", JsonTrees.tree(element.text()));
    tree.put("replies", Conversions.list(element.replies(), e1 -> CassandraDiscussionMapper.replyToTree(e1)));
    return tree;
  }

  private static Reply replyFromTree(Object tree) {
    if (tree == null) {
      return null;
    }
    return new Reply(
            JsonTrees.value(JsonTrees.field(tree, "author"), String.class),
            JsonTrees.value(JsonTrees.field(tree, "text"), String.class),
            JsonTrees.toList(JsonTrees.field(tree, "replies"), e1 -> CassandraDiscussionMapper.replyFromTree(e1)));
  }
}
