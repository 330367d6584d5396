package io.denorm.benchmarks;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.denorm.WriteClock;
import io.denorm.benchmarks.RatioBenchmark.User;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The rivals of {@link RatioBenchmark}, written as a careful engineer writes them with the driver:
 * prepared once, async, one client timestamp per operation; and the tables they write (the
 * materialized views and SAI indexes among them), beside the ones the generated schema created.
 */
final class HandCoded {

  private final CqlSession session;

  HandCoded(CqlSession session) {
    this.session = session;
    this.plainInsert = prepare("INSERT INTO %s.hand_plain_users (id, name, email, state, city) VALUES (?, ?, ?, ?, ?)");
    this.plainSelect = prepare("SELECT id, name, email, state, city FROM %s.hand_plain_users WHERE id = ?");
    this.master = prepare("INSERT INTO %s.hand_users (id, name, email, state, city) VALUES (?, ?, ?, ?, ?)");
    this.byEmail = prepare("INSERT INTO %s.hand_users_by_email (email, id, name, state, city, verified) VALUES (?, ?, ?, ?, ?, false)");
    this.byLocation = prepare("INSERT INTO %s.hand_users_by_location (state, city, id, name, email, verified) VALUES (?, ?, ?, ?, ?, false)");
    this.read = prepare("SELECT email, state, city FROM %s.hand_users WHERE id = ?");
    this.deleteEmail = prepare("DELETE FROM %s.hand_users_by_email WHERE email = ? AND id = ?");
    this.unverifyEmail = prepare("UPDATE %s.hand_users_by_email SET verified = false WHERE email = ? AND id = ?");
    this.unverifyLocation = prepare("UPDATE %s.hand_users_by_location SET verified = false WHERE state = ? AND city = ? AND id = ?");
    this.deleteLocation = prepare("DELETE FROM %s.hand_users_by_location WHERE state = ? AND city = ? AND id = ?");
    this.leanMaster = prepare("INSERT INTO %s.hand_lean_users (id, name, email, state, city) VALUES (?, ?, ?, ?, ?)");
    this.leanByEmail = prepare("INSERT INTO %s.hand_lean_users_by_email (email, id, verified) VALUES (?, ?, false)");
    this.leanByLocation = prepare("INSERT INTO %s.hand_lean_users_by_location (state, city, id, verified) VALUES (?, ?, ?, false)");
    this.mvLeanInsert = prepare("INSERT INTO %s.mv_lean_users (id, name, email, state, city, loc) VALUES (?, ?, ?, ?, ?, ?)");
    this.mvInsert = prepare("INSERT INTO %s.mv_users (id, name, email, state, city, loc) VALUES (?, ?, ?, ?, ?, ?)");
    this.mvEmail = prepare("SELECT id, name, email, state, city FROM %s.mv_users_by_email WHERE email = ? LIMIT 1");
    this.mvLocation = prepare("SELECT id, name, email, state, city FROM %s.mv_users_by_loc WHERE loc = ?");
    this.denormColumns = prepare("SELECT state, city, id, name, email FROM %s.bench_users_by_location WHERE state = ? AND city = ?");
    this.denormLocation = prepare("SELECT state, city, id, name, email, verified FROM %s.bench_users_by_location"
        + " WHERE state = ? AND city = ?");
    this.saiInsert = prepare("INSERT INTO %s.sai_users (id, name, email, state, city) VALUES (?, ?, ?, ?, ?)");
    this.saiEmail = prepare("SELECT id, name, email, state, city FROM %s.sai_users WHERE email = ? LIMIT 1");
    this.saiLocation = prepare("SELECT id, name, email, state, city FROM %s.sai_users WHERE state = ? AND city = ?");
  }

  final PreparedStatement plainInsert;
  final PreparedStatement plainSelect;
  final PreparedStatement master;
  final PreparedStatement byEmail;
  final PreparedStatement byLocation;
  final PreparedStatement read;
  final PreparedStatement deleteEmail;
  final PreparedStatement unverifyEmail;
  final PreparedStatement unverifyLocation;
  final PreparedStatement deleteLocation;
  final PreparedStatement leanMaster;
  final PreparedStatement leanByEmail;
  final PreparedStatement leanByLocation;
  final PreparedStatement mvLeanInsert;
  final PreparedStatement mvInsert;
  final PreparedStatement mvEmail;
  final PreparedStatement mvLocation;
  final PreparedStatement denormColumns;
  /** Denorm's own covering index table, its finder's columns but the write time. */
  /** Denorm's own covering index table, read as its finder reads it. */
  final PreparedStatement denormLocation;
  final PreparedStatement saiInsert;
  final PreparedStatement saiEmail;
  final PreparedStatement saiLocation;

