package io.denorm.hbase;

import io.denorm.key.RowKeyCodec;
import io.denorm.snippet.RecentList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.CheckAndMutateResult;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;

/**
 * A {@code @Recent} list cell on HBase (qualifier starting with {@code ~}: written by the child's
 * saves, never by the parent's): read with the parent row, replaced by {@code checkAndMutate} on the
 * cell's bytes as read (or on its absence).
 */
final class HBaseRecentStore<C> implements RecentList.Store<C> {

  /** The first character of a recent list's qualifier. */
  static final char PREFIX = '~';

  private final HBaseDaoBase<?> dao;
  private final HBaseRowCell cell;
  private final TableName table;
  private final byte[] qualifier;
  private final Function<byte[], List<C>> decode;
  private final Function<List<C>, byte[]> encode;
  private final BiFunction<Object, Integer, CompletionStage<List<C>>> newest;

  HBaseRecentStore(HBaseDaoBase<?> dao, TableName table, RowKeyCodec key, KeySalt salt, String entity, String qualifier,
      Function<byte[], List<C>> decode, Function<List<C>, byte[]> encode, BiFunction<Object, Integer, CompletionStage<List<C>>> newest) {
    this.dao = dao;
    this.cell = HBaseRowCell.of(table, key, salt, entity, qualifier, PREFIX, "a recent list");
    this.table = table;
    this.qualifier = cell.qualifier();
    this.decode = decode;
    this.encode = encode;
    this.newest = newest;
  }

  static boolean isRecent(byte[] qualifier) {
    return HBaseRowCell.marked(qualifier, PREFIX);
  }

  private byte[] row(Object parentId) {
    return cell.row(parentId);
  }

  @Override
  public CompletionStage<Optional<RecentList.Stored<C>>> read(Object parentId) {
    return dao.table(table).get(new Get(row(parentId)).addFamily(HBaseDaoBase.FAMILY)).thenApply(r -> {
      if (r == null || r.isEmpty()) {
        return Optional.empty();
      }
      byte[] cell = r.getValue(HBaseDaoBase.FAMILY, qualifier);
      return Optional.of(new RecentList.Stored<>(cell == null ? null : decode.apply(cell), cell));
    });
  }

  @Override
  public CompletionStage<Boolean> replace(Object parentId, Object raw, List<C> next) {
    byte[] row = row(parentId);
    Put put = dao.durable(new Put(row)).addColumn(HBaseDaoBase.FAMILY, qualifier, dao.clock().next(), encode.apply(next));
    CheckAndMutate.Builder check = CheckAndMutate.newBuilder(row);
    CheckAndMutate cas = raw == null ? check.ifNotExists(HBaseDaoBase.FAMILY, qualifier).build(put)
        : check.ifEquals(HBaseDaoBase.FAMILY, qualifier, (byte[]) raw).build(put);
    return dao.table(table).checkAndMutate(cas).thenApply(CheckAndMutateResult::isSuccess);
  }

  @Override
  public CompletionStage<List<C>> newest(Object parentId, int n) {
    return newest.apply(parentId, n);
  }
}
