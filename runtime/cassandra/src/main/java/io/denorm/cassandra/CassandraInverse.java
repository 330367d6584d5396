package io.denorm.cassandra;

import com.datastax.oss.driver.api.core.type.codec.registry.CodecRegistry;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionStage;

/**
 * The inverse side of a many-to-many ({@code authors.book_ids}): a set or list column edited one
 * element at a time, {@code SET c = c + ?} and {@code SET c = c - ?}, each at a fresh timestamp, so
 * that saves of different owning rows never overwrite each other's elements.
 */
final class CassandraInverse {

  private final CassandraDaoBase dao;
  private final CodecRegistry codecs;
  private final boolean list;
  final String table;
  final String keyColumn;
  final String column;
  private final PreparedCql add;
  private final PreparedCql remove;

  CassandraInverse(CassandraDaoBase dao, String table, String keyColumn, String column, boolean list) {
    this.dao = dao;
    this.codecs = dao.session().getContext().getCodecRegistry();
    this.list = list;
    this.table = table;
    this.keyColumn = keyColumn;
    this.column = column;
    String t = CassandraDaoBase.KEYSPACE_PLACEHOLDER + "." + CassandraIndexTable.quote(table);
    String c = CassandraIndexTable.quote(column);
    String where = " WHERE " + CassandraIndexTable.quote(keyColumn) + " = ?";
    this.add = dao.prepare("UPDATE " + t + " SET " + c + " = " + c + " + ?" + where);
    this.remove = dao.prepare("UPDATE " + t + " SET " + c + " = " + c + " - ?" + where);
  }

  CompletionStage<Void> add(Object key, Object element) {
    return edit(add, key, element);
  }

  CompletionStage<Void> remove(Object key, Object element) {
    return edit(remove, key, element);
  }

  private CompletionStage<Void> edit(PreparedCql statement, Object key, Object element) {
    Object one = list ? List.of(element) : Set.of(element);
    return statement.async().thenCompose(ps -> dao.writeAsync(
        GenericBinding.bind(codecs, ps.boundStatementBuilder(), ps, 0, java.util.Arrays.asList(one, key)).build(), dao.clock().next()));
  }
}