  private PreparedStatement prepare(String cql) {
    return session.prepare(String.format(cql, RatioBenchmark.KS));
  }

  private BoundStatement bound(PreparedStatement ps, long ts, Object... values) {
    var b = ps.boundStatementBuilder(values).setConsistencyLevel(DefaultConsistencyLevel.LOCAL_QUORUM);
    return (ts == Long.MIN_VALUE ? b : b.setQueryTimestamp(ts)).build();
  }

  CompletionStage<AsyncResultSet> plainInsert(User u) {
    return session.executeAsync(bound(plainInsert, WriteClock.shared().next(), u.id(), u.name(), u.email(), u.state(), u.city()));
  }

  void plainInsertSync(User u) {
    session.execute(bound(plainInsert, WriteClock.shared().next(), u.id(), u.name(), u.email(), u.state(), u.city()));
  }

  BoundStatement plainSelect(User u) {
    return bound(plainSelect, Long.MIN_VALUE, u.id());
  }

  CompletionStage<Row> plainRead(User u) {
    return session.executeAsync(plainSelect(u)).thenApply(AsyncResultSet::one);
  }

  CompletionStage<?> insert(User u) {
    long ts = WriteClock.shared().next();
    return all(
        session.executeAsync(bound(byEmail, ts, u.email(), u.id(), u.name(), u.state(), u.city())),
        session.executeAsync(bound(byLocation, ts, u.state(), u.city(), u.id(), u.name(), u.email())),
        session.executeAsync(bound(master, ts, u.id(), u.name(), u.email(), u.state(), u.city())));
  }

  /** The rows of {@link BenchLeanUser}: two plain index rows and the master row, in parallel, one timestamp. */
  CompletionStage<?> leanInsert(User u) {
    long ts = WriteClock.shared().next();
    return all(
        session.executeAsync(bound(leanByEmail, ts, u.email(), u.id())),
        session.executeAsync(bound(leanByLocation, ts, u.state(), u.city(), u.id())),
        session.executeAsync(bound(leanMaster, ts, u.id(), u.name(), u.email(), u.state(), u.city())));
  }

  /** The same writes as {@link #leanInsert}, in the protocol's order: both index rows, then (once they are in) the master row. */
  CompletionStage<?> leanInsertInOrder(User u) {
    long ts = WriteClock.shared().next();
    return all(
            session.executeAsync(bound(leanByEmail, ts, u.email(), u.id())),
            session.executeAsync(bound(leanByLocation, ts, u.state(), u.city(), u.id())))
        .thenCompose(v -> session.executeAsync(bound(leanMaster, ts, u.id(), u.name(), u.email(), u.state(), u.city())));
  }

  /** {@link #leanInsertInOrder} with both index rows in one unlogged batch, as Denorm sends the rows of one step. */
  CompletionStage<?> leanInsertBatched(User u) {
    long ts = WriteClock.shared().next();
    var batch = com.datastax.oss.driver.api.core.cql.BatchStatement.newInstance(com.datastax.oss.driver.api.core.cql.DefaultBatchType.UNLOGGED,
            bound(leanByEmail, Long.MIN_VALUE, u.email(), u.id()), bound(leanByLocation, Long.MIN_VALUE, u.state(), u.city(), u.id()))
        .setQueryTimestamp(ts).setConsistencyLevel(DefaultConsistencyLevel.LOCAL_QUORUM);
    return session.executeAsync(batch)
        .thenCompose(v -> session.executeAsync(bound(leanMaster, ts, u.id(), u.name(), u.email(), u.state(), u.city())));
  }

  /** The three rows of {@link #leanInsert} as one logged batch: one request, applied whole or (after the batch log's replay) not at all. */
  CompletionStage<?> leanInsertLogged(User u) {
    long ts = WriteClock.shared().next();
    var batch = com.datastax.oss.driver.api.core.cql.BatchStatement.newInstance(com.datastax.oss.driver.api.core.cql.DefaultBatchType.LOGGED,
            bound(leanByEmail, Long.MIN_VALUE, u.email(), u.id()), bound(leanByLocation, Long.MIN_VALUE, u.state(), u.city(), u.id()),
            bound(leanMaster, Long.MIN_VALUE, u.id(), u.name(), u.email(), u.state(), u.city()))
        .setQueryTimestamp(ts).setConsistencyLevel(DefaultConsistencyLevel.LOCAL_QUORUM);
    return session.executeAsync(batch);
  }

