package io.denorm.cassandra;

import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.type.codec.registry.CodecRegistry;
import io.denorm.snippet.RecentList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A {@code @Recent} list column on Cassandra: read with the row's key, replaced by {@code UPDATE …
 * SET c = ? WHERE key = ? IF c = ?} on the value read (an absent or empty list compares as null).
 */
final class CassandraRecentStore<C> implements RecentList.Store<C> {

  private final CassandraDaoBase<?> dao;
  private final CodecRegistry codecs;
  private final Function<Row, List<C>> decode;
  private final BiFunction<BoundStatementBuilder, List<C>, BoundStatementBuilder> bind;
  private final PreparedCql read;
  private final PreparedCql replace;
  private final BiFunction<Object, Integer, CompletionStage<List<C>>> newest;

  CassandraRecentStore(CassandraDaoBase<?> dao, String table, String keyColumn, String column, Function<Row, List<C>> decode,
      BiFunction<BoundStatementBuilder, List<C>, BoundStatementBuilder> bind, BiFunction<Object, Integer, CompletionStage<List<C>>> newest) {
    this.dao = dao;
    this.codecs = dao.session().getContext().getCodecRegistry();
    this.decode = decode;
    this.bind = bind;
    this.newest = newest;
    String t = CassandraReadBase.KEYSPACE_PLACEHOLDER + "." + CassandraIndexTable.quote(table);
    String c = CassandraIndexTable.quote(column);
    String k = CassandraIndexTable.quote(keyColumn);
    this.read = dao.prepare("SELECT " + c + ", " + k + " FROM " + t + " WHERE " + k + " = ?");
    this.replace = dao.prepare("UPDATE " + t + " SET " + c + " = ? WHERE " + k + " = ? IF " + c + " = ?");
  }

  @Override
  public CompletionStage<Optional<RecentList.Stored<C>>> read(Object parentId) {
    return read.async().thenCompose(ps -> dao.executeAsync(
            GenericBinding.bind(codecs, ps.boundStatementBuilder(), ps, 0, Arrays.asList(parentId)).build()))
        .thenApply(rs -> {
          Row row = rs.one();
          if (row == null) {
            return Optional.empty();
          }
          boolean absent = row.isNull(0);
          return Optional.of(new RecentList.Stored<>(absent ? null : decode.apply(row), absent ? null : row.getObject(0)));
        });
  }

  @Override
  public CompletionStage<Boolean> replace(Object parentId, Object raw, List<C> next) {
    return replace.async().thenCompose(ps -> {
      BoundStatementBuilder b = bind.apply(ps.boundStatementBuilder(), next);
      b = GenericBinding.bind(codecs, b, ps, 1, Arrays.asList(parentId, raw));
      return dao.executeAsync(b.build());
    }).thenApply(rs -> rs.wasApplied());
  }

  @Override
  public CompletionStage<List<C>> newest(Object parentId, int n) {
    return newest.apply(parentId, n);
  }
}
