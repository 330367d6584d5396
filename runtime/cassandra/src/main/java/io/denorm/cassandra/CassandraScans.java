package io.denorm.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.metadata.token.TokenRange;
import com.datastax.oss.driver.internal.core.metadata.token.Murmur3Token;
import io.denorm.DenormException;
import io.denorm.index.IndexDefinition;
import io.denorm.index.IndexHit;
import io.denorm.index.IndexScans;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** Whole-table reads for index maintenance: {@value #SEGMENTS} Murmur3 token ranges per table. */
final class CassandraScans<E> implements IndexScans<E> {

  static final int SEGMENTS = 16;
  private static final String MURMUR3 = "org.apache.cassandra.dht.Murmur3Partitioner";

  private final CassandraDaoBase<?> dao;
  private final Map<String, CassandraIndexTable> tables;
  private final PreparedCql masterScan;
  private final Function<Row, E> mapper;

  CassandraScans(CassandraDaoBase<?> dao, Map<String, CassandraIndexTable> tables, PreparedCql masterScan, Function<Row, E> mapper) {
    this.dao = dao;
    this.tables = tables;
    this.masterScan = masterScan;
    this.mapper = mapper;
  }

  @Override
  public List<Segment<IndexHit>> index(IndexDefinition index) {
    CassandraIndexTable table = tables.get(index.name());
    return segments(dao, table.scan, table::hit);
  }

  @Override
  public List<Segment<E>> master() {
    return segments(dao, masterScan, mapper);
  }

  @Override
  public List<Segment<IndexHit>> index(IndexDefinition index, int segments) {
    CassandraIndexTable table = tables.get(index.name());
    return segments(dao, table.scan, table::hit, ringRanges(dao.session(), segments));
  }

  @Override
  public List<Segment<E>> master(int segments) {
    return segments(dao, masterScan, mapper, ringRanges(dao.session(), segments));
  }

  /**
   * From {@code system.size_estimates}: the partitions the node that answers holds in its primary
   * ranges, scaled by the share of the ring those ranges cover. It counts partitions, so for a table
   * with many rows per partition (an index by a few values) it is a floor on the rows. Cassandra refreshes the table every
   * few minutes, so a new or just-filled table has no estimate (-1).
   */
  @Override
  public long estimatedRows(IndexDefinition index) {
    try {
      return estimatedPartitions(index);
    } catch (RuntimeException e) {
      return -1; // no estimate (no access to the system keyspace, an old server): the caller plans without one
    }
  }

  private long estimatedPartitions(IndexDefinition index) {
    PreparedCql scan = index == null ? masterScan : tables.get(index.name()).scan;
    String table = scan.sync().getResultSetDefinitions().get(0).getTable().asInternal();
    BoundStatement statement = dao.session().prepare(
        "SELECT range_start, range_end, partitions_count FROM system.size_estimates WHERE keyspace_name = ? AND table_name = ?")
        .bind(dao.keyspace().asInternal(), table);
    BigInteger covered = BigInteger.ZERO;
    long partitions = 0;
    for (Row row : dao.session().execute(statement)) {
      BigInteger start = new BigInteger(row.getString("range_start"));
      BigInteger end = new BigInteger(row.getString("range_end"));
      BigInteger width = end.subtract(start);
      covered = covered.add(width.signum() > 0 ? width : width.add(RING));
      partitions += row.getLong("partitions_count");
    }
    if (covered.signum() == 0) {
      return -1;
    }
    return new java.math.BigDecimal(RING).multiply(java.math.BigDecimal.valueOf(partitions))
        .divide(new java.math.BigDecimal(covered), java.math.RoundingMode.HALF_UP).longValue();
  }

  private static final BigInteger RING = BigInteger.ONE.shiftLeft(64);

  /**
   * Closed, disjoint token ranges that cover the ring: the ranges of the driver's token map (one per
   * token of each node), each split evenly so that there are at least {@code n}; equal ranges when
   * the driver has no token map.
   */
  static List<long[]> ringRanges(CqlSession session, int n) {
    requireMurmur3(session);
    Optional<TokenMap> map = session.getMetadata().getTokenMap();
    if (map.isEmpty() || map.get().getTokenRanges().isEmpty()) {
      return tokenRanges(n);
    }
    java.util.Set<TokenRange> ring = map.get().getTokenRanges();
    int split = Math.max(1, (n + ring.size() - 1) / ring.size());
    List<long[]> out = new ArrayList<>();
    for (TokenRange range : ring) {
      for (TokenRange piece : range.splitEvenly(split)) {
        for (TokenRange part : piece.unwrap()) {
          long start = ((Murmur3Token) part.getStart()).getValue();
          long end = ((Murmur3Token) part.getEnd()).getValue();
          if (start == Long.MAX_VALUE) {
            continue; // (MAX, end]: empty, or only the wrap to the minimum token, which no key has
          }
          long lo = start == Long.MIN_VALUE ? Long.MIN_VALUE : start + 1; // (start, end]
          long hi = end == Long.MIN_VALUE ? Long.MAX_VALUE : end; // a range that ends at the minimum token runs to the ring's end
          if (lo <= hi) {
            out.add(new long[] {lo, hi});
          }
        }
      }
    }
    out.sort(java.util.Comparator.comparingLong(r -> r[0]));
    return out;
  }

  /** {@code scan} (bound to a token range) over every token segment, page by page. */
  static <T> List<Segment<T>> segments(CassandraDaoBase<?> dao, PreparedCql scan, Function<Row, T> map) {
    requireMurmur3(dao.session());
    return segments(dao, scan, map, tokenRanges(SEGMENTS));
  }

  /** {@code scan} over each of {@code ranges}, page by page. */
  static <T> List<Segment<T>> segments(CassandraDaoBase<?> dao, PreparedCql scan, Function<Row, T> map, List<long[]> ranges) {
    requireMurmur3(dao.session());
    List<Segment<T>> out = new ArrayList<>();
    for (long[] range : ranges) {
      out.add(segment(dao, scan, map, range[0], range[1]));
    }
    return out;
  }

  /** {@code scan} over the closed token range {@code lo..hi}, named {@code token lo..hi}. */
  static <T> Segment<T> segment(CassandraDaoBase<?> dao, PreparedCql scan, Function<Row, T> map, long lo, long hi) {
    return Segment.of("token " + lo + ".." + hi, sink -> {
      BoundStatement statement = scan.sync().bind(lo, hi).setPageSize(500);
      for (Row row : dao.execute(statement)) {
        sink.accept(map.apply(row));
      }
    });
  }

  /** The segment a name {@code token lo..hi} gives, or null for a name of another form. */
  static <T> Segment<T> named(CassandraDaoBase<?> dao, PreparedCql scan, Function<Row, T> map, String range) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("token (-?\\d+)\\.\\.(-?\\d+)").matcher(range);
    if (!m.matches()) {
      return null;
    }
    requireMurmur3(dao.session());
    return segment(dao, scan, map, Long.parseLong(m.group(1)), Long.parseLong(m.group(2)));
  }

  @Override
  public Segment<IndexHit> indexSegment(IndexDefinition index, String range) {
    CassandraIndexTable table = tables.get(index.name());
    return named(dao, table.scan, table::hit, range);
  }

  @Override
  public Segment<E> masterSegment(String range) {
    return named(dao, masterScan, mapper, range);
  }

  /** Closed, disjoint token ranges that cover the whole Murmur3 ring. */
  static List<long[]> tokenRanges(int n) {
    List<long[]> out = new ArrayList<>(n);
    BigInteger min = BigInteger.valueOf(Long.MIN_VALUE);
    BigInteger width = BigInteger.valueOf(Long.MAX_VALUE).subtract(min).add(BigInteger.ONE).divide(BigInteger.valueOf(n));
    for (int i = 0; i < n; i++) {
      long lo = min.add(width.multiply(BigInteger.valueOf(i))).longValueExact();
      long hi = i == n - 1 ? Long.MAX_VALUE : min.add(width.multiply(BigInteger.valueOf(i + 1))).longValueExact() - 1;
      out.add(new long[] {lo, hi});
    }
    return out;
  }

  private static void requireMurmur3(CqlSession session) {
    String partitioner = session.getMetadata().getTokenMap().map(TokenMap::getPartitionerName).orElse(MURMUR3);
    if (!partitioner.endsWith("Murmur3Partitioner")) {
      throw new DenormException("index maintenance scans token ranges of the Murmur3Partitioner; this cluster uses " + partitioner);
    }
  }
}