  CompletionStage<AsyncResultSet> mvLeanInsert(User u) {
    return session.executeAsync(bound(mvLeanInsert, WriteClock.shared().next(), u.id(), u.name(), u.email(), u.state(), u.city(),
        u.state() + "|" + u.city()));
  }

  /**
   * Read the old row, write the new entries and clear the verified mark of the entries only the old
   * row had (the covering rows a read trusts), then the master, then delete those entries; one timestamp.
   */
  CompletionStage<?> move(User u) {
    long ts = WriteClock.shared().next();
    return session.executeAsync(bound(read, Long.MIN_VALUE, u.id())).thenCompose(rs -> {
      Row old = rs.one();
      boolean emailMoved = old != null && !old.getString(0).equals(u.email());
      boolean locationMoved = old != null && !(old.getString(1).equals(u.state()) && old.getString(2).equals(u.city()));
      List<CompletionStage<?>> entries = new ArrayList<>();
      entries.add(session.executeAsync(bound(byEmail, ts, u.email(), u.id(), u.name(), u.state(), u.city())));
      entries.add(session.executeAsync(bound(byLocation, ts, u.state(), u.city(), u.id(), u.name(), u.email())));
      if (emailMoved) {
        entries.add(session.executeAsync(bound(unverifyEmail, ts, old.getString(0), u.id())));
      }
      if (locationMoved) {
        entries.add(session.executeAsync(bound(unverifyLocation, ts, old.getString(1), old.getString(2), u.id())));
      }
      return all(entries.toArray(CompletionStage<?>[]::new))
          .thenCompose(v -> session.executeAsync(bound(master, ts, u.id(), u.name(), u.email(), u.state(), u.city())))
          .thenCompose(v -> {
            List<CompletionStage<?>> deletes = new ArrayList<>();
            if (emailMoved) {
              deletes.add(session.executeAsync(bound(deleteEmail, ts, old.getString(0), u.id())));
            }
            if (locationMoved) {
              deletes.add(session.executeAsync(bound(deleteLocation, ts, old.getString(1), old.getString(2), u.id())));
            }
            return all(deletes.toArray(CompletionStage<?>[]::new));
          });
    });
  }

  CompletionStage<AsyncResultSet> mvInsert(User u) {
    return session.executeAsync(bound(mvInsert, WriteClock.shared().next(), u.id(), u.name(), u.email(), u.state(), u.city(),
        u.state() + "|" + u.city()));
  }

  CompletionStage<AsyncResultSet> saiInsert(User u) {
    return session.executeAsync(bound(saiInsert, WriteClock.shared().next(), u.id(), u.name(), u.email(), u.state(), u.city()));
  }

  BenchUser mvByEmail(User u) {
    Row row = session.execute(bound(mvEmail, Long.MIN_VALUE, u.email())).one();
    return row == null ? null : user(row);
  }

  BenchUser saiByEmail(User u) {
    Row row = session.execute(bound(saiEmail, Long.MIN_VALUE, u.email())).one();
    return row == null ? null : user(row);
  }

  /** The users of a location, read through the view and mapped to objects as an application would (Denorm's finder returns objects). */
  int mvByLocation(User u) {
    return users(session.execute(bound(mvLocation, Long.MIN_VALUE, u.state() + "|" + u.city()))).size();
  }

  /** Denorm's index rows of a location read by hand and mapped by the generated mapper, none checked: the reference for the finder's own work. */
  int denormTableByLocation(User u) {
    List<BenchUser> out = new java.util.ArrayList<>();
    for (Row row : session.execute(bound(denormLocation, Long.MIN_VALUE, u.state(), u.city()))) {
      out.add(CassandraBenchUserMapper.fromBenchUsersByLocationRow(row));
    }
    return out.size();
  }

  /** Denorm's index rows of a location, the entity's columns alone (no write time, no marker), mapped by hand: what the table costs to read. */
  int denormColumnsByLocation(User u) {
    List<BenchUser> out = new java.util.ArrayList<>();
    for (Row row : session.execute(bound(denormColumns, Long.MIN_VALUE, u.state(), u.city()))) {
      out.add(new BenchUser(row.getUuid(2), row.getString(3), row.getString(4), row.getString(0), row.getString(1)));
    }
    return out.size();
  }

  int saiByLocation(User u) {
    return users(session.execute(bound(saiLocation, Long.MIN_VALUE, u.state(), u.city()))).size();
  }

