package io.denorm.hbase;

import io.denorm.key.RowKeyCodec;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.CheckAndMutateResult;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A {@code @Count} cell in the counting entity's row, moved by compare-and-set. Its qualifier
 * starts with {@code #} ({@link #PREFIX}): the cell holds a raw 8-byte big-endian long (the form
 * HBase's {@code Increment} keeps), not Denorm's typed encoding, and the entity's own saves never
 * write it.
 */
public final class HBaseCounter {

  /** The first character of a count's qualifier. */
  public static final char PREFIX = '#';

  private final HBaseDaoBase<?> dao;
  final HBaseRowCell cell;
  private final TableName table;
  private final byte[] qualifier;
  /**
   * The cell beside the count holding the timestamp of its last move: every compare-and-set is
   * conditioned on it rather than on the value, which can come back to the one read (a move by +1
   * and one by -1 in between) while a later timestamp now hides the value read.
   */
  private final byte[] stamp;

  HBaseCounter(HBaseDaoBase<?> dao, TableName table, RowKeyCodec key, KeySalt salt, String entity, String qualifier) {
    this.dao = dao;
    this.cell = HBaseRowCell.of(table, key, salt, entity, qualifier, PREFIX, "a count");
    this.table = table;
    this.qualifier = cell.qualifier();
    this.stamp = Bytes.add(this.qualifier, Bytes.toBytes(".at"));
  }

  /** Whether {@code qualifier} names a count cell. */
  static boolean isCount(byte[] qualifier) {
    return HBaseRowCell.marked(qualifier, PREFIX);
  }

  /**
   * The timestamp of a count cell's next value: above the cell read (whose compare-and-set this
   * write is conditioned on), so that a client whose clock is behind the last writer's is not hidden
   * behind it, and not behind this DAO's clock.
   */
  private long above(org.apache.hadoop.hbase.client.Result now) {
    org.apache.hadoop.hbase.Cell current = now.getColumnLatestCell(HBaseDaoBase.FAMILY, qualifier);
    return Math.max(dao.clock().next(), current == null ? 0 : current.getTimestamp() + 1);
  }

  /** A count cell's value; an absent cell is 0. */
  static long value(byte[] cell) {
    return cell == null ? 0L : Bytes.toLong(cell);
  }

  private byte[] row(Object id) {
    return cell.row(id);
  }

  /**
   * Adds {@code delta} by compare-and-set: read, then {@code checkAndMutate} on the value read, again
   * with a fresh read when another move got there first. Not an {@code Increment}: an increment's
   * cell carries the region server's time in milliseconds, and a delete of the row stamped by
   * {@link io.denorm.WriteClock} (microseconds) would hide every later increment.
   */
  CompletionStage<Void> move(Object id, long delta) {
    return move(row(id), delta, 1);
  }

  private CompletionStage<Void> move(byte[] row, long delta, int attempt) {
    return dao.table(table).get(read(row)).thenCompose(now -> {
      byte[] cell = now.getValue(HBaseDaoBase.FAMILY, qualifier);
      return dao.table(table).checkAndMutate(write(row, now, value(cell) + delta)).thenCompose(result -> {
        if (result.isSuccess()) {
          return CompletableFuture.<Void>completedFuture(null);
        }
        if (io.denorm.CasRetry.exhausted(attempt)) {
          return CompletableFuture.<Void>failedFuture(io.denorm.CasRetry.gaveUp(new io.denorm.DenormException("count " + this.cell.name()
              + " not moved by " + delta + ": " + io.denorm.CasRetry.ATTEMPTS + " compare-and-sets lost to concurrent moves; rebuild the counts to repair it")));
        }
        return io.denorm.CasRetry.pause(attempt, () -> "count " + this.cell.name() + " moved by " + delta)
            .thenCompose(x -> move(row, delta, attempt + 1));
      });
    });
  }

  /** Sets the count of {@code id} to {@code value} if it is still {@code stored}; completes with whether it was. */
  CompletionStage<Boolean> set(Object id, long stored, long value) {
    byte[] row = row(id);
    return dao.table(table).get(read(row)).thenCompose(now -> {
      if (value(now.getValue(HBaseDaoBase.FAMILY, qualifier)) != stored) {
        return CompletableFuture.completedFuture(false);
      }
      return dao.table(table).checkAndMutate(write(row, now, value)).thenApply(CheckAndMutateResult::isSuccess);
    });
  }

  private Get read(byte[] row) {
    return new Get(row).addColumn(HBaseDaoBase.FAMILY, qualifier).addColumn(HBaseDaoBase.FAMILY, stamp);
  }

  /**
   * The count set to {@code value} with its stamp, if the row is still as {@code now} read it: its
   * stamp unchanged, or, for a count written before stamps were kept, its value; absent, absent.
   */
  private CheckAndMutate write(byte[] row, org.apache.hadoop.hbase.client.Result now, long value) {
    long ts = above(now);
    Put put = dao.durable(new Put(row)).addColumn(HBaseDaoBase.FAMILY, qualifier, ts, Bytes.toBytes(value))
        .addColumn(HBaseDaoBase.FAMILY, stamp, ts, Bytes.toBytes(ts));
    byte[] cell = now.getValue(HBaseDaoBase.FAMILY, qualifier);
    byte[] stamped = now.getValue(HBaseDaoBase.FAMILY, stamp);
    CheckAndMutate.Builder check = CheckAndMutate.newBuilder(row);
    if (stamped != null) {
      return check.ifEquals(HBaseDaoBase.FAMILY, stamp, stamped).build(put);
    }
    return cell == null ? check.ifNotExists(HBaseDaoBase.FAMILY, stamp).build(put) : check.ifEquals(HBaseDaoBase.FAMILY, qualifier, cell).build(put);
  }
}
