package io.denorm.processor.model;

/**
 * How generated code, placed in the entity's package, reads and writes one property. A null read or
 * write means no accessible way was found; the validator reports it.
 *
 * @param read Java expression suffix after {@code entity.}: a field name or a getter call
 * @param write a field name (assigned), a setter name (called), or null for record components
 *     (passed to the canonical constructor)
 */
public record PropertyAccess(String read, Write writeKind, String write) {

  public enum Write {
    FIELD,
    SETTER,
    CONSTRUCTOR,
    NONE
  }

  public boolean readable() {
    return read != null;
  }

  public boolean writable() {
    return writeKind != Write.NONE;
  }
}
