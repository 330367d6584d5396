package io.denorm.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PagingState;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.StatementBuilder;
import io.denorm.InvalidCursorException;
import io.denorm.Page;
import io.denorm.PageRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The statements and reads of every generated Cassandra DAO ({@link CassandraDaoBase}): the session
 * and the keyspace, statement preparation and execution with the DAO's {@link StatementOptions},
 * the reads a generated finder only calls into (one row, every row within the list limit, lazy
 * streams, pages, bucket walks, counts, application-side joins) and the wait for the driver's futures.
 */
public abstract class CassandraReadBase {

  /** The placeholder generated CQL uses where the keyspace's name goes. */
  public static final String KEYSPACE_PLACEHOLDER = "{keyspace}";

  private final CqlSession session;
  private final CqlIdentifier keyspace;
  private volatile StatementOptions options = StatementOptions.DEFAULTS;

  /** See {@link CassandraDaoBase}'s constructors. */
  CassandraReadBase(CqlSession session, String keyspace) {
    this.session = Objects.requireNonNull(session, "session");
    Objects.requireNonNull(keyspace, "keyspace");
    if (keyspace.isBlank()) {
      throw new IllegalArgumentException("keyspace name is blank");
    }
    this.keyspace = CqlIdentifier.fromInternal(keyspace);
  }

  /**
   * The options every statement of this DAO carries unless it sets them itself (by default {@link
   * StatementOptions#DEFAULTS}: {@code LOCAL_QUORUM}, {@code LOCAL_SERIAL}). A DAO is cheap to
   * build (statements are prepared once per session), so a second instance with other options
   * serves calls that need them.
   */
  public final void setStatementOptions(StatementOptions options) {
    this.options = Objects.requireNonNull(options, "options");
  }

  public final StatementOptions statementOptions() {
    return options;
  }

  final io.denorm.ListLimit listLimit = new io.denorm.ListLimit();

  /** See {@link io.denorm.ListLimit}: the most rows a List finder of this DAO reads (default 100,000). */
  public final void setMaxListRows(int rows) {
    listLimit.set(rows);
  }

  /** Fails once {@code rows} exceeds this DAO's {@link #setMaxListRows limit} for a List finder of {@code statement}. */
  final void requireListable(int rows, com.datastax.oss.driver.api.core.cql.Statement<?> statement) {
    if (rows > listLimit.max()) {
      listLimit.require(rows, statement instanceof BoundStatement b ? b.getPreparedStatement().getQuery() : String.valueOf(statement));
    }
  }

  /** Sends {@code statement} with this DAO's options: every statement of the DAO and its stores goes through here. */
  public final CompletionStage<AsyncResultSet> executeAsync(com.datastax.oss.driver.api.core.cql.Statement<?> statement) {
    return session.executeAsync(withOptions(statement));
  }

  public final com.datastax.oss.driver.api.core.cql.ResultSet execute(com.datastax.oss.driver.api.core.cql.Statement<?> statement) {
    return session.execute(withOptions(statement));
  }

  /**
   * {@code statement} with this DAO's options ({@link StatementOptions#applyTo(com.datastax.oss.driver.api.core.cql.Statement)}).
   * The driver keeps no timeout on a batch, so a batch of a DAO with a timeout is sent with an
   * execution profile that has it as its request timeout: the profile the batch names (or the
   * default one), derived again only when the options or the name differ from the last batch's. A
   * batch that carries a profile object of its own is sent as it is.
   */
  final com.datastax.oss.driver.api.core.cql.Statement<?> withOptions(com.datastax.oss.driver.api.core.cql.Statement<?> statement) {
    StatementOptions o = options;
    com.datastax.oss.driver.api.core.cql.Statement<?> out = o.applyTo(statement);
    if (o.timeout() != null && out instanceof com.datastax.oss.driver.api.core.cql.BatchStatement && out.getExecutionProfile() == null) {
      out = out.setExecutionProfile(batchProfile(o, out.getExecutionProfileName()));
    }
    return out;
  }

