package io.denorm.examples.sessions;

import io.denorm.annotations.Entity;
import io.denorm.annotations.Index;
import io.denorm.annotations.PartitionKey;
import io.denorm.annotations.TimeToLive;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * A login session that ends by itself: every save writes the row, and its row in {@code
 * sessions_by_user}, to expire 30 minutes later (a save of an active session pushes the end back).
 * A JavaBean, as an application writes one.
 */
@Entity(table = "sessions")
@TimeToLive(seconds = 1800)
@Index(name = "sessions_by_user", key = "userId", include = "device")
public class Session {
  @PartitionKey private UUID id;
  private String userId;
  private String device;
  private Instant lastSeen;

  public Session() {}

  public Session(UUID id, String userId, String device, Instant lastSeen) {
    this.id = id;
    this.userId = userId;
    this.device = device;
    this.lastSeen = lastSeen;
  }

  public UUID getId() { return id; }
  public void setId(UUID id) { this.id = id; }
  public String getUserId() { return userId; }
  public void setUserId(String userId) { this.userId = userId; }
  public String getDevice() { return device; }
  public void setDevice(String device) { this.device = device; }
  public Instant getLastSeen() { return lastSeen; }
  public void setLastSeen(Instant lastSeen) { this.lastSeen = lastSeen; }

  @Override
  public boolean equals(Object o) {
    return o instanceof Session s && Objects.equals(id, s.id) && Objects.equals(userId, s.userId) && Objects.equals(device, s.device)
        && Objects.equals(lastSeen, s.lastSeen);
  }

  @Override
  public int hashCode() {
    return Objects.hash(id, userId, device, lastSeen);
  }

  @Override
  public String toString() {
    return "Session{" + id + ", " + userId + ", " + device + ", " + lastSeen + "}";
  }
}
