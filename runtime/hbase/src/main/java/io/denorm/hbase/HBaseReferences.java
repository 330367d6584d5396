package io.denorm.hbase;

import io.denorm.References;
import io.denorm.key.RowKeyCodec;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Get;

/**
 * The rows of another entity's table that a {@code @Reference} field points at, read for an
 * application-side join: each batch of ids is one multi-get ({@code AsyncTable.getAll}), a few
 * batches in flight (see {@link References}).
 *
 * @param <T> the referenced entity
 */
public final class HBaseReferences<T> {

  /** The table, opened per read from the DAO's handles: a DAO given other attributes later (a timeout) reads with them. */
  private final java.util.function.Supplier<AsyncTable<?>> table;
  private final RowKeyCodec key;
  private final KeySalt salt;
  private final String entity;
  private final byte[][] qualifiers;
  private final RowReader<T> fromRow;

  HBaseReferences(java.util.function.Supplier<AsyncTable<?>> table, String entity, RowKeyCodec key, KeySalt salt, List<String> columns,
      RowReader<T> fromRow) {
    this.table = table;
    this.entity = entity;
    this.key = key;
    this.salt = salt;
    this.qualifiers = columns.stream().map(c -> c.getBytes(StandardCharsets.UTF_8)).toArray(byte[][]::new);
    this.fromRow = fromRow;
  }

  /** The referenced rows of {@code ids} (stored form), by id, in the order of {@code ids}; missing ones absent. */
  public CompletionStage<Map<Object, T>> load(List<Object> ids) {
    return References.fetch(ids, batch -> {
      List<Get> gets = new ArrayList<>(batch.size());
      for (Object id : batch) {
        gets.add(new Get(salt.row(key, List.of(id), entity)).addFamily(HBaseDaoBase.FAMILY));
      }
      return table.get().getAll(gets).thenApply(results -> {
        Map<Object, T> byId = new HashMap<>();
        for (int i = 0; i < results.size(); i++) { // getAll answers in the order of the gets
          T row = HBaseRows.entity(results.get(i), salt, qualifiers, fromRow);
          if (row != null) {
            byId.put(batch.get(i), row); // the id as the caller gave it, not decoded from the row key again
          }
        }
        return byId;
      });
    });
  }
}
