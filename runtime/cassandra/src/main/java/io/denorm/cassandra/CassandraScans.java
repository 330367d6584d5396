package io.denorm.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import io.denorm.DenormException;
import io.denorm.index.IndexDefinition;
import io.denorm.index.IndexHit;
import io.denorm.index.IndexScans;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

  /** {@code scan} (bound to a token range) over every token segment, page by page. */
  static <T> List<Segment<T>> segments(CassandraDaoBase<?> dao, PreparedCql scan, Function<Row, T> map) {
    requireMurmur3(dao.session());
    List<Segment<T>> out = new ArrayList<>();
    for (long[] range : tokenRanges(SEGMENTS)) {
      out.add(Segment.of("token " + range[0] + ".." + range[1], sink -> {
        BoundStatement statement = scan.sync().bind(range[0], range[1]).setPageSize(500);
        for (Row row : dao.execute(statement)) {
          sink.accept(map.apply(row));
        }
      }));
    }
    return out;
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
