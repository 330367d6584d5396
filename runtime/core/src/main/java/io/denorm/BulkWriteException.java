package io.denorm;

import java.util.List;

/**
 * Some saves of a {@code saveAll} failed. Each entity of the call was saved or failed on its own:
 * those not listed here were saved, and every failed one left its row and the structures kept
 * from it as a failed single save does (the consistency protocol's take-back and repairs apply).
 */
public final class BulkWriteException extends DenormException {

  /** One failed entity of the call: its position in the call, its key values, and why. */
  public record Failure(int position, List<Object> key, Throwable cause) {}

  private final String entity;
  private final int attempted;
  private final List<Failure> failures;

  public BulkWriteException(String entity, String operation, int attempted, List<Failure> failures) {
    super(operation + " of " + attempted + " " + entity + (attempted == 1 ? "" : "s") + ": " + failures.size() + " failed, the others were written;"
        + " first: " + entity + " " + failures.get(0).key() + " (position " + failures.get(0).position() + "): " + failures.get(0).cause(),
        failures.get(0).cause());
    this.entity = entity;
    this.attempted = attempted;
    this.failures = List.copyOf(failures);
    for (int i = 1; i < Math.min(failures.size(), 10); i++) {
      addSuppressed(failures.get(i).cause());
    }
  }

  public String entity() {
    return entity;
  }

  /** How many entities the call had. */
  public int attempted() {
    return attempted;
  }

  /** The failed entities, in the order of the call. */
  public List<Failure> failures() {
    return failures;
  }
}
