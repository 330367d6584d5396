package io.denorm;

import java.time.Duration;
import java.util.Objects;

/**
 * Statement attributes for the calls of one DAO instance, the same type for both stores: a DAO
 * interface that declares {@code MyDao withAttributes(Attributes attributes)} gets an
 * implementation returning another instance of the DAO, over the same session or connection, whose
 * every statement carries these attributes on top of its own. Derive it once and keep it where a
 * group of calls needs the same attributes; deriving per call works too (the session prepares each
 * statement once), but each derived instance is a DAO of its own: its index read statistics and
 * deferred repairs are its own, and an entity with a {@code @Sequence} reserves a block of ids per
 * instance.
 *
 * <p>What each store does with them:
 *
 * <ul>
 *   <li>{@link #consistency}, {@link #serialConsistency}, {@link #executionProfile} and {@link
 *       #tracing}: Cassandra only (an HBase row lives on one region server, whose reads and writes
 *       are always consistent; HBase's own tracing is configured on the connection). A level below a
 *       quorum weakens Denorm's repair promise as {@code @Consistency} says.
 *   <li>{@link #timeout}: both; on Cassandra each statement's timeout, on HBase each operation's
 *       (retries included).
 *   <li>{@link #ttl}: both, for {@code @TimeToLive} entities.
 *   <li>{@link #writeTime}: both, for entities whose save writes their row alone.
 *   <li>{@link #durability}: HBase only, set on every mutation the DAO sends (master rows, index
 *       rows, memberships, counts); Cassandra's durability is its commit log, configured on the
 *       server.
 * </ul>
 *
 * <p>Every attribute left null (or {@code tracing} false) keeps what the DAO had. Immutable; build
 * with {@link #none()} and the {@code with…} methods.
 */
public final class Attributes {

  /** The Cassandra consistency levels, by the driver's names. */
  public enum Level {
    ONE, TWO, THREE, QUORUM, ALL, LOCAL_QUORUM, EACH_QUORUM, LOCAL_ONE, SERIAL, LOCAL_SERIAL;

    boolean serial() {
      return this == SERIAL || this == LOCAL_SERIAL;
    }
  }

  /** HBase's write-ahead-log durability of a mutation, by HBase's names. */
  public enum Durability { USE_DEFAULT, SKIP_WAL, ASYNC_WAL, SYNC_WAL, FSYNC_WAL }

  private static final Attributes NONE = new Attributes(null, null, null, null, false, null);

  private final Level consistency;
  private final Level serialConsistency;
  private final Duration timeout;
  private final String executionProfile;
  private final boolean tracing;
  private final Durability durability;
  private final Duration ttl;
  private final java.time.Instant writeTime;

  private Attributes(Level consistency, Level serialConsistency, Duration timeout, String executionProfile, boolean tracing,
      Durability durability) {
    this(consistency, serialConsistency, timeout, executionProfile, tracing, durability, null, null);
  }

  private Attributes(Level consistency, Level serialConsistency, Duration timeout, String executionProfile, boolean tracing,
      Durability durability, Duration ttl) {
    this(consistency, serialConsistency, timeout, executionProfile, tracing, durability, ttl, null);
  }

  private Attributes(Level consistency, Level serialConsistency, Duration timeout, String executionProfile, boolean tracing,
      Durability durability, Duration ttl, java.time.Instant writeTime) {
    this.consistency = consistency;
    this.serialConsistency = serialConsistency;
    this.timeout = timeout;
    this.executionProfile = executionProfile;
    this.tracing = tracing;
    this.durability = durability;
    this.ttl = ttl;
    this.writeTime = writeTime;
  }

  /** No attribute set: a DAO derived with these behaves as the one it came from. */
  public static Attributes none() {
    return NONE;
  }

  /** Reads and writes at {@code level}; a serial level is refused (it is {@link #withSerialConsistency}'s). */
  public Attributes withConsistency(Level level) {
    Objects.requireNonNull(level, "level");
    if (level.serial()) {
      throw new IllegalArgumentException(level + " is a serial consistency level: give it to withSerialConsistency");
    }
    return new Attributes(level, serialConsistency, timeout, executionProfile, tracing, durability, ttl, writeTime);
  }

  /** Compare-and-sets (unique claims, memberships, counts, versions) at {@code SERIAL} or {@code LOCAL_SERIAL}. */
  public Attributes withSerialConsistency(Level level) {
    Objects.requireNonNull(level, "level");
    if (!level.serial()) {
      throw new IllegalArgumentException(level + " is not a serial consistency level: give SERIAL or LOCAL_SERIAL");
    }
    return new Attributes(consistency, level, timeout, executionProfile, tracing, durability, ttl, writeTime);
  }

