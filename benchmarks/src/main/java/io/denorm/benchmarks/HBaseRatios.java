package io.denorm.benchmarks;

import io.denorm.WriteClock;
import io.denorm.benchmarks.Ratios.Comparison;
import io.denorm.benchmarks.Ratios.Figure;
import io.denorm.benchmarks.Ratios.Kind;
import io.denorm.benchmarks.Ratios.Rival;
import io.denorm.key.RowKeyCodec;
import io.denorm.key.RowKeyCodec.Component;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.types.DataType;
import org.apache.hadoop.hbase.types.OrderedInt32;
import org.apache.hadoop.hbase.types.OrderedInt64;
import org.apache.hadoop.hbase.types.OrderedString;
import org.apache.hadoop.hbase.types.Struct;
import org.apache.hadoop.hbase.util.SimplePositionedMutableByteRange;

/**
 * The HBase goals of {@link RatioBenchmark}: the generated {@code saveAll} against raw {@code
 * BufferedMutator} puts of the very same cells (same row keys, qualifiers, value bytes, marker cell,
 * one WriteClock timestamp per row), each into a table of its own; and the row-key codec's round
 * trip against HBase's own order-preserving {@link Struct} of {@code OrderedBytes} types: the
 * generated mapper's typed {@code rowKey}/{@code fromRow} (what the DAOs run), with the list codec
 * ({@link RowKeyCodec#encode}/{@code decode}) as a reference.
 */
final class HBaseRatios {

  static final String NS = "denorm_ratios";
  static final int ROWS = Integer.getInteger("bench.hbaseRows", 30_000);
  /** Calls of saveAll (and of the mutator) per variant and round, interleaved: each writes ROWS / CALLS rows. */
  static final int CALLS = 5;
  static final int TUPLES = Integer.getInteger("bench.tuples", 2_000_000);
  /** The codec comparison's slices per variant and round. */
  static final int SLICES = 10;
  private static final String MUTATOR_NS = NS + "_raw";

  private final Connection connection;
  private final BenchReadingDao dao;
  private final WriteClock clock = WriteClock.shared();

  HBaseRatios(Connection connection) {
    this.connection = connection;
    io.denorm.hbase.HBaseSchemaManager schemas = io.denorm.hbase.HBaseSchemaManager.of(connection);
    schemas.dropNamespace(MUTATOR_NS);
    schemas.applyFromClasspath(MUTATOR_NS);
    this.dao = new HBaseBenchReadingDao(connection, NS);
  }

  /** Writes through both paths until the JIT and the region server have settled. */
  void warmUp() throws Exception {
    for (int i = 0; i < 4; i++) {
      List<BenchReading> rows = rows("warm" + i, ROWS);
      dao.saveAll(rows);
      mutator(rows);
    }
    Tuples tuples = new Tuples();
    for (int v = 0; v < 3; v++) {
      codecRate(v, 200_000, tuples);
    }
    int n = 4 * ROWS;
    long stored = count(NS), raw = count(MUTATOR_NS);
    if (stored != n || raw != n) {
      throw new IllegalStateException("warm-up rows stored: saveAll " + stored + ", BufferedMutator " + raw + ", expected " + n);
    }
  }

  Comparison saveAll() {
    return new Comparison("hbase.saveAll", "HBase saveAll of " + ROWS + " rows (" + CALLS + " calls)", Kind.RATE, "/s",
        List.of("denorm saveAll", "BufferedMutator"), round -> {
          List<BenchReading> ours = rows("r" + round + "d", ROWS);
          List<BenchReading> theirs = rows("r" + round + "m", ROWS);
          long[] nanos = new long[2];
          for (int s = 0; s < CALLS; s++) {
            for (int k = 0; k < 2; k++) {
              int v = (k + s + round) % 2;
              List<BenchReading> all = v == 0 ? ours : theirs;
              List<BenchReading> slice = all.subList(all.size() * s / CALLS, all.size() * (s + 1) / CALLS);
              long t0 = System.nanoTime();
              if (v == 0) {
                dao.saveAll(slice);
              } else {
                mutator(slice);
              }
              nanos[v] += System.nanoTime() - t0;
            }
          }
          requireStored(ours.get(ROWS - 1), NS);
          requireStored(theirs.get(ROWS - 1), MUTATOR_NS);
          return new Figure[] {Figure.of(ROWS / (nanos[0] / 1e9)), Figure.of(ROWS / (nanos[1] / 1e9))};
        }, List.of(new Rival("mutator", 1, 0.9)));
  }

