package io.denorm.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.type.codec.TypeCodec;
import com.datastax.oss.driver.api.core.type.codec.registry.CodecRegistry;
import io.denorm.index.IndexDefinition;
import io.denorm.index.IndexEntry;
import io.denorm.index.IndexHit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.stream.Collectors;

/**
 * One index table on Cassandra and the statements the write protocol runs on it. Columns are the
 * index key, the master key and the included columns, then a {@value #MARKER} column whose write
 * time tells when the entry was written (the time a repair deletes it at). Every write of an entry
 * sets the marker false; on a covering index ({@link #covering}) a read that found the row matching
 * its master sets it true at the row's own write time, and a read then trusts the row.
 *
 * <p>The statements are built from the column names (identifiers, quoted where CQL needs it); every
 * value is a bind marker.
 */
public final class CassandraIndexTable {

  /** A regular column every index row has, so that the row has a write time to read. */
  public static final String MARKER = "verified";
  /** The column of a unique row holding the stamp of the operation that last claimed or kept it. */
  public static final String ASSERTED = "asserted_at";

  private final IndexDefinition definition;
  private final String table;
  private final List<String> columns;
  private final CodecRegistry codecs;
  private final CassandraDaoBase<?> dao;
  final PreparedCql insert;
  final PreparedCql delete;
  /** Unique rows: {@code INSERT … IF NOT EXISTS} with the operation's stamp. */
  final PreparedCql claim;
  /** Unique rows: the owner's assertion, {@code IF owner = ? AND asserted_at < ?} (the operation's stamp). */
  final PreparedCql assertOwned;
  /** Unique rows: the owner's assertion past a stamp not lower than its own, {@code IF owner = ? AND asserted_at = ?}. */
  final PreparedCql raiseOwned;
  /** Unique rows: {@code DELETE … IF owner = ? AND asserted_at < ?}. */
  final PreparedCql release;
  /** Unique rows: a new owner, {@code IF owner = ? AND asserted_at = ?} (the holder as read). */
  final PreparedCql takeOver;
  final PreparedCql selectRow;
  /** Trusted rows: the marker set true ({@code UPDATE … SET verified = true}), at the master's write time the verification read. */
  final PreparedCql verify;
  /** Trusted rows: the marker set false, before a write makes the row stale. */
  final PreparedCql unverify;
  /** The entity as a covering index row holds it, read from a row of a finder's select (the index columns, then the marker); null: not covering. */
  volatile java.util.function.Function<Row, ?> covering;
  /** Every row of one token segment: {@code token(partition key) >= ? AND <= ?}. */
  final PreparedCql scan;
  /** Whether the rows are memberships, claimed and released by compare-and-set. */
  private final boolean memberships;
  /** The count the memberships move, or null. */
  volatile CassandraCounter counter;
  /** The inverse side the memberships edit, or null. */
  volatile CassandraInverse inverse;
  /** The master ids of one fed row's memberships. */
  final PreparedCql memberIds;

  CassandraIndexTable(CassandraDaoBase<?> dao, IndexDefinition definition, String table, int partitionColumns, List<String> columns) {
    this(dao, definition, table, partitionColumns, columns, false);
  }

