package io.denorm.examples.portfolios;

import io.denorm.Conversions;
import io.denorm.hbase.HBaseValues;
import io.denorm.key.KeyReader;
import io.denorm.key.RowKeyCodec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.annotation.processing.Generated;

/**
 * Maps {@link Portfolio} to rows of HBase table {@code portfolios}: row key (owner), qualifiers holdings.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.portfolios.Portfolio"
)
public final class HBasePortfolioMapper {
  /**
   * The row key of table {@code portfolios}.
   */
  public static final RowKeyCodec KEY = new RowKeyCodec("Portfolio", List.of(
      new RowKeyCodec.Component("owner", RowKeyCodec.Kind.STRING, false, false, null)));

  /**
   * The qualifiers of the non-key columns, in the order of {@link #cells} and of the cells {@link #fromRow} reads.
   */
  public static final List<String> COLUMNS = List.of("holdings");

  private HBasePortfolioMapper() {
  }

  /**
   * The key values of {@code entity}, stored form, in key order.
   */
  public static List<Object> key(Portfolio entity) {
    return Arrays.asList(
            entity.owner());
  }

  /**
   * The non-key values of {@code entity}, stored form, in {@link #COLUMNS} order.
   */
  public static List<Object> cells(Portfolio entity) {
    return Arrays.asList(
            Conversions.list(entity.holdings(), e1 -> holdingToStored(e1)));
  }

  /**
   * The row key of {@code entity} (without a salt byte): the bytes of {@code KEY.encode(key(entity))}, with no value
   * list.
   */
  public static byte[] rowKey(Portfolio entity) {
    String key0 = entity.owner();
    return KEY.writer((key0 == null ? 0 : key0.length()))
            .string(key0)
            .toKey();
  }

  /**
   * An entity from its row key (from {@code offset}, after any salt byte) and its non-key values, stored form (absent
   * cells: null), in {@link #COLUMNS} order.
   */
  public static Portfolio fromRow(byte[] row, int offset, List<Object> cells) {
    KeyReader reader = KEY.reader(row, offset);
    String key0 = reader.string();
    reader.end();
    return new Portfolio(
            (String) key0,
            HBaseValues.list(cells.get(0), element -> holdingFromStored(element)));
  }

  private static List<Object> holdingToStored(Holding element) {
    return element == null ? null : Arrays.asList(element.stockId(), element.numberHeld());
  }

  private static Holding holdingFromStored(Object stored) {
    if (stored == null) {
      return null;
    }
    return new Holding((String) HBaseValues.field(stored, 0), HBaseValues.orDefault(HBaseValues.field(stored, 1), 0L));
  }

  /**
   * The Stock ids {@code entity} references through {@code holdings}, in field order, nulls left out.
   */
  public static List<Object> holdingsReferences(Portfolio entity) {
    List<Object> ids = new ArrayList<>();
    if (entity.holdings() != null) {
      for (Holding element : entity.holdings()) {
        if (element != null && element.stockId() != null) {
          ids.add(element.stockId());
        }
      }
    }
    return ids;
  }
}