  Comparison codec() {
    return new Comparison("codec.roundTrip", "row key encode + decode, 4-part tuples", Kind.RATE, "/s",
        List.of("generated rowKey/fromRow", "HBase Struct", "RowKeyCodec lists"), round -> {
          Tuples tuples = new Tuples();
          // 10 slices of each, in turn, which goes first rotating with the slice and the round:
          // a GC pause or a compaction of the servers lands on all alike
          double[] seconds = new double[3];
          int slice = TUPLES / SLICES;
          for (int k = 0; k < 3 * SLICES; k++) {
            int v = (k + k / 3 + round) % 3;
            seconds[v] += slice / codecRate(v, slice, tuples);
          }
          Figure[] figures = new Figure[3];
          for (int v = 0; v < 3; v++) {
            figures[v] = Figure.of(SLICES * slice / seconds[v]);
          }
          return figures;
        }, List.of(new Rival("struct", 1, 2.0), new Rival("lists", 2, Double.NaN)));
  }

  private static List<BenchReading> rows(String tag, int n) {
    return HBaseBulkSaveBenchmark.rows(tag, n);
  }

  /** The rows as the DAO writes them, through a BufferedMutator (its default 2 MB buffer), flushed and closed at the end. */
  private void mutator(List<BenchReading> rows) throws Exception {
    try (BufferedMutator m = connection.getBufferedMutator(TableName.valueOf(MUTATOR_NS, "bench_readings"))) {
      for (BenchReading r : rows) {
        m.mutate(HBaseBulkSaveBenchmark.put(r, clock.next()));
      }
      m.flush();
    }
  }

  private void requireStored(BenchReading r, String ns) throws Exception {
    try (Table t = connection.getTable(TableName.valueOf(ns, "bench_readings"))) {
      Result row = t.get(new org.apache.hadoop.hbase.client.Get(HBaseBenchReadingMapper.KEY.encode(HBaseBenchReadingMapper.key(r))));
      if (row.isEmpty() || row.size() != HBaseBulkSaveBenchmark.put(r, 0).size()) {
        throw new IllegalStateException("row of " + r + " in " + ns + ": " + row);
      }
    }
  }

  private long count(String ns) throws Exception {
    try (Table t = connection.getTable(TableName.valueOf(ns, "bench_readings"));
         var rows = t.getScanner(new org.apache.hadoop.hbase.client.Scan()
             .setFilter(new org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter()).setCaching(1000))) {
      long n = 0;
      for (var ignored : rows) {
        n++;
      }
      return n;
    }
  }

  // ---- the codec ------------------------------------------------------------------------------

  /**
   * The same 1,024 tuples (sensor id, time DESC, sequence, unit) for the three codecs: as entities for the generated
   * mapper, as lists for {@link RowKeyCodec}, as arrays for the Struct.
   */
  static final class Tuples {
    static final int N = 1024;
    /** The non-key cells of a sample as read back: its value absent, so 0. */
    static final List<Object> CELLS = java.util.Collections.singletonList(null);
    final RowKeyCodec codec = new RowKeyCodec("Reading", List.of(Component.of("sensorId", RowKeyCodec.Kind.STRING),
        new Component("at", RowKeyCodec.Kind.LONG, true, false, null), Component.of("seq", RowKeyCodec.Kind.INT),
        Component.of("unit", RowKeyCodec.Kind.STRING)));
    final Struct struct = new Struct(new DataType<?>[] {
        OrderedString.ASCENDING, OrderedInt64.DESCENDING, OrderedInt32.ASCENDING, OrderedString.ASCENDING});
    final BenchSample[] samples = new BenchSample[N];
    final List<?>[] lists = new List<?>[N];
    final Object[][] arrays = new Object[N][];