  CassandraIndexTable(CassandraDaoBase<?> dao, IndexDefinition definition, String table, int partitionColumns, List<String> columns,
      boolean memberships) {
    if (columns.size() != definition.valueCount()) {
      throw new IllegalArgumentException("index " + definition.name() + " has " + definition.valueCount() + " values but " + columns.size() + " columns were named");
    }
    this.definition = definition;
    this.dao = dao;
    this.table = table;
    this.columns = List.copyOf(columns);
    this.columnCodecs = new ColumnCodec[columns.size()];
    @SuppressWarnings("unchecked")
    TypeCodec<Object>[] decoders = new TypeCodec[columns.size()];
    this.decoders = decoders;
    this.codecs = dao.session().getContext().getCodecRegistry();
    String t = CassandraReadBase.KEYSPACE_PLACEHOLDER + "." + quote(table);
    String all = columns.stream().map(CassandraIndexTable::quote).collect(Collectors.joining(", "));
    String marks = String.join(", ", Collections.nCopies(columns.size(), "?"));
    String identity = where(columns.subList(0, definition.identityCount()));
    // An expiring entity's index rows expire with it: the DAO binds the TTL (CassandraDaoBase#withTtl).
    this.insert = dao.prepare("INSERT INTO " + t + " (" + all + ", " + MARKER + ") VALUES (" + marks + ", false)"
        + (dao.expiring() ? " USING TTL ?" : ""));
    this.delete = dao.prepare("DELETE FROM " + t + identity);
    // A claimed row is written by lightweight transactions, whose write time is the server's: it is
    // dated by the stamp of the operation that last asserted it instead, on the same clocks as the
    // operations that judge its age.
    String stamp = definition.unique() || memberships ? ASSERTED : "WRITETIME(" + MARKER + ")";
    this.selectRow = dao.prepare("SELECT " + all + ", " + stamp + " FROM " + t + identity);
    this.verify = dao.prepare("UPDATE " + t + " SET " + MARKER + " = true" + identity);
    this.unverify = dao.prepare("UPDATE " + t + " SET " + MARKER + " = false" + identity);
    String token = "token(" + columns.subList(0, partitionColumns).stream().map(CassandraIndexTable::quote).collect(Collectors.joining(", ")) + ")";
    this.scan = dao.prepare("SELECT " + all + ", " + stamp + " FROM " + t + " WHERE " + token + " >= ? AND " + token + " <= ?");
    if (definition.unique() || memberships) {
      // Claimed rows. A unique row's owner is a regular column, compared by every compare-and-set; a
      // membership's master key is part of its identity, so only the stamp is compared.
      List<String> owner = columns.subList(definition.keyCount(), definition.keyCount() + definition.masterKeyCount());
      List<String> included = columns.subList(definition.keyCount() + definition.masterKeyCount(), columns.size());
      String ownerIs = definition.unique() ? owner.stream().map(c -> quote(c) + " = ? AND ").collect(Collectors.joining()) : "";
      String setAsserted = included.stream().map(c -> quote(c) + " = ?, ").collect(Collectors.joining()) + MARKER + " = false, " + ASSERTED + " = ?";
      this.claim = dao.prepare("INSERT INTO " + t + " (" + all + ", " + MARKER + ", " + ASSERTED + ") VALUES (" + marks + ", false, ?) IF NOT EXISTS");
      this.assertOwned = dao.prepare("UPDATE " + t + " SET " + setAsserted + identity + " IF " + ownerIs + ASSERTED + " < ?");
      this.raiseOwned = dao.prepare("UPDATE " + t + " SET " + setAsserted + identity + " IF " + ownerIs + ASSERTED + " = ?");
      this.release = dao.prepare("DELETE FROM " + t + identity + " IF " + ownerIs + ASSERTED + " < ?");
      this.takeOver = !definition.unique() ? null : dao.prepare("UPDATE " + t + " SET "
          + owner.stream().map(c -> quote(c) + " = ?, ").collect(Collectors.joining()) + setAsserted + identity + " IF " + ownerIs + ASSERTED + " = ?");
    } else {
      this.claim = null;
      this.assertOwned = null;
      this.raiseOwned = null;
      this.release = null;
      this.takeOver = null;
    }
    this.memberships = memberships;
    if (memberships) {
      this.memberIds = dao.prepare("SELECT " + quote(columns.get(definition.keyCount())) + " FROM " + t + where(columns.subList(0, 1)));
    } else {
      this.memberIds = null;
    }
  }

  /** Whether this table's rows are memberships (of a count, of an inverse side), claimed and released by compare-and-set. */
  public boolean memberships() {
    return memberships;
  }

  /** What a won claim ({@code +1}) or an applied release ({@code -1}) of {@code e} moves: the count, the inverse side. */
  CompletionStage<Void> effects(IndexEntry e, int delta) {
    Object key = e.indexKey().get(0);
    CompletionStage<Void> count = counter == null ? CompletableFuture.completedFuture(null) : counter.move(key, delta);
    CompletionStage<Void> side = inverse == null ? CompletableFuture.completedFuture(null)
        : inverse.follow(key, e.masterKey().get(0), delta > 0, () -> exists(e));
    return count.thenCombine(side, (a, b) -> null);
  }

  /** Whether the row of {@code e} exists, read at the serial level (an in-flight compare-and-set on it is completed first). */
  private CompletionStage<Boolean> exists(IndexEntry e) {
    return selectRow.async().thenCompose(ps -> dao.executeAsync(bindIdentity(ps, e).setConsistencyLevel(dao.serialConsistency())))
        .thenApply(rs -> rs.one() != null);
  }

  public IndexDefinition definition() {
    return definition;
  }

