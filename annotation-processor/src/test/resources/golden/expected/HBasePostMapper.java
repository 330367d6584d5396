package io.denorm.examples.posts;

import io.denorm.Conversions;
import io.denorm.hbase.HBaseValues;
import io.denorm.key.KeyReader;
import io.denorm.key.RowKeyCodec;
import java.util.Arrays;
import java.util.List;
import javax.annotation.processing.Generated;

/**
 * Maps {@link Post} to rows of HBase table {@code posts}: row key (id), qualifiers name, summary, ~recent_comments.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.posts.Post"
)
public final class HBasePostMapper {
  /**
   * The row key of table {@code posts}.
   */
  public static final RowKeyCodec KEY = new RowKeyCodec("Post", List.of(
      new RowKeyCodec.Component("id", RowKeyCodec.Kind.STRING, false, false, null)));

  /**
   * The qualifiers of the non-key columns, in the order of {@link #cells} and of the cells {@link #fromRow} reads.
   */
  public static final List<String> COLUMNS = List.of("name", "summary", "~recent_comments");

  private HBasePostMapper() {
  }

  /**
   * The key values of {@code entity}, stored form, in key order.
   */
  public static List<Object> key(Post entity) {
    return Arrays.asList(
            entity.id());
  }

  /**
   * The non-key values of {@code entity}, stored form, in {@link #COLUMNS} order.
   */
  public static List<Object> cells(Post entity) {
    return Arrays.asList(
            entity.name(),
            entity.summary(),
            Conversions.list(entity.recentComments(), e1 -> commentToStored(e1)));
  }

  /**
   * The row key of {@code entity} (without a salt byte): the bytes of {@code KEY.encode(key(entity))}, with no value
   * list.
   */
  public static byte[] rowKey(Post entity) {
    String key0 = entity.id();
    return KEY.writer((key0 == null ? 0 : key0.length()))
            .string(key0)
            .toKey();
  }

  /**
   * An entity from its row key (from {@code offset}, after any salt byte) and its non-key values, stored form (absent
   * cells: null), in {@link #COLUMNS} order.
   */
  public static Post fromRow(byte[] row, int offset, List<Object> cells) {
    KeyReader reader = KEY.reader(row, offset);
    String key0 = reader.string();
    reader.end();
    return new Post(
            (String) key0,
            (String) cells.get(0),
            (String) cells.get(1),
            HBaseValues.list(cells.get(2), element -> commentFromStored(element)));
  }

  private static List<Object> commentToStored(Comment element) {
    return element == null ? null : Arrays.asList(element.postId(), element.bucket(), element.seq(), element.author(),
        element.comment());
  }

  private static Comment commentFromStored(Object stored) {
    if (stored == null) {
      return null;
    }
    return new Comment((String) HBaseValues.field(stored, 0), HBaseValues.orDefault(HBaseValues.field(stored, 1), 0L),
        HBaseValues.orDefault(HBaseValues.field(stored, 2), 0L), (String) HBaseValues.field(stored, 3),
        (String) HBaseValues.field(stored, 4));
  }

  /**
   * The {@code recentComments} list a cell holds, for the compare-and-set that keeps it.
   */
  public static List<Comment> recentCommentsFromCell(byte[] cell) {
    return HBaseValues.list(HBaseValues.decode(cell), element -> commentFromStored(element));
  }

  /**
   * The cell holding {@code value} as the {@code recentComments} list.
   */
  public static byte[] recentCommentsToCell(List<Comment> value) {
    return HBaseValues.encode(Conversions.list(value, e1 -> commentToStored(e1)));
  }
}
