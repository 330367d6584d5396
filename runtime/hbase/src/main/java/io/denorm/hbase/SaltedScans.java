package io.denorm.hbase;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;

/**
 * The scans of a {@link KeyRange} ({@link HBaseTableAccess}'s reads): the {@link Scan} of one range
 * or bucket, and the merge of the rows of a salted table's buckets, each scanned apart, back into
 * key order.
 */
final class SaltedScans {

  private SaltedScans() {}

  /**
   * The scan of {@code range} (one bucket's part of it, on a salted table), at most {@code limit}
   * rows (0: all), after the row key {@code resumeAfter} if not null, last row first when {@code reversed}.
   */
  static Scan scan(KeyRange range, int limit, byte[] resumeAfter, boolean reversed) {
    Scan scan = new Scan().addFamily(HBaseTableAccess.FAMILY);
    if (reversed) {
      // From the end of the range down to its start: the start row of a reversed scan is its highest.
      scan.setReversed(true);
      if (resumeAfter != null) {
        scan.withStartRow(resumeAfter, false);
      } else if (range.stop() != null) {
        scan.withStartRow(range.stop(), false);
      }
      scan.withStopRow(range.start(), true);
    } else {
      if (resumeAfter != null) {
        scan.withStartRow(resumeAfter, false);
      } else {
        scan.withStartRow(range.start());
      }
      if (range.stop() != null) {
        scan.withStopRow(range.stop());
      }
    }
    if (limit > 0) {
      scan.setLimit(limit);
      scan.setCaching(Math.min(limit, 1000));
    } else {
      scan.setCaching(500);
    }
    return scan;
  }

  /** The rows of every bucket's scan, in key order (last first when {@code reversed}). */
  static CompletableFuture<List<Result>> merged(List<CompletableFuture<List<Result>>> scans, KeySalt salt, boolean reversed) {
    return CompletableFuture.allOf(scans.toArray(CompletableFuture[]::new)).thenApply(v -> {
      List<Result> merged = new ArrayList<>();
      scans.forEach(f -> merged.addAll(f.join()));
      merged.sort((x, y) -> reversed ? salt.compare(y.getRow(), x.getRow()) : salt.compare(x.getRow(), y.getRow()));
      return merged;
    });
  }

  /** The row key to resume after in the one scan of {@code range}. */
  static byte[] resumeIn(KeySalt salt, KeyRange range, byte[] resumeAfter) {
    if (resumeAfter == null || !salt.salted()) {
      return resumeAfter;
    }
    return KeySalt.inBucket(range.bucket(), resumeAfter);
  }

  /** A k-way merge of per-bucket scanners, each already in key order. */
  static final class MergedRows implements Iterator<Result> {
    private final java.util.PriorityQueue<Map.Entry<Result, Iterator<Result>>> heads;

    MergedRows(List<ResultScanner> scanners, KeySalt salt) {
      heads = new java.util.PriorityQueue<>(scanners.size(), (x, y) -> salt.compare(x.getKey().getRow(), y.getKey().getRow()));
      for (ResultScanner scanner : scanners) {
        advance(scanner.iterator());
      }
    }

    private void advance(Iterator<Result> it) {
      if (it.hasNext()) {
        heads.add(Map.entry(it.next(), it));
      }
    }

    @Override
    public boolean hasNext() {
      return !heads.isEmpty();
    }

    @Override
    public Result next() {
      Map.Entry<Result, Iterator<Result>> head = heads.poll();
      if (head == null) {
        throw new java.util.NoSuchElementException();
      }
      advance(head.getValue());
      return head.getKey();
    }
  }
}