  public String table() {
    return table;
  }

  public List<String> columns() {
    return columns;
  }

  /** The values of an index row as read by a SELECT of all columns, in column order. */
  public List<Object> values(Row row) {
    List<Object> values = new ArrayList<>(columns.size());
    TypeCodec<Object>[] decoders = this.decoders;
    com.datastax.oss.driver.api.core.ProtocolVersion version = row.protocolVersion();
    for (int i = 0; i < columns.size(); i++) {
      TypeCodec<Object> codec = decoders[i];
      if (codec == null) {
        // A column's type is fixed: its codec (the one getObject would find) is looked up once.
        codec = codecs.codecFor(row.getType(i));
        decoders[i] = codec;
      }
      values.add(codec.decode(row.getBytesUnsafe(i), version));
    }
    return values;
  }

  /** Per column, the codec that decodes its values (the registry's default for the column's type). */
  private final TypeCodec<Object>[] decoders;

  /**
   * Makes this a covering index whose verified rows reads trust: {@code fromRow} reads the entity
   * from a row of its finders' selects (the index columns, then the marker).
   * Only for plain rows (not unique, not memberships) whose columns hold every column of the entity.
   */
  public CassandraIndexTable covering(java.util.function.Function<Row, ?> fromRow) {
    if (definition.unique() || memberships) {
      throw new IllegalStateException(definition.name() + ": claimed rows are not trusted");
    }
    this.covering = java.util.Objects.requireNonNull(fromRow, "fromRow");
    return this;
  }

  /**
   * An index row read by a SELECT of all columns and its stamp (the marker's write time; a claimed
   * row's {@value #ASSERTED}): a row read by its identity or by a scan. A finder's rows are read by
   * {@link #finderHit}.
   */
  public IndexHit hit(Row row) {
    java.util.function.Function<Row, ?> fromRow = covering;
    boolean trusted = fromRow != null && verified(row, columns.size() + 1);
    return new IndexHit(new IndexEntry(definition, values(row)), writeTime(row), trusted ? fromRow.apply(row) : null);
  }

  /**
   * An index row read by a finder: the index columns and, on a covering index, the marker (a
   * verified row carries the entity it holds). The select leaves the marker's write time out (a
   * {@code WRITETIME} selector costs the server about a tenth of a 200-row read); the read side reads
   * the row again for it when a repair or a verification needs it ({@link IndexHit#UNREAD}).
   */
  public IndexHit finderHit(Row row) {
    java.util.function.Function<Row, ?> fromRow = covering;
    boolean trusted = fromRow != null && verified(row, columns.size());
    return new IndexHit(new IndexEntry(definition, values(row)), IndexHit.UNREAD, trusted ? fromRow.apply(row) : null);
  }

  /**
   * The entities that finder rows of a covering index hold, read from the rows alone, when every
   * row is verified; null when one is not (or the index is not trusted), and the rows are then
   * resolved hit by hit. Saves a hit, an entry and a decoded value list per row on a settled index.
   */
  @SuppressWarnings("unchecked")
  <E> List<E> trustedEntities(List<Row> rows) {
    java.util.function.Function<Row, ?> fromRow = covering;
    if (fromRow == null || rows.isEmpty()) {
      return null;
    }
    for (Row row : rows) {
      if (!verified(row, columns.size())) {
        return null;
      }
    }
    List<E> out = new ArrayList<>(rows.size());
    for (Row row : rows) {
      out.add((E) fromRow.apply(row));
    }
    return out;
  }

  /** Whether {@code row} holds the marker at position {@code marker}, set true. */
  private static boolean verified(Row row, int marker) {
    return row.getColumnDefinitions().size() > marker && !row.isNull(marker) && row.getBoolean(marker);
  }

  /** The write time of the row's marker, read as the column after the index columns. */
  public long writeTime(Row row) {
    return row.isNull(columns.size()) ? Long.MIN_VALUE : row.getLong(columns.size());
  }

  BoundStatement bindInsert(PreparedStatement ps, IndexEntry e) {
    return bindColumns(ps.boundStatementBuilder(), e.values()).build();
  }

  BoundStatement bindIdentity(PreparedStatement ps, IndexEntry e) {
    return bindColumns(ps.boundStatementBuilder(), e.identity()).build();
  }

  /** The codec found for one column and the Java class of the value it was found for. */
  private record ColumnCodec(Class<?> javaClass, TypeCodec<Object> codec) {}