  private static List<BenchUser> users(com.datastax.oss.driver.api.core.cql.ResultSet rows) {
    List<BenchUser> out = new java.util.ArrayList<>();
    for (Row row : rows) {
      out.add(user(row));
    }
    return out;
  }

  /** A row of the rivals' selects ({@code id, name, email, state, city}) as the user it holds. */
  private static BenchUser user(Row row) {
    return new BenchUser(row.getUuid(0), row.getString(1), row.getString(2), row.getString(3), row.getString(4));
  }

  private static CompletionStage<?> all(CompletionStage<?>... stages) {
    CompletableFuture<?>[] futures = new CompletableFuture<?>[stages.length];
    for (int i = 0; i < stages.length; i++) {
      futures[i] = stages[i].toCompletableFuture();
    }
    return CompletableFuture.allOf(futures);
  }

  // ---- schema -----------------------------------------------------------------------------------

  /** The rivals' tables, beside the ones the generated schema created. */
  static void schema(CqlSession session) {
    String k = RatioBenchmark.KS + ".";
    for (String ddl : List.of(
        "CREATE TABLE " + k + "hand_plain_users (id uuid PRIMARY KEY, name text, email text, state text, city text)",
        "CREATE TABLE " + k + "mapper_plain_users (id uuid PRIMARY KEY, name text, email text, state text, city text)",
        "CREATE TABLE " + k + "hand_users (id uuid PRIMARY KEY, name text, email text, state text, city text)",
        "CREATE TABLE " + k + "hand_users_by_email (email text, id uuid, name text, state text, city text, verified boolean, PRIMARY KEY ((email), id))",
        "CREATE TABLE " + k + "hand_users_by_location (state text, city text, id uuid, name text, email text, verified boolean,"
            + " PRIMARY KEY ((state, city), id))",
        "CREATE TABLE " + k + "mv_users (id uuid PRIMARY KEY, name text, email text, state text, city text, loc text)",
        "CREATE MATERIALIZED VIEW " + k + "mv_users_by_email AS SELECT id, name, email, state, city FROM " + k + "mv_users"
            + " WHERE email IS NOT NULL AND id IS NOT NULL PRIMARY KEY ((email), id)",
        "CREATE MATERIALIZED VIEW " + k + "mv_users_by_loc AS SELECT id, name, email, state, city, loc FROM " + k + "mv_users"
            + " WHERE loc IS NOT NULL AND id IS NOT NULL PRIMARY KEY ((loc), id)",
        "CREATE TABLE " + k + "hand_lean_users (id uuid PRIMARY KEY, name text, email text, state text, city text)",
        "CREATE TABLE " + k + "hand_lean_users_by_email (email text, id uuid, verified boolean, PRIMARY KEY ((email), id))",
        "CREATE TABLE " + k + "hand_lean_users_by_location (state text, city text, id uuid, verified boolean, PRIMARY KEY ((state, city), id))",
        "CREATE TABLE " + k + "mv_lean_users (id uuid PRIMARY KEY, name text, email text, state text, city text, loc text)",
        "CREATE MATERIALIZED VIEW " + k + "mv_lean_users_by_email AS SELECT id, email FROM " + k + "mv_lean_users"
            + " WHERE email IS NOT NULL AND id IS NOT NULL PRIMARY KEY ((email), id)",
        "CREATE MATERIALIZED VIEW " + k + "mv_lean_users_by_loc AS SELECT id, loc FROM " + k + "mv_lean_users"
            + " WHERE loc IS NOT NULL AND id IS NOT NULL PRIMARY KEY ((loc), id)",
        "CREATE TABLE " + k + "sai_users (id uuid PRIMARY KEY, name text, email text, state text, city text)",
        "CREATE INDEX sai_users_email ON " + k + "sai_users (email) USING 'sai'",
        "CREATE INDEX sai_users_state ON " + k + "sai_users (state) USING 'sai'",
        "CREATE INDEX sai_users_city ON " + k + "sai_users (city) USING 'sai'")) {
      session.execute(SimpleStatement.newInstance(ddl).setTimeout(Duration.ofMinutes(2)));
    }
    for (int i = 0; i < 600; i++) { // SAI answers only once its indexes are built
      long ready = session.execute(SimpleStatement.newInstance(
          "SELECT count(*) FROM system_views.sai_column_indexes WHERE keyspace_name = ? AND is_queryable = true ALLOW FILTERING", RatioBenchmark.KS)).one().getLong(0);
      if (ready >= 3) {
        return;
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
    throw new IllegalStateException("SAI indexes did not become queryable");
  }
}
