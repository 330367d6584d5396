package io.denorm.processor.model;

import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * A table a finder can be served by: the master table or an index table, with its key columns.
 *
 * @param index the index stored in this table, or null for the master table
 */
public record TableView(String name, List<KeyColumn> partitionKey, List<KeyColumn> clusteringKey, IndexModel index) {

  public static TableView master(EntityModel entity) {
    return new TableView(entity.table(),
        entity.partitionKey().stream().map(c -> new KeyColumn(c, false, c.order())).toList(),
        entity.clusteringKey().stream().map(c -> new KeyColumn(c, false, c.order())).toList(),
        null);
  }

  public boolean isIndex() {
    return index != null;
  }

  public List<KeyColumn> primaryKey() {
    return Stream.concat(partitionKey.stream(), clusteringKey.stream()).toList();
  }

  /** The key column holding {@code column} (its elements, or the field {@code path} of them), if any. */
  public KeyColumn keyColumn(ColumnModel column, String path) {
    for (KeyColumn k : primaryKey()) {
      if (k.source() == column && Objects.equals(k.path(), path)) {
        return k;
      }
    }
    return null;
  }
}
