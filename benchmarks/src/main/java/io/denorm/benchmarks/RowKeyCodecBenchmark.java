package io.denorm.benchmarks;

import io.denorm.key.RowKeyCodec;
import io.denorm.key.RowKeyCodec.Component;
import io.denorm.key.RowKeyCodec.Kind;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.types.DataType;
import org.apache.hadoop.hbase.types.OrderedInt32;
import org.apache.hadoop.hbase.types.OrderedInt64;
import org.apache.hadoop.hbase.types.OrderedString;
import org.apache.hadoop.hbase.types.Struct;
import org.apache.hadoop.hbase.util.SimplePositionedMutableByteRange;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Denorm's {@link RowKeyCodec} against HBase's own order-preserving encoding, a {@link Struct} of
 * {@code OrderedBytes} types, on the same 4-part tuples (sensor id, time DESC, sequence, unit).
 * Each operation encodes one tuple and decodes it back; the encode-only variants show how the time
 * splits. Setup checks, before anything is measured, that both encodings round-trip every tuple
 * and order every sampled pair alike.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public class RowKeyCodecBenchmark {

  private static final int N = 1024;

  private final RowKeyCodec codec = new RowKeyCodec("Reading", List.of(Component.of("sensorId", Kind.STRING),
      new Component("at", Kind.LONG, true, false, null), Component.of("seq", Kind.INT), Component.of("unit", Kind.STRING)));
  private final Struct struct = new Struct(new DataType<?>[] {
      OrderedString.ASCENDING, OrderedInt64.DESCENDING, OrderedInt32.ASCENDING, OrderedString.ASCENDING});

  private final List<?>[] tuples = new List<?>[N];
  private final Object[][] arrays = new Object[N][];
  private final byte[][] denormKeys = new byte[N][];
  private final byte[][] structKeys = new byte[N][];
  private int next;

  @Setup
  public void setup() {
    Random r = new Random(17);
    String[] units = {"C", "kWh", "m3/h", "%RH"};
    for (int i = 0; i < N; i++) {
      Object[] t = {"sensor-" + r.nextInt(100_000), 1_763_600_000_000L + r.nextInt(1_000_000_000), r.nextInt(1000) - 500, units[r.nextInt(units.length)]};
      arrays[i] = t;
      tuples[i] = List.of(t);
    }
    for (int i = 0; i < N; i++) {
      next = i;
      boolean denormRoundTrips = denormEncodeDecode().equals(tuples[i]);
      next = i;
      if (!denormRoundTrips || !Arrays.equals(structEncodeDecode(), arrays[i])) {
        throw new IllegalStateException("round trip failed for " + tuples[i]);
      }
      int j = (i * 31 + 7) % N;
      int ours = Integer.signum(Arrays.compareUnsigned(codec.encode(tuples[i]), codec.encode(tuples[j])));
      int theirs = Integer.signum(Arrays.compareUnsigned(structBytes(arrays[i]), structBytes(arrays[j])));
      if (ours != theirs) {
        throw new IllegalStateException("orders differ for " + tuples[i] + " and " + tuples[j]);
      }
    }
    for (int i = 0; i < N; i++) {
      denormKeys[i] = codec.encode(tuples[i]);
      structKeys[i] = structBytes(arrays[i]);
    }
    next = 0;
  }

  private byte[] structBytes(Object[] t) {
    SimplePositionedMutableByteRange range = new SimplePositionedMutableByteRange(struct.encodedLength(t));
    struct.encode(range, t);
    return range.getBytes();
  }

  @Benchmark
  public List<Object> denormEncodeDecode() {
    return codec.decode(codec.encode(tuples[next++ & (N - 1)]));
  }

  @Benchmark
  public Object[] structEncodeDecode() {
    Object[] t = arrays[next++ & (N - 1)];
    SimplePositionedMutableByteRange range = new SimplePositionedMutableByteRange(struct.encodedLength(t));
    struct.encode(range, t);
    range.setPosition(0);
    return struct.decode(range);
  }

  @Benchmark
  public byte[] denormEncode() {
    return codec.encode(tuples[next++ & (N - 1)]);
  }

  @Benchmark
  public byte[] structEncode() {
    return structBytes(arrays[next++ & (N - 1)]);
  }

  @Benchmark
  public List<Object> denormDecode() {
    return codec.decode(denormKeys[next++ & (N - 1)]);
  }

  @Benchmark
  public Object[] structDecode() {
    return struct.decode(new SimplePositionedMutableByteRange(structKeys[next++ & (N - 1)]));
  }
}
