package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.examples.devices.Device;
import io.denorm.examples.devices.DeviceStatus;
import io.denorm.examples.devices.dao.DeviceDao;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Every mapped Java type round-trips through a real store, via getters and setters. Run on each store by its subclasses. */
abstract class DeviceDaoContract {

  static Stores.Store store;

  static DeviceDao dao;

  static void use(Stores.Store s) {
    store = s;
    dao = s.dao(DeviceDao.class, "devices_test", "Device");
  }

  static Device full() {
    Device d = new Device();
    d.setId(UUID.randomUUID());
    d.setName("pump ü-7");
    d.setFirmware(Integer.MIN_VALUE);
    d.setSlot(12);
    d.setUptimeMillis(Long.MAX_VALUE);
    d.setZone((short) -3);
    d.setLevel((byte) 127);
    d.setLoad(0.75f);
    d.setTemperature(-40.5);
    d.setOnline(true);
    d.setPrice(new BigDecimal("12345678901234567890.000123"));
    d.setSerial(new BigInteger("-98765432109876543210987654321"));
    d.setInstalledAt(Instant.parse("2026-03-04T05:06:07.891Z"));
    d.setWarrantyEnds(LocalDate.of(2031, 2, 28));
    d.setWakeAt(LocalTime.of(6, 30, 15, 123_456_789));
    d.setKey(new byte[] {0, 1, -1, 127, -128});
    d.setStatus(DeviceStatus.SLEEPING);
    d.setTags(List.of("b", "a", "b"));
    d.setHistory(EnumSet.of(DeviceStatus.ACTIVE, DeviceStatus.RETIRED));
    d.setCounters(Map.of("restarts", 3, "alarms", 0));
    d.setNotes(Map.of(DeviceStatus.ACTIVE, "since March"));
    d.setOrder("first");
    return d;
  }

  @Test
  void everyTypeRoundTrips() {
    Device d = full();
    dao.save(d);
    Device back = dao.findById(d.getId()).orElseThrow();
    assertEquals(d.getId(), back.getId());
    assertEquals(d.getName(), back.getName());
    assertEquals(d.getFirmware(), back.getFirmware());
    assertEquals(d.getSlot(), back.getSlot());
    assertEquals(d.getUptimeMillis(), back.getUptimeMillis());
    assertEquals(d.getZone(), back.getZone());
    assertEquals(d.getLevel(), back.getLevel());
    assertEquals(d.getLoad(), back.getLoad());
    assertEquals(d.getTemperature(), back.getTemperature());
    assertEquals(d.isOnline(), back.isOnline());
    assertEquals(d.getPrice(), back.getPrice());
    assertEquals(d.getSerial(), back.getSerial());
    assertEquals(d.getInstalledAt(), back.getInstalledAt());
    assertEquals(d.getWarrantyEnds(), back.getWarrantyEnds());
    assertEquals(d.getWakeAt(), back.getWakeAt());
    assertArrayEquals(d.getKey(), back.getKey());
    assertEquals(d.getStatus(), back.getStatus());
    assertEquals(d.getTags(), back.getTags(), "a list keeps order and duplicates");
    assertEquals(d.getHistory(), back.getHistory());
    assertEquals(d.getCounters(), back.getCounters());
    assertEquals(d.getNotes(), back.getNotes());
    assertEquals("first", back.getOrder(), "a column named with a reserved word");
  }

  /** Instants inside a collection keep their millisecond on both stores, as a lone instant does: two within one millisecond are one element. */
  @Test
  void instantsInACollectionKeepMilliseconds() {
    Device d = full();
    Instant t = Instant.parse("2026-11-25T03:00:00.123Z");
    d.setSeenAt(Set.of(t.plusNanos(500), t.plusNanos(900_000), t.plusMillis(2).plusNanos(1)));
    dao.save(d);
    assertEquals(Set.of(t, t.plusMillis(2)), dao.findById(d.getId()).orElseThrow().getSeenAt());
  }

  @Test
  void nullsComeBackAsNullAndCollectionsAsEmpty() {
    Device d = new Device();
    d.setId(UUID.randomUUID());
    dao.save(d);
    Device back = dao.findById(d.getId()).orElseThrow();
    assertNull(back.getName());
    assertNull(back.getSlot(), "a boxed number stays null");
    assertEquals(0, back.getFirmware(), "a primitive reads a missing value as 0");
    assertNull(back.getTemperature());
    assertNull(back.getKey());
    assertNull(back.getStatus());
    // Neither store keeps an empty collection apart from no value: both read back as empty.
    assertEquals(List.of(), back.getTags());
    assertTrue(back.getHistory().isEmpty());
    assertTrue(back.getCounters().isEmpty());
  }

  /**
   * An entity without index tables is saved without a read, at its client's clock. On HBase a
   * delete used to be stamped just above what it read (the row, or the marker of the delete before
   * it: 4 ms higher each time, ahead of the clock when they come quickly) and hid a save made
   * right after it (seen once in CI, in {@link #asyncAndDeletes}); it is stamped at its clock now.
   * The window is 4 ms per delete: on a machine where a delete takes longer, this passes either way.
   */
  @Test
  void aSaveRightAfterADeleteStands() {
    Device d = full();
    int hidden = 0;
    for (int i = 0; i < 20; i++) {
      dao.save(d);
      for (int k = 0; k < 10; k++) {
        dao.deleteById(d.getId());
      }
      dao.save(d);
      if (dao.findById(d.getId()).isEmpty()) {
        hidden++;
      }
    }
    assertEquals(0, hidden, "saves hidden by the delete just before them");
  }

  @Test
  void asyncAndDeletes() {
    Device d = full();
    dao.saveAsync(d).toCompletableFuture().join();
    assertEquals(d.getName(), dao.findByIdAsync(d.getId()).toCompletableFuture().join().orElseThrow().getName());
    dao.deleteAsync(d).toCompletableFuture().join();
    assertTrue(dao.findById(d.getId()).isEmpty());
    assertFalse(dao.deleteById(d.getId()));
    dao.save(d);
    assertTrue(dao.deleteById(d.getId()));
    assertTrue(dao.findByIdAsync(d.getId()).toCompletableFuture().join().isEmpty());
  }
}