  /** Each statement (Cassandra) or operation (HBase) fails after {@code timeout}; positive. */
  public Attributes withTimeout(Duration timeout) {
    Objects.requireNonNull(timeout, "timeout");
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("timeout must be positive, was " + timeout);
    }
    return new Attributes(consistency, serialConsistency, timeout, executionProfile, tracing, durability, ttl, writeTime);
  }

  /** An execution profile of the Cassandra session's configuration. */
  public Attributes withExecutionProfile(String name) {
    Objects.requireNonNull(name, "name");
    if (name.isBlank()) {
      throw new IllegalArgumentException("execution profile name is blank");
    }
    return new Attributes(consistency, serialConsistency, timeout, name, tracing, durability, ttl, writeTime);
  }

  /** Cassandra traces every statement (read the traces from {@code system_traces}). */
  public Attributes withTracing() {
    return new Attributes(consistency, serialConsistency, timeout, executionProfile, true, durability, ttl, writeTime);
  }

  /** HBase writes every mutation with {@code durability}. */
  public Attributes withDurability(Durability durability) {
    Objects.requireNonNull(durability, "durability");
    return new Attributes(consistency, serialConsistency, timeout, executionProfile, tracing, durability, ttl, writeTime);
  }

  /**
   * Saves write their rows (and every index row they need) to expire after {@code ttl}, in whole
   * seconds, at least 1 s and at most 20 years; {@link Duration#ZERO}: not to expire (in place of
   * the entity's default). Only for a {@code @TimeToLive} entity: a DAO of any other refuses these
   * attributes ({@code IllegalArgumentException}), since its index rows are not written to expire.
   */
  public Attributes withTtl(Duration ttl) {
    Objects.requireNonNull(ttl, "ttl");
    if (ttl.isNegative() || ttl.compareTo(MAX_TTL) > 0 || !ttl.isZero() && ttl.getSeconds() < 1) {
      throw new IllegalArgumentException("ttl must be 0 or 1 s to 20 years, was " + ttl);
    }
    return new Attributes(consistency, serialConsistency, timeout, executionProfile, tracing, durability, ttl, writeTime);
  }

  /**
   * Saves and deletes of the derived instance are written at {@code time} (to the microsecond; each
   * further write of the instance one microsecond later) instead of the DAO's clock: replaying or
   * importing rows keeps their original time, and a newer write already stored wins over them, as it
   * would have at that time. Only for entities whose save and delete write their own row alone (no
   * index tables, unique values, memberships, snippets held or fanned out, recent lists, counts,
   * {@code @Version}, {@code @Sequence}, trees or buckets): their protocol stamps each write above
   * the state it replaces, which a time in the past would contradict, so their DAOs refuse it with
   * an {@code IllegalArgumentException} naming the entity.
   */
  public Attributes withWriteTime(java.time.Instant time) {
    Objects.requireNonNull(time, "time");
    if (time.isBefore(java.time.Instant.EPOCH) || time.isAfter(LATEST_WRITE_TIME)) {
      throw new IllegalArgumentException("write time must be from 1970 to 9999 (stores keep microseconds since 1970 as a positive long), was " + time);
    }
    return new Attributes(consistency, serialConsistency, timeout, executionProfile, tracing, durability, ttl, time);
  }

  /** The latest write time {@link #withWriteTime} takes. */
  private static final java.time.Instant LATEST_WRITE_TIME = java.time.Instant.parse("9999-12-31T23:59:59Z");

  /**
   * These attributes without a write time: what a DAO keeps once it has started its clock at the
   * given time, so that an instance derived from it shares that clock instead of starting again.
   */
  public Attributes withoutWriteTime() {
    return writeTime == null ? this : new Attributes(consistency, serialConsistency, timeout, executionProfile, tracing, durability, ttl, null);
  }

  /** Null when not set. */
  public java.time.Instant writeTime() {
    return writeTime;
  }

  /** Cassandra's longest time to live: 20 years. */
  private static final Duration MAX_TTL = Duration.ofSeconds(630_720_000);

  /** These attributes, each replaced by {@code other}'s where {@code other} sets it. */
  public Attributes overriddenBy(Attributes other) {
    return new Attributes(
        other.consistency != null ? other.consistency : consistency,
        other.serialConsistency != null ? other.serialConsistency : serialConsistency,
        other.timeout != null ? other.timeout : timeout,
        other.executionProfile != null ? other.executionProfile : executionProfile,
        tracing || other.tracing,
        other.durability != null ? other.durability : durability,
        other.ttl != null ? other.ttl : ttl,
        other.writeTime != null ? other.writeTime : writeTime);
  }

  /** Null when not set. */
  public Level consistency() {
    return consistency;
  }

  /** Null when not set. */
  public Level serialConsistency() {
    return serialConsistency;
  }

  /** Null when not set. */
  public Duration timeout() {
    return timeout;
  }

  /** Null when not set. */
  public String executionProfile() {
    return executionProfile;
  }

  public boolean tracing() {
    return tracing;
  }

  /** Null when not set. */
  public Durability durability() {
    return durability;
  }

  /** Null when not set. */
  public Duration ttl() {
    return ttl;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Attributes a && consistency == a.consistency && serialConsistency == a.serialConsistency
        && Objects.equals(timeout, a.timeout) && Objects.equals(executionProfile, a.executionProfile) && tracing == a.tracing
        && durability == a.durability && Objects.equals(ttl, a.ttl) && Objects.equals(writeTime, a.writeTime);
  }

  @Override
  public int hashCode() {
    return Objects.hash(consistency, serialConsistency, timeout, executionProfile, tracing, durability, ttl, writeTime);
  }

  @Override
  public String toString() {
    return "Attributes{consistency=" + consistency + ", serialConsistency=" + serialConsistency + ", timeout=" + timeout
        + ", executionProfile=" + executionProfile + ", tracing=" + tracing + ", durability=" + durability + ", ttl=" + ttl
        + ", writeTime=" + writeTime + "}";
  }
}
