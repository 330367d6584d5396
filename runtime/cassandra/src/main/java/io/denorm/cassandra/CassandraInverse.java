package io.denorm.cassandra;

import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.type.codec.registry.CodecRegistry;
import io.denorm.DenormException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * The inverse side of a many-to-many ({@code authors.book_ids}): a set or list column that only
 * lightweight transactions write. Their write times are Paxos ballots, which grow in the order the
 * transactions commit on the row, so the last edit applied is the one that stands whatever the
 * clocks of the clients that sent them (a client-stamped edit from a clock ahead would hide a later
 * one from a clock behind).
 *
 * <p>An edit brings one element to a wanted presence: the column is read at the serial level and
 * changed by {@code UPDATE … SET c = c + ? … IF c = ?} (the value read), again on a lost
 * compare-and-set. Edits of one element caused by one membership can still arrive out of order
 * (the creation's after the release's), so each is followed by a check of the membership row at the
 * serial level and, while the side disagrees with it, by another edit ({@link #follow}).
 */
final class CassandraInverse {

  /** How many times one edit follows a membership that keeps changing before it gives up. */
  private static final int ATTEMPTS = 16;

  private final CassandraDaoBase<?> dao;
  private final CodecRegistry codecs;
  private final boolean list;
  final String table;
  final String keyColumn;
  final String column;
  private final PreparedCql read;
  private final PreparedCql add;
  private final PreparedCql remove;

  CassandraInverse(CassandraDaoBase<?> dao, String table, String keyColumn, String column, boolean list) {
    this.dao = dao;
    this.codecs = dao.session().getContext().getCodecRegistry();
    this.list = list;
    this.table = table;
    this.keyColumn = keyColumn;
    this.column = column;
    String t = CassandraReadBase.KEYSPACE_PLACEHOLDER + "." + CassandraIndexTable.quote(table);
    String c = CassandraIndexTable.quote(column);
    String where = " WHERE " + CassandraIndexTable.quote(keyColumn) + " = ?";
    this.read = dao.prepare("SELECT " + c + " FROM " + t + where);
    this.add = dao.prepare("UPDATE " + t + " SET " + c + " = " + c + " + ?" + where + " IF " + c + " = ?");
    this.remove = dao.prepare("UPDATE " + t + " SET " + c + " = " + c + " - ?" + where + " IF " + c + " = ?");
  }

  CompletionStage<Void> add(Object key, Object element) {
    return set(key, element, true, 1);
  }

  CompletionStage<Void> remove(Object key, Object element) {
    return set(key, element, false, 1);
  }

  /**
   * Brings {@code element} to {@code present} in the side of {@code key}, then keeps it in step with
   * {@code member} (a serial read of the membership that caused the edit): while the two disagree,
   * the side is edited again. Whichever edit commits last was followed by a read of the membership
   * made after it, so the side ends as the membership ends.
   */
  CompletionStage<Void> follow(Object key, Object element, boolean present, Supplier<CompletionStage<Boolean>> member) {
    return set(key, element, present, 1).thenCompose(v -> check(key, element, present, member, 1));
  }

  private CompletionStage<Void> check(Object key, Object element, boolean wanted, Supplier<CompletionStage<Boolean>> member, int round) {
    return member.get().thenCompose(now -> {
      if (now == wanted) {
        return CompletableFuture.completedFuture(null);
      }
      if (round >= ATTEMPTS) {
        return CompletableFuture.failedFuture(new DenormException("inverse side " + table + "." + column + " of " + key
            + " kept changing while " + element + " was brought in step with its membership; verify the index to repair it"));
      }
      return set(key, element, now, 1).thenCompose(v -> check(key, element, now, member, round + 1));
    });
  }

  /** Reads the side at the serial level and, unless {@code element} already has {@code present}, edits it by compare-and-set on the value read. */
  private CompletionStage<Void> set(Object key, Object element, boolean present, int attempt) {
    return current(key).thenCompose(now -> {
      if ((now != null && now.contains(element)) == present) {
        return CompletableFuture.completedFuture(null);
      }
      Object one = list ? List.of(element) : java.util.Set.of(element);
      return (present ? add : remove).async()
          .thenCompose(ps -> dao.executeAsync(GenericBinding.bind(codecs, ps.boundStatementBuilder(), ps, 0, Arrays.asList(one, key, now)).build()))
          .thenCompose(rs -> {
            if (rs.wasApplied()) {
              return CompletableFuture.completedFuture(null);
            }
            if (io.denorm.CasRetry.exhausted(attempt)) {
              return CompletableFuture.failedFuture(io.denorm.CasRetry.gaveUp(new DenormException("inverse side " + table + "." + column + " of " + key
                  + ": " + io.denorm.CasRetry.ATTEMPTS + " compare-and-sets lost to concurrent edits; verify the index to repair it")));
            }
            return io.denorm.CasRetry.pause(attempt, () -> "inverse side " + table + "." + column + " of " + key)
                .thenCompose(x -> set(key, element, present, attempt + 1));
          });
    });
  }

  /** The side as stored (a list, or a set), read at the serial level; null when absent. */
  private CompletionStage<Collection<Object>> current(Object key) {
    return read.async().thenCompose(ps -> dao.executeAsync(GenericBinding.bind(codecs, ps.boundStatementBuilder(), ps, 0, List.of(key)).build()
            .setConsistencyLevel(dao.serialConsistency())))
        .thenApply(rs -> {
          Row row = rs.one();
          if (row == null || row.isNull(0)) {
            return null;
          }
          Collection<?> stored = (Collection<?>) row.getObject(0);
          return list ? new ArrayList<>(stored) : new LinkedHashSet<>(stored);
        });
  }
}