  /** Per column, the codec of the last value bound to it (immutable entries: a racing reader sees a whole one or none). */
  private final ColumnCodec[] columnCodecs;

  /**
   * Binds {@code values}, the table's first columns in order, from marker 0 (the insert, and the
   * statements keyed by the identity): each column's codec is looked up once per value class, not
   * once per value.
   */
  @SuppressWarnings("unchecked")
  private BoundStatementBuilder bindColumns(BoundStatementBuilder b, List<Object> values) {
    for (int i = 0; i < values.size(); i++) {
      Object v = values.get(i);
      if (v == null) {
        b = b.setToNull(i);
        continue;
      }
      ColumnCodec known = columnCodecs[i];
      if (known == null || known.javaClass() != v.getClass() || v instanceof java.util.Collection<?> || v instanceof java.util.Map<?, ?>) {
        known = new ColumnCodec(v.getClass(), (TypeCodec<Object>) codecs.codecFor(b.getType(i), v));
        columnCodecs[i] = known;
      }
      b = b.set(i, v, known.codec());
    }
    return b;
  }

  /** A claim: every value, then the operation's stamp. */
  BoundStatement bindClaim(PreparedStatement ps, IndexEntry e, long op) {
    List<Object> values = new ArrayList<>(e.values());
    values.add(op);
    return bind(ps.boundStatementBuilder(), ps, 0, values).build();
  }

  /** An owner's assertion: included values and the stamp set, the identity, then the owner and the stamp compared. */
  BoundStatement bindAssert(PreparedStatement ps, IndexEntry e, long op, long compared) {
    List<Object> values = new ArrayList<>(e.included());
    values.add(op);
    values.addAll(e.identity());
    if (definition.unique()) {
      values.addAll(e.masterKey());
    }
    values.add(compared);
    return bind(ps.boundStatementBuilder(), ps, 0, values).build();
  }

  BoundStatement bindRelease(PreparedStatement ps, IndexEntry e, long before) {
    List<Object> values = new ArrayList<>(e.identity());
    if (definition.unique()) {
      values.addAll(e.masterKey());
    }
    values.add(before);
    return bind(ps.boundStatementBuilder(), ps, 0, values).build();
  }

  /** A take-over: the new owner, included values and stamp set, the identity, then the holder's owner and stamp compared. */
  BoundStatement bindTakeOver(PreparedStatement ps, IndexEntry e, long op, List<Object> holder, long holderOp) {
    List<Object> values = new ArrayList<>(e.masterKey());
    values.addAll(e.included());
    values.add(op);
    values.addAll(e.identity());
    values.addAll(holder);
    values.add(holderOp);
    return bind(ps.boundStatementBuilder(), ps, 0, values).build();
  }

  /**
   * The holder a failed compare-and-set on a unique row returned: its owner and stamp, or null when
   * the row does not exist (the result names no owner column).
   */
  io.denorm.index.IndexStore.Holder holder(Row row, IndexEntry e) {
    if (row == null) {
      return null;
    }
    CqlIdentifier asserted = CqlIdentifier.fromInternal(ASSERTED);
    boolean stamped = row.getColumnDefinitions().contains(asserted) && !row.isNull(asserted);
    long op = stamped ? row.getLong(asserted) : Long.MIN_VALUE;
    if (!definition.unique()) {
      return stamped ? new io.denorm.index.IndexStore.Holder(e.masterKey(), op) : null; // a membership: its own master's, or absent
    }
    List<Object> owner = new ArrayList<>();
    for (int i = definition.keyCount(); i < definition.keyCount() + definition.masterKeyCount(); i++) {
      CqlIdentifier column = CqlIdentifier.fromInternal(columns.get(i));
      if (!row.getColumnDefinitions().contains(column) || row.isNull(column)) {
        return null;
      }
      owner.add(row.getObject(column));
    }
    return new io.denorm.index.IndexStore.Holder(owner, op);
  }

  private BoundStatementBuilder bind(BoundStatementBuilder b, PreparedStatement ps, int from, List<Object> values) {
    return GenericBinding.bind(codecs, b, ps, from, values);
  }

  private static String where(List<String> identity) {
    return " WHERE " + identity.stream().map(c -> quote(c) + " = ?").collect(Collectors.joining(" AND "));
  }

  static String quote(String identifier) {
    return CqlIdentifier.fromInternal(identifier).asCql(true);
  }
}
