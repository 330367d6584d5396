package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.BulkWriteException;
import io.denorm.examples.readings.Reading;
import io.denorm.examples.readings.ReadingDao;
import io.denorm.testkit.HBaseExtension;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link BulkSaveContract} on a real HBase. */
@ExtendWith(HBaseExtension.class)
class HBaseBulkSaveTest extends BulkSaveContract {

  static Connection client;

  @BeforeAll
  static void open(Connection c) {
    client = c;
  }

  @Override
  Stores.Store store() {
    return Stores.hbase(client);
  }

  /** The client refuses a whole multi-row batch for one cell over its size limit: the rows are then sent one by one, and only that one fails. */
  @Test
  void aRowTheClientRefusesFailsAloneInItsBatch(TestInfo info) {
    ReadingDao dao = store().dao(ReadingDao.class, "bulkr_refused", "Reading");
    Instant start = LocalDate.of(2026, 11, 24).atStartOfDay().toInstant(ZoneOffset.UTC);
    List<Reading> readings = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      readings.add(new Reading("refused", start.plusSeconds(i), i, "C"));
    }
    readings.set(7, new Reading("refused", start.plusSeconds(7), 7, "x".repeat(11 * 1024 * 1024)));
    BulkWriteException failed = assertThrows(BulkWriteException.class, () -> dao.saveAll(readings));
    assertEquals(1, failed.failures().size(), failed.getMessage());
    assertEquals(7, failed.failures().get(0).position());
    assertEquals(29, dao.countBySensorIdAndDay("refused", LocalDate.of(2026, 11, 24)));
    assertTrue(dao.findBySensorIdAndDayAndAt("refused", LocalDate.of(2026, 11, 24), start.plusSeconds(7)).isEmpty());
  }
}
