package io.denorm.hbase;

import io.denorm.sequence.BlockSequence;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletionStage;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A {@code @Sequence} on HBase: the last reserved id of each sequence is the cell {@code d:n} of
 * the sequence's row (its name, UTF-8) in table {@value #TABLE}; a block is reserved by one {@code
 * Increment} of it, atomic on the region server. The row is never deleted, so the millisecond
 * timestamps of increments never meet Denorm's microsecond deletes.
 */
public final class HBaseSequence extends BlockSequence {

  /** The table holding every sequence of a namespace. */
  public static final String TABLE = "denorm_sequences";

  static final byte[] QUALIFIER = Bytes.toBytes("n");

  private final HBaseDaoBase<?> dao;
  private final TableName table;
  private final byte[] row;

  HBaseSequence(HBaseDaoBase<?> dao, String name, int block) {
    super(name, block);
    this.dao = dao;
    this.table = TableName.valueOf(dao.namespace(), TABLE);
    this.row = name.getBytes(StandardCharsets.UTF_8);
  }

  @Override
  protected CompletionStage<Long> reserve(int size) {
    // The cell holds the last id reserved (0 before the first block): the block is (last - size, last].
    return dao.table(table).increment(dao.durable(new Increment(row)).addColumn(HBaseDaoBase.FAMILY, QUALIFIER, size))
        .thenApply(r -> Bytes.toLong(r.getValue(HBaseDaoBase.FAMILY, QUALIFIER)) - size + 1);
  }
}
