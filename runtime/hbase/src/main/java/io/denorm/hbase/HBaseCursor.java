package io.denorm.hbase;

import io.denorm.InvalidCursorException;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.CRC32;

/**
 * A page cursor on HBase: the last row key returned, tagged with a checksum of the table and scan
 * range, so that a cursor of another query is refused instead of silently reading the wrong rows.
 */
final class HBaseCursor {

  private static final byte VERSION = 1;

  private HBaseCursor() {}

  static String encode(String table, KeyRange range, byte[] lastRow) {
    ByteBuffer b = ByteBuffer.allocate(1 + 8 + lastRow.length);
    b.put(VERSION).putLong(fingerprint(table, range)).put(lastRow);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(b.array());
  }

  /** The row to resume after; throws {@link InvalidCursorException} for a cursor of another query. */
  static byte[] decode(String cursor, String table, KeyRange range) {
    byte[] raw;
    try {
      raw = Base64.getUrlDecoder().decode(cursor);
    } catch (IllegalArgumentException e) {
      throw new InvalidCursorException("page cursor is not a Denorm HBase cursor: " + e.getMessage(), e);
    }
    if (raw.length < 9 || raw[0] != VERSION) {
      throw new InvalidCursorException("page cursor is not a Denorm HBase cursor", null);
    }
    ByteBuffer b = ByteBuffer.wrap(raw);
    b.get();
    long fingerprint = b.getLong();
    byte[] row = new byte[b.remaining()];
    b.get(row);
    if (fingerprint != fingerprint(table, range) || !range.contains(row)) {
      throw new InvalidCursorException("page cursor does not belong to this query", null);
    }
    return row;
  }

  private static long fingerprint(String table, KeyRange range) {
    CRC32 crc = new CRC32();
    crc.update(table.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    crc.update(0);
    crc.update(range.start());
    crc.update(0);
    if (range.stop() != null) {
      crc.update(range.stop());
    }
    return crc.getValue();
  }
}
