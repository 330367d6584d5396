package io.denorm.examples.trades;

import io.denorm.hbase.HBaseValues;
import io.denorm.hbase.KeySalt;
import io.denorm.index.IndexDefinition;
import io.denorm.index.IndexEntry;
import io.denorm.key.KeyReader;
import io.denorm.key.RowKeyCodec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.annotation.processing.Generated;

/**
 * Maps {@link Trade} to rows of HBase table {@code trades}: row key (symbol, at, tradeId), qualifiers account, price,
 * quantity.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.trades.Trade"
)
public final class HBaseTradeMapper {
  /**
   * The row key of table {@code trades}.
   */
  public static final RowKeyCodec KEY = new RowKeyCodec("Trade", List.of(
      new RowKeyCodec.Component("symbol", RowKeyCodec.Kind.STRING, false, false, null),
      new RowKeyCodec.Component("at", RowKeyCodec.Kind.INSTANT, true, false, null),
      new RowKeyCodec.Component("tradeId", RowKeyCodec.Kind.LONG, false, false, null)));

  /**
   * The qualifiers of the non-key columns, in the order of {@link #cells} and of the cells {@link #fromRow} reads.
   */
  public static final List<String> COLUMNS = List.of("account", "price", "quantity");

  /**
   * Row keys of table {@code trades} start with one of 16 salt buckets, picked by symbol, at.
   */
  public static final KeySalt SALT = KeySalt.of(16, 2);

  /**
   * Index table {@code trades_by_account}: key (account), then the master key.
   */
  public static final IndexDefinition TRADES_BY_ACCOUNT = new IndexDefinition("Trade", "trades_by_account", 1, 3, 0,
      false);

  /**
   * The row key of index table {@code trades_by_account}.
   */
  public static final RowKeyCodec TRADES_BY_ACCOUNT_KEY = new RowKeyCodec("Trade", List.of(
      new RowKeyCodec.Component("account", RowKeyCodec.Kind.STRING, false, false, null),
      new RowKeyCodec.Component("symbol", RowKeyCodec.Kind.STRING, false, false, null),
      new RowKeyCodec.Component("at", RowKeyCodec.Kind.INSTANT, true, false, null),
      new RowKeyCodec.Component("tradeId", RowKeyCodec.Kind.LONG, false, false, null)));

  private HBaseTradeMapper() {
  }

  /**
   * The key values of {@code entity}, stored form, in key order.
   */
  public static List<Object> key(Trade entity) {
    return Arrays.asList(
            entity.symbol(),
            HBaseValues.millis(entity.at()),
            entity.tradeId());
  }

  /**
   * The non-key values of {@code entity}, stored form, in {@link #COLUMNS} order.
   */
  public static List<Object> cells(Trade entity) {
    return Arrays.asList(
            entity.account(),
            entity.price(),
            entity.quantity());
  }

  /**
   * The row key of {@code entity} (without a salt byte): the bytes of {@code KEY.encode(key(entity))}, with no value
   * list.
   */
  public static byte[] rowKey(Trade entity) {
    String key0 = entity.symbol();
    Object key1 = HBaseValues.keyValue(HBaseValues.millis(entity.at()));
    long key2 = entity.tradeId();
    return KEY.writer((key0 == null ? 0 : key0.length()))
            .string(key0)
            .value(key1)
            .longValue(key2)
            .toKey();
  }

  /**
   * An entity from its row key (from {@code offset}, after any salt byte) and its non-key values, stored form (absent
   * cells: null), in {@link #COLUMNS} order.
   */
  public static Trade fromRow(byte[] row, int offset, List<Object> cells) {
    KeyReader reader = KEY.reader(row, offset);
    String key0 = reader.string();
    Object key1 = HBaseValues.storedValue(reader.value());
    long key2 = reader.longValue();
    reader.end();
    return new Trade(
            (String) key0,
            (Instant) key1,
            key2,
            (String) cells.get(0),
            HBaseValues.orDefault(cells.get(1), 0d),
            HBaseValues.orDefault(cells.get(2), 0L));
  }

  /**
   * Every index row {@code entity} needs, values in stored form. A null key value means no row.
   */
  public static List<IndexEntry> indexEntries(Trade entity) {
    List<IndexEntry> entries = new ArrayList<>();
    // trades_by_account
    if (entity.account() != null) {
      entries.add(new IndexEntry(TRADES_BY_ACCOUNT, Arrays.asList(entity.account(), entity.symbol(),
          HBaseValues.millis(entity.at()), entity.tradeId())));
    }
    return entries;
  }
}
