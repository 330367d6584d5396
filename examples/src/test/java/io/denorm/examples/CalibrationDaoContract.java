package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.examples.calibrations.CalibrationDao;
import io.denorm.examples.calibrations.Calibration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A record entity with two clustering columns: every clustering prefix, and ranges after it. Run on each store by its subclasses. */
abstract class CalibrationDaoContract {

  static Stores.Store store;

  static final Instant T = Instant.parse("2026-01-01T00:00:00Z");
  static CalibrationDao dao;

  static void use(Stores.Store s) {
    store = s;
    dao = s.dao(CalibrationDao.class, "calibrations_test", "Calibration");
    for (int version = 1; version <= 4; version++) {
      for (int day = 0; day < 3; day++) {
        dao.save(new Calibration("s1", version, T.plus(day, ChronoUnit.DAYS), version, day, 777));
      }
    }
    dao.save(new Calibration("s2", 1, T, 9, 9, 0));
  }

  private static List<String> keys(List<Calibration> rows) {
    return rows.stream().map(c -> c.version() + "/" + ChronoUnit.DAYS.between(T, c.at())).toList();
  }

  @Test
  void clusteringPrefixesReadInKeyOrder() {
    assertEquals(12, dao.findBySensorId("s1").size());
    assertEquals(List.of("1/0", "1/1", "1/2", "2/0"), keys(dao.findBySensorId("s1")).subList(0, 4));
    assertEquals(List.of("3/0", "3/1", "3/2"), keys(dao.findBySensorIdAndVersion("s1", 3)));
    assertEquals(List.of("3/1", "3/2"), keys(dao.findBySensorIdAndVersionAndAtAfter("s1", 3, T)));
    assertEquals(List.of("2/0", "2/1", "2/2", "3/0", "3/1", "3/2"), keys(dao.findBySensorIdAndVersionBetween("s1", 2, 3)));
  }

  @Test
  void recordReadsBackWithTransientComponentDefaulted() {
    Calibration c = dao.findBySensorIdAndVersionAndAt("s1", 2, T.plus(1, ChronoUnit.DAYS)).orElseThrow();
    assertEquals(new Calibration("s1", 2, T.plus(1, ChronoUnit.DAYS), 2, 1, 0), c);
  }

  @Test
  void deleteByFullKey() {
    dao.save(new Calibration("s3", 1, T, 1, 1, 0));
    assertTrue(dao.deleteBySensorIdAndVersionAndAt("s3", 1, T));
    assertFalse(dao.deleteBySensorIdAndVersionAndAt("s3", 1, T));
    assertTrue(dao.findBySensorId("s3").isEmpty());
  }
}