  /**
   * {@code builder} with this DAO's options set ({@link StatementOptions#applyTo(StatementBuilder)}),
   * for a new builder or one of a statement that sets none of its own. A batch of a DAO with a
   * timeout also gets a profile that carries it, derived from the profile the options name (or the
   * default one), replacing any the builder had; the batch is then not copied for it when it is sent.
   */
  final <B extends StatementBuilder<B, ?>> B withOptions(B builder) {
    StatementOptions o = options;
    B out = o.applyTo(builder);
    if (o.timeout() != null && out instanceof com.datastax.oss.driver.api.core.cql.BatchStatementBuilder) {
      out = out.setExecutionProfile(batchProfile(o, o.executionProfile()));
    }
    return out;
  }

  /** The profile of a batch's timeout: options, the profile's name (null: the default one), and the profile derived. */
  private record BatchProfile(StatementOptions options, String name, com.datastax.oss.driver.api.core.config.DriverExecutionProfile profile) {}

  private volatile BatchProfile batchProfile;

  private com.datastax.oss.driver.api.core.config.DriverExecutionProfile batchProfile(StatementOptions o, String name) {
    BatchProfile known = batchProfile;
    if (known != null && known.options() == o && Objects.equals(known.name(), name)) {
      return known.profile();
    }
    com.datastax.oss.driver.api.core.config.DriverConfig config = session.getContext().getConfig();
    com.datastax.oss.driver.api.core.config.DriverExecutionProfile base = name == null ? config.getDefaultProfile() : config.getProfile(name);
    BatchProfile made = new BatchProfile(o, name,
        base.withDuration(com.datastax.oss.driver.api.core.config.DefaultDriverOption.REQUEST_TIMEOUT, o.timeout()));
    batchProfile = made;
    return made.profile();
  }

  /** The level of this DAO's serial reads: its serial consistency, {@code LOCAL_SERIAL} when that is left to the session. */
  final com.datastax.oss.driver.api.core.ConsistencyLevel serialConsistency() {
    StatementOptions o = options;
    return o.serialConsistency() != null ? o.serialConsistency() : com.datastax.oss.driver.api.core.DefaultConsistencyLevel.LOCAL_SERIAL;
  }

  public final CqlSession session() {
    return session;
  }

  public final CqlIdentifier keyspace() {
    return keyspace;
  }

  /**
   * A statement prepared once, on first use. {@code cqlTemplate} names tables as {@code
   * {keyspace}.table}; the keyspace is inserted as a quoted identifier, never a value.
   */
  protected final PreparedCql prepare(String cqlTemplate) {
    if (!cqlTemplate.contains(KEYSPACE_PLACEHOLDER)) {
      throw new IllegalArgumentException("CQL template names no keyspace: " + cqlTemplate);
    }
    return new PreparedCql(session, cqlTemplate.replace(KEYSPACE_PLACEHOLDER, keyspace.asCql(true)));
  }

  /** Binds {@code values} to {@code ps} in order, each by the CQL type of its marker. */
  protected final BoundStatement bindValues(PreparedStatement ps, List<Object> values) {
    return GenericBinding.bind(session.getContext().getCodecRegistry(), ps.boundStatementBuilder(), ps, 0, values).build();
  }

  /** Looks up a master row by its primary key values (as index rows hold them). */
  protected final <E> Function<List<Object>, CompletionStage<Optional<E>>> masterLookup(PreparedCql selectByKey, Function<Row, E> mapper) {
    return key -> selectByKey.async().thenCompose(ps -> oneAsync(bindValues(ps, key), mapper));
  }

  /**
   * A page of a bucket walk ({@link io.denorm.BucketWalk}): {@code buckets} selects the parent's
   * bucket numbers from the bucket table between two bounds, in walk order; the walk's buckets lie
   * in {@code [lowest, highest]}, newest first unless {@code ascending}; then {@code bucket}'s rows,
   * bucket after bucket. The bucket list is read lazily, and a resumed walk lists buckets from its
   * cursor's on.
   */
  protected final <T> io.denorm.Page<T> bucketPage(java.util.function.BiFunction<Long, Long, BoundStatement> buckets, long lowest, long highest,
      boolean ascending, java.util.function.LongFunction<BoundStatement> bucket, Function<Row, T> mapper, io.denorm.PageRequest request) {
    return io.denorm.BucketWalk.page(from -> bucketsOf(buckets.apply(from != null && ascending ? Math.max(lowest, from) : lowest,
            from != null && !ascending ? Math.min(highest, from) : highest)),
        (b, r) -> page(bucket.apply(b), mapper, r), request);
  }

