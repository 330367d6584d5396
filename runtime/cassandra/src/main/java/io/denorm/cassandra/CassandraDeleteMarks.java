package io.denorm.cassandra;

import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.ColumnDefinitions;
import com.datastax.oss.driver.api.core.cql.Row;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletionStage;

/**
 * The stamps of recent deletes of indexed rows, one row each in table {@value #TABLE}, kept for
 * {@value #KEEP_SECONDS} seconds. A Cassandra tombstone cannot be read: without these, a save that
 * finds no row would have nothing to stamp above, and when its client's clock is behind the stamp of
 * the delete it follows, its acknowledged write would be hidden by the tombstone. A delete writes its
 * mark before its tombstone; a save that finds no row reads the mark and is stamped above it
 * (docs/consistency.md, "Clocks").
 *
 * <p>A mark is keyed by the master table and the key's serialized values (by column name), read
 * from the statements that read and delete the row, so the generated code passes nothing more.
 */
final class CassandraDeleteMarks {

  static final String TABLE = "denorm_deletes";
  /** Far longer than any clock skew the protocol tolerates (less than the repair grace). */
  static final int KEEP_SECONDS = 3600;

  private final CassandraDaoBase<?> dao;
  private final PreparedCql select;
  private final PreparedCql insert;

  CassandraDeleteMarks(CassandraDaoBase<?> dao) {
    this.dao = dao;
    this.select = dao.prepare("SELECT deleted_at FROM " + CassandraReadBase.KEYSPACE_PLACEHOLDER + "." + TABLE + " WHERE tbl = ? AND key = ?");
    this.insert = dao.prepare("INSERT INTO " + CassandraReadBase.KEYSPACE_PLACEHOLDER + "." + TABLE
        + " (tbl, key, deleted_at) VALUES (?, ?, ?) USING TTL ?");
  }

  /** The stamp of the last delete of the row {@code byKey} selects (by its whole key), or {@link Long#MIN_VALUE} when none is remembered. */
  CompletionStage<Long> deletedAt(BoundStatement byKey) {
    return select.async().thenCompose(ps -> dao.executeAsync(ps.bind(table(byKey), key(byKey)))).thenApply(rs -> {
      Row row = rs.one();
      return row == null || row.isNull(0) ? Long.MIN_VALUE : row.getLong(0);
    });
  }

  /** Remembers that the row {@code delete} removes (by its whole key) is deleted at {@code ts}; written at {@code ts}, so the latest delete's mark wins. */
  CompletionStage<Void> mark(BoundStatement delete, long ts) {
    return insert.async().thenCompose(ps -> dao.writeAsync(ps.bind(table(delete), key(delete), ts, KEEP_SECONDS), ts));
  }

  private static String table(BoundStatement s) {
    ColumnDefinitions vars = s.getPreparedStatement().getVariableDefinitions();
    return vars.get(0).getKeyspace().asInternal() + "." + vars.get(0).getTable().asInternal();
  }

  /** The statement's bound values, ordered by column name, each with its length: the same bytes for the select and the delete of one row. */
  static ByteBuffer key(BoundStatement s) {
    ColumnDefinitions vars = s.getPreparedStatement().getVariableDefinitions();
    Map<String, ByteBuffer> byName = new TreeMap<>();
    int size = 0;
    for (int i = 0; i < vars.size(); i++) {
      ByteBuffer v = s.getBytesUnsafe(i);
      byName.put(vars.get(i).getName().asInternal(), v);
      size += 4 + (v == null ? 0 : v.remaining());
    }
    ByteBuffer out = ByteBuffer.allocate(size);
    for (ByteBuffer v : byName.values()) {
      if (v == null) {
        out.putInt(-1);
      } else {
        out.putInt(v.remaining());
        out.put(v.duplicate());
      }
    }
    return out.flip();
  }
}
