package io.denorm;

import java.time.Duration;

/**
 * The lifetime a DAO instance gives the rows it saves: none for an entity that is not {@code
 * @TimeToLive}; for one that is, its default ({@code @TimeToLive(seconds)}, 0: none) unless
 * attributes gave another ({@link Attributes#withTtl}). Immutable; the same on both stores.
 */
public final class Expiry {

  /** An entity that is not {@code @TimeToLive}: its rows never expire, and no lifetime may be given. */
  public static final Expiry NONE = new Expiry(-1, null);

  private final int defaultSeconds;
  private final Duration given;

  private Expiry(int defaultSeconds, Duration given) {
    this.defaultSeconds = defaultSeconds;
    this.given = given;
  }

  /** A {@code @TimeToLive} entity whose rows expire {@code defaultSeconds} after a save (0: no default). */
  public static Expiry after(int defaultSeconds) {
    if (defaultSeconds < 0) {
      throw new IllegalArgumentException("a default time to live is 0 or more seconds, was " + defaultSeconds);
    }
    return new Expiry(defaultSeconds, null);
  }

  /** Whether the entity is {@code @TimeToLive}: its writes carry a lifetime (0 when none). */
  public boolean expiring() {
    return defaultSeconds >= 0;
  }

  /**
   * This expiry with the lifetime {@code attributes} give, if they give one; refused for an entity
   * that is not {@code @TimeToLive} (its index rows are not written to expire with its rows).
   */
  public Expiry with(Attributes attributes, String entity) {
    if (attributes.ttl() == null) {
      return this;
    }
    if (!expiring()) {
      throw new IllegalArgumentException(entity
          + " is not @TimeToLive: its rows cannot be given a time to live (its index rows would not expire with them); add @TimeToLive to the entity");
    }
    return new Expiry(defaultSeconds, attributes.ttl());
  }

  /** The lifetime of a save in whole seconds, 0 for none. */
  public int seconds() {
    return given != null ? (int) given.getSeconds() : Math.max(0, defaultSeconds);
  }
}