  /** Every row of a bucket walk, in walk order. */
  protected final <T> List<T> bucketList(java.util.function.BiFunction<Long, Long, BoundStatement> buckets, long lowest, long highest,
      java.util.function.LongFunction<BoundStatement> bucket, Function<Row, T> mapper) {
    return io.denorm.BucketWalk.list(bucketsOf(buckets.apply(lowest, highest)), b -> list(bucket.apply(b), mapper));
  }

  /** The bucket numbers {@code select} returns, read as they are iterated (the driver pages them). */
  private java.util.Iterator<Long> bucketsOf(BoundStatement select) {
    java.util.Iterator<Row> rows = execute(select).iterator();
    return new java.util.Iterator<>() {
      @Override
      public boolean hasNext() {
        return rows.hasNext();
      }

      @Override
      public Long next() {
        return rows.next().getLong(0);
      }
    };
  }

  /**
   * An application-side join: the rows of another table whose one-column key is among {@code ids},
   * by id, in the order of {@code ids}. {@code selectIn} reads that table {@code WHERE key IN ?};
   * each request carries up to {@link io.denorm.References#BATCH} ids, a few requests in flight.
   */
  protected final <T> CompletionStage<Map<Object, T>> referencesAsync(List<Object> ids, PreparedCql selectIn, Function<Row, T> mapper) {
    return io.denorm.References.fetch(ids, batch -> selectIn.async()
        .thenCompose(ps -> executeAsync(ps.bind(batch)))
        .thenCompose(rs -> allRows(rs, new ArrayList<>()))
        .thenApply(rows -> {
          Map<Object, T> byId = new java.util.HashMap<>();
          rows.forEach(row -> byId.put(row.getObject(0), mapper.apply(row)));
          return byId;
        }));
  }

  protected final <T> Map<Object, T> references(List<Object> ids, PreparedCql selectIn, Function<Row, T> mapper) {
    return join(referencesAsync(ids, selectIn, mapper));
  }

  /** Reads every row of every page of {@code rs}. */
  static CompletionStage<List<Row>> allRows(AsyncResultSet rs, List<Row> into) {
    rs.currentPage().forEach(into::add);
    return rs.hasMorePages() ? rs.fetchNextPage().thenCompose(next -> allRows(next, into)) : CompletableFuture.completedFuture(into);
  }

  /** As above, for a List finder: fails once more rows than {@link #setMaxListRows} were read. */
  final CompletionStage<List<Row>> allRows(AsyncResultSet rs, List<Row> into, BoundStatement statement) {
    rs.currentPage().forEach(into::add);
    requireListable(into.size(), statement);
    return rs.hasMorePages() ? rs.fetchNextPage().thenCompose(next -> allRows(next, into, statement)) : CompletableFuture.completedFuture(into);
  }

  // ---- reads ----------------------------------------------------------------------------------

  protected final <T> Optional<T> one(BoundStatement statement, Function<Row, T> mapper) {
    Row row = execute(statement).one();
    return row == null ? Optional.empty() : Optional.of(mapper.apply(row));
  }

  /** {@link #one(BoundStatement, Function)} of the statement {@code builder} builds, built once with this DAO's options. */
  protected final <T> Optional<T> one(com.datastax.oss.driver.api.core.cql.BoundStatementBuilder builder, Function<Row, T> mapper) {
    return one(withOptions(builder).build(), mapper);
  }

  /** {@link #oneAsync(BoundStatement, Function)} of the statement {@code builder} builds, built once with this DAO's options. */
  protected final <T> CompletionStage<Optional<T>> oneAsync(com.datastax.oss.driver.api.core.cql.BoundStatementBuilder builder, Function<Row, T> mapper) {
    return oneAsync(withOptions(builder).build(), mapper);
  }

