package io.denorm.examples.devices;

import io.denorm.annotations.Column;
import io.denorm.annotations.Entity;
import io.denorm.annotations.PartitionKey;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * A JavaBean entity with private fields, read and written through getters and setters, holding one
 * column of every type Denorm maps. Its DAO lives in another package.
 */
@Entity(table = "devices")
public class Device {
  @PartitionKey private UUID id;
  private String name;
  private int firmware;
  private Integer slot;
  private long uptimeMillis;
  private short zone;
  private byte level;
  private float load;
  private Double temperature;
  private boolean online;
  private BigDecimal price;
  private BigInteger serial;
  private Instant installedAt;
  private LocalDate warrantyEnds;
  private LocalTime wakeAt;
  private byte[] key;
  private DeviceStatus status;
  private List<String> tags;
  private Set<DeviceStatus> history;
  private Set<Instant> seenAt;
  private Map<String, Integer> counters;
  private Map<DeviceStatus, String> notes;
  @Column(name = "order") private String order; // a reserved CQL word, quoted in every statement

  public UUID getId() { return id; }
  public void setId(UUID id) { this.id = id; }
  public String getName() { return name; }
  public void setName(String name) { this.name = name; }
  public int getFirmware() { return firmware; }
  public void setFirmware(int firmware) { this.firmware = firmware; }
  public Integer getSlot() { return slot; }
  public void setSlot(Integer slot) { this.slot = slot; }
  public long getUptimeMillis() { return uptimeMillis; }
  public void setUptimeMillis(long uptimeMillis) { this.uptimeMillis = uptimeMillis; }
  public short getZone() { return zone; }
  public void setZone(short zone) { this.zone = zone; }
  public byte getLevel() { return level; }
  public void setLevel(byte level) { this.level = level; }
  public float getLoad() { return load; }
  public void setLoad(float load) { this.load = load; }
  public Double getTemperature() { return temperature; }
  public void setTemperature(Double temperature) { this.temperature = temperature; }
  public boolean isOnline() { return online; }
  public void setOnline(boolean online) { this.online = online; }
  public BigDecimal getPrice() { return price; }
  public void setPrice(BigDecimal price) { this.price = price; }
  public BigInteger getSerial() { return serial; }
  public void setSerial(BigInteger serial) { this.serial = serial; }
  public Instant getInstalledAt() { return installedAt; }
  public void setInstalledAt(Instant installedAt) { this.installedAt = installedAt; }
  public LocalDate getWarrantyEnds() { return warrantyEnds; }
  public void setWarrantyEnds(LocalDate warrantyEnds) { this.warrantyEnds = warrantyEnds; }
  public LocalTime getWakeAt() { return wakeAt; }
  public void setWakeAt(LocalTime wakeAt) { this.wakeAt = wakeAt; }
  public byte[] getKey() { return key; }
  public void setKey(byte[] key) { this.key = key; }
  public DeviceStatus getStatus() { return status; }
  public void setStatus(DeviceStatus status) { this.status = status; }
  public List<String> getTags() { return tags; }
  public void setTags(List<String> tags) { this.tags = tags; }
  public Set<DeviceStatus> getHistory() { return history; }
  public void setHistory(Set<DeviceStatus> history) { this.history = history; }
  public Set<Instant> getSeenAt() { return seenAt; }
  public void setSeenAt(Set<Instant> seenAt) { this.seenAt = seenAt; }
  public Map<String, Integer> getCounters() { return counters; }
  public void setCounters(Map<String, Integer> counters) { this.counters = counters; }
  public Map<DeviceStatus, String> getNotes() { return notes; }
  public void setNotes(Map<DeviceStatus, String> notes) { this.notes = notes; }
  public String getOrder() { return order; }
  public void setOrder(String order) { this.order = order; }
}
