package io.denorm.benchmarks;

import io.denorm.key.RowKeyCodec;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
 * splits. The {@code generated} variants are the generated HBase mapper's typed key path ({@code
 * rowKey}, {@code fromRow}: no value list, no boxing), which the DAOs run; the {@code denorm} ones
 * are the codec's list path. The tuples are {@link HBaseRatios.Tuples}, whose construction checks, before anything is
 * measured, that both encodings round-trip every tuple and order every sampled pair alike.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public class RowKeyCodecBenchmark {

  private static final int N = HBaseRatios.Tuples.N;

  /** The tuples of the ratio benchmark, checked there to round-trip and order alike in both codecs. */
  private final HBaseRatios.Tuples shared = new HBaseRatios.Tuples();
  private final RowKeyCodec codec = shared.codec;
  private final Struct struct = shared.struct;
  private final List<?>[] tuples = shared.lists;
  private final Object[][] arrays = shared.arrays;
  private final BenchSample[] samples = shared.samples;
  private final byte[][] denormKeys = new byte[N][];
  private final byte[][] structKeys = new byte[N][];
  private int next;

  @Setup
  public void setup() {
    for (int i = 0; i < N; i++) {
      denormKeys[i] = codec.encode(tuples[i]);
      structKeys[i] = structBytes(arrays[i]);
    }
    next = 0;
  }

  private byte[] structBytes(Object[] t) {
    return HBaseRatios.Tuples.range(struct, t).getBytes();
  }

  @Benchmark
  public BenchSample generatedEncodeDecode() {
    return HBaseBenchSampleMapper.fromRow(HBaseBenchSampleMapper.rowKey(samples[next++ & (N - 1)]), 0, HBaseRatios.Tuples.CELLS);
  }

  @Benchmark
  public byte[] generatedEncode() {
    return HBaseBenchSampleMapper.rowKey(samples[next++ & (N - 1)]);
  }

  @Benchmark
  public BenchSample generatedDecode() {
    return HBaseBenchSampleMapper.fromRow(denormKeys[next++ & (N - 1)], 0, HBaseRatios.Tuples.CELLS);
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