  /** {@code countBy…} served by the table it selects from: the one row of a {@code SELECT COUNT(*)}, counted by the server. */
  protected final CompletionStage<Long> countAsync(BoundStatement countSelect) {
    return executeAsync(countSelect).thenApply(rs -> rs.one().getLong(0));
  }

  protected final long count(BoundStatement countSelect) {
    return join(countAsync(countSelect));
  }

  protected final boolean exists(BoundStatement statement) {
    return execute(statement).one() != null;
  }

  protected final CompletionStage<Boolean> existsAsync(BoundStatement statement) {
    return executeAsync(statement).thenApply(rs -> rs.one() != null);
  }

  protected final <T> CompletionStage<Optional<T>> oneAsync(BoundStatement statement, Function<Row, T> mapper) {
    return executeAsync(statement).thenApply(rs -> {
      Row row = rs.one();
      return row == null ? Optional.<T>empty() : Optional.of(mapper.apply(row));
    });
  }

  /** Every row, all pages read before returning. */
  protected final <T> List<T> list(BoundStatement statement, Function<Row, T> mapper) {
    List<T> rows = new ArrayList<>();
    for (Row row : execute(statement)) {
      rows.add(mapper.apply(row));
      requireListable(rows.size(), statement);
    }
    return rows;
  }

  protected final <T> CompletionStage<List<T>> listAsync(BoundStatement statement, Function<Row, T> mapper) {
    List<T> rows = new ArrayList<>();
    return executeAsync(statement).thenCompose(rs -> collect(rs, mapper, rows, statement));
  }

  private <T> CompletionStage<List<T>> collect(AsyncResultSet rs, Function<Row, T> mapper, List<T> into, BoundStatement statement) {
    for (Row row : rs.currentPage()) {
      into.add(mapper.apply(row));
    }
    requireListable(into.size(), statement);
    if (rs.hasMorePages()) {
      return rs.fetchNextPage().thenCompose(next -> collect(next, mapper, into, statement));
    }
    return CompletableFuture.completedFuture(into);
  }

  /**
   * A lazy stream: pages are fetched as the stream is consumed, so a large partition is never held
   * in memory whole. Close the stream (try-with-resources) when it is not read to the end.
   */
  protected final <T> Stream<T> stream(BoundStatement statement, Function<Row, T> mapper) {
    ResultSet rs = execute(statement);
    return StreamSupport.stream(rs.spliterator(), false).map(mapper);
  }

  /** One page of at most {@code request.size()} rows, resuming after the request's cursor. */
  protected final <T> Page<T> page(BoundStatement statement, Function<Row, T> mapper, PageRequest request) {
    return join(pageAsync(statement, mapper, request));
  }

  protected final <T> CompletionStage<Page<T>> pageAsync(BoundStatement statement, Function<Row, T> mapper, PageRequest request) {
    Objects.requireNonNull(request, "page request");
    BoundStatement paged = statement.setPageSize(request.size());
    if (request.cursor() != null) {
      PagingState state;
      try {
        state = PagingState.fromString(request.cursor());
        paged = paged.setPagingState(state, session);
      } catch (IllegalArgumentException e) {
        throw new InvalidCursorException("page cursor does not belong to this query: " + e.getMessage(), e);
      }
    }
    return executeAsync(paged).thenApply(rs -> {
      List<T> content = new ArrayList<>(rs.remaining());
      for (Row row : rs.currentPage()) {
        content.add(mapper.apply(row));
      }
      String next = null;
      if (rs.hasMorePages()) {
        PagingState nextState = rs.getExecutionInfo().getSafePagingState();
        next = nextState == null ? null : nextState.toString();
      }
      return new Page<>(content, next);
    });
  }

  // ---- futures --------------------------------------------------------------------------------

  /** Waits for {@code stage}, rethrowing the driver's or Denorm's own exception as it was. */
  protected static <T> T join(CompletionStage<T> stage) {
    // A driver's exception is copied, to keep the caller's stack in the trace, as the driver's own sync methods do.
    return io.denorm.Futures.join(stage, "Cassandra", "", e -> e instanceof DriverException driver ? driver.copy() : e);
  }
}
