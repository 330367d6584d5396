package io.denorm.examples.orders;

import java.time.Instant;
import java.util.UUID;

/** One step of an order's history, kept in a JSON column: its shape may change without a schema change. */
public record StatusChange(Status status, Instant at, UUID by, float weightKg, byte[] signature) {

  public enum Status { PLACED, PACKED, SHIPPED, DELIVERED }

  @Override
  public boolean equals(Object o) {
    return o instanceof StatusChange s && status == s.status && java.util.Objects.equals(at, s.at) && java.util.Objects.equals(by, s.by)
        && Float.compare(weightKg, s.weightKg) == 0 && java.util.Arrays.equals(signature, s.signature);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(status, at, by, weightKg, java.util.Arrays.hashCode(signature));
  }

  @Override
  public String toString() {
    return status + "@" + at;
  }
}