    Tuples() {
      Random r = new Random(17);
      String[] units = {"C", "kWh", "m3/h", "%RH"};
      for (int i = 0; i < N; i++) {
        Object[] t = {"sensor-" + r.nextInt(100_000), 1_763_600_000_000L + r.nextInt(1_000_000_000), r.nextInt(1000) - 500, units[r.nextInt(units.length)]};
        arrays[i] = t;
        lists[i] = List.of(t);
        samples[i] = new BenchSample((String) t[0], (Long) t[1], (Integer) t[2], (String) t[3], 0);
        // all round-trip every tuple, the generated mapper to the list codec's bytes, and order every sampled pair alike
        byte[] key = codec.encode(lists[i]);
        if (!codec.decode(key).equals(lists[i]) || !Arrays.equals(struct.decode(range(struct, t)), t)
            || !Arrays.equals(HBaseBenchSampleMapper.rowKey(samples[i]), key)
            || !HBaseBenchSampleMapper.fromRow(key, 0, CELLS).equals(samples[i])) {
          throw new IllegalStateException("round trip failed for " + lists[i]);
        }
      }
      for (int i = 0; i < N; i++) {
        int j = (i * 31 + 7) % N;
        int ours = Integer.signum(Arrays.compareUnsigned(codec.encode(lists[i]), codec.encode(lists[j])));
        int theirs = Integer.signum(Arrays.compareUnsigned(range(struct, arrays[i]).getBytes(), range(struct, arrays[j]).getBytes()));
        if (ours != theirs) {
          throw new IllegalStateException("orders differ for " + lists[i] + " and " + lists[j]);
        }
      }
    }

    static SimplePositionedMutableByteRange range(Struct struct, Object[] t) {
      SimplePositionedMutableByteRange range = new SimplePositionedMutableByteRange(struct.encodedLength(t));
      struct.encode(range, t);
      range.setPosition(0);
      return range;
    }
  }

  /**
   * Round trips per second of {@code n} tuples by variant {@code v} (0 the generated mapper, 1 the Struct, 2 the list
   * codec); the results are checked, so none is optimized away.
   */
  static double codecRate(int v, int n, Tuples tuples) {
    long check = 0;
    long t0 = System.nanoTime();
    if (v == 0) {
      for (int i = 0; i < n; i++) {
        BenchSample back = HBaseBenchSampleMapper.fromRow(HBaseBenchSampleMapper.rowKey(tuples.samples[i & (Tuples.N - 1)]), 0, Tuples.CELLS);
        check += back.seq();
      }
    } else if (v == 1) {
      for (int i = 0; i < n; i++) {
        Object[] back = tuples.struct.decode(Tuples.range(tuples.struct, tuples.arrays[i & (Tuples.N - 1)]));
        check += (Integer) back[2];
      }
    } else {
      for (int i = 0; i < n; i++) {
        List<Object> back = tuples.codec.decode(tuples.codec.encode(tuples.lists[i & (Tuples.N - 1)]));
        check += (Integer) back.get(2);
      }
    }
    long nanos = System.nanoTime() - t0;
    long expected = 0;
    for (int i = 0; i < n; i++) {
      expected += (Integer) tuples.arrays[i & (Tuples.N - 1)][2];
    }
    if (check != expected) {
      throw new IllegalStateException("decoded values differ: " + check + " vs " + expected);
    }
    return n / (nanos / 1e9);
  }
}
