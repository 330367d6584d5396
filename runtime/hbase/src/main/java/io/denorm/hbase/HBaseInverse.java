package io.denorm.hbase;

import io.denorm.WriteClock;
import io.denorm.key.RowKeyCodec;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.NavigableMap;
import java.util.concurrent.CompletionStage;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;

/**
 * The inverse side of a many-to-many in the other entity's row ({@code authors}, {@code
 * @book_ids}): one cell per element, qualifier {@code @field}, a zero byte, then the element's
 * encoding, so that adding or removing one element is one cell written or deleted and concurrent
 * edits of different elements never overwrite each other. The entity's own saves never write them.
 */
public final class HBaseInverse {

  /** The first character of an inverse side's qualifier. */
  public static final char PREFIX = '@';

  private final HBaseDaoBase<?> dao;
  private final TableName table;
  private final RowKeyCodec key;
  private final KeySalt salt;
  private final String entity;
  private final byte[] qualifier;

  HBaseInverse(HBaseDaoBase<?> dao, TableName table, RowKeyCodec key, KeySalt salt, String entity, String qualifier) {
    if (qualifier.isEmpty() || qualifier.charAt(0) != PREFIX) {
      throw new IllegalArgumentException("an inverse side's qualifier starts with " + PREFIX + ": " + qualifier);
    }
    this.dao = dao;
    this.table = table;
    this.key = key;
    this.salt = salt;
    this.entity = entity;
    this.qualifier = qualifier.getBytes(StandardCharsets.UTF_8);
  }

  static boolean isInverse(byte[] qualifier) {
    return qualifier.length > 0 && qualifier[0] == PREFIX;
  }

  /** The cell qualifier of {@code element}: the field's qualifier, a zero byte, the element's encoding. */
  static byte[] cell(byte[] qualifier, Object element) {
    byte[] value = HBaseValues.encode(element);
    byte[] q = Arrays.copyOf(qualifier, qualifier.length + 1 + value.length);
    System.arraycopy(value, 0, q, qualifier.length + 1, value.length);
    return q;
  }

  /** The elements a row holds under {@code qualifier}, in qualifier order; null when it holds none (as an empty collection reads). */
  static List<Object> elements(Result r, byte[] qualifier) {
    NavigableMap<byte[], byte[]> family = r.getFamilyMap(HBaseDaoBase.FAMILY);
    if (family == null) {
      return null;
    }
    byte[] from = Arrays.copyOf(qualifier, qualifier.length + 1);
    byte[] to = Arrays.copyOf(qualifier, qualifier.length + 1);
    to[qualifier.length] = 1;
    List<Object> out = new ArrayList<>();
    for (byte[] q : family.subMap(from, true, to, false).keySet()) {
      out.add(HBaseValues.decode(Arrays.copyOfRange(q, qualifier.length + 1, q.length)));
    }
    return out.isEmpty() ? null : out;
  }

  /** Every row of the table with its side, one segment per region; an absent side is empty. */
  List<io.denorm.index.IndexScans.Segment<io.denorm.index.IndexStore.InverseRow>> rows() {
    List<org.apache.hadoop.hbase.HRegionLocation> regions = HBaseDaoBase.join(dao.connection().getRegionLocator(table).getAllRegionLocations());
    List<io.denorm.index.IndexScans.Segment<io.denorm.index.IndexStore.InverseRow>> out = new ArrayList<>(regions.size());
    for (org.apache.hadoop.hbase.HRegionLocation region : regions) {
      byte[] start = region.getRegion().getStartKey();
      byte[] end = region.getRegion().getEndKey();
      out.add(sink -> {
        org.apache.hadoop.hbase.client.Scan scan = new org.apache.hadoop.hbase.client.Scan().withStartRow(start).addFamily(HBaseDaoBase.FAMILY)
            .setCaching(500);
        if (end.length > 0) {
          scan.withStopRow(end);
        }
        try (org.apache.hadoop.hbase.client.ResultScanner scanner = dao.table(table).getScanner(scan)) {
          for (Result r : scanner) {
            Object id = HBaseKeys.storedForm(key.decode(r.getRow(), salt.length())).get(0);
            List<Object> ids = elements(r, qualifier);
            sink.accept(new io.denorm.index.IndexStore.InverseRow(id, ids == null ? java.util.Set.of() : new java.util.LinkedHashSet<>(ids)));
          }
        }
      });
    }
    return out;
  }

  /** The master ids of the rows of the membership table {@code members} of {@code id}. */
  CompletionStage<java.util.Set<Object>> memberIds(HBaseIndexTable members, Object id) {
    KeyRange range = KeyRange.prefix(members.identity(), List.of(id));
    org.apache.hadoop.hbase.client.Scan scan = new org.apache.hadoop.hbase.client.Scan().withStartRow(range.start()).addFamily(HBaseDaoBase.FAMILY)
        .setCaching(1000);
    if (range.stop() != null) {
      scan.withStopRow(range.stop());
    }
    return java.util.concurrent.CompletableFuture.supplyAsync(() -> {
      java.util.Set<Object> ids = new java.util.LinkedHashSet<>();
      try (org.apache.hadoop.hbase.client.ResultScanner scanner = dao.table(members.tableName()).getScanner(scan)) {
        for (Result r : scanner) {
          io.denorm.index.IndexHit hit = members.hit(r);
          if (hit != null) {
            ids.add(hit.entry().masterKey().get(0));
          }
        }
      }
      return ids;
    });
  }

  /** Adds {@code element} to the side of the row keyed {@code id}, or removes it, at a fresh timestamp. */
  CompletionStage<Void> edit(Object id, Object element, boolean add) {
    byte[] row = salt.row(key, List.of(id), entity);
    byte[] cell = cell(qualifier, element);
    long ts = WriteClock.shared().next();
    return add
        ? dao.table(table).put(new Put(row).addColumn(HBaseDaoBase.FAMILY, cell, ts, new byte[] {1}))
        : dao.table(table).delete(new Delete(row).addColumns(HBaseDaoBase.FAMILY, cell, ts));
  }
}
