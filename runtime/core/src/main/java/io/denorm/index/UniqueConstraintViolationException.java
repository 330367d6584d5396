package io.denorm.index;

import io.denorm.DenormException;
import java.util.List;

/** A save that would give a unique index key to a second entity. Nothing of it was written. */
public class UniqueConstraintViolationException extends DenormException {

  private final String index;
  private final List<Object> key;
  private final List<Object> owner;

  public UniqueConstraintViolationException(String entity, String index, List<Object> key, List<Object> owner) {
    super(entity + ": " + key + " is already taken in unique index " + index + " by " + owner + "; nothing was written");
    this.index = index;
    this.key = List.copyOf(key);
    this.owner = List.copyOf(owner);
  }

  public String index() {
    return index;
  }

  public List<Object> key() {
    return key;
  }

  /** The primary key of the entity that holds the key value. */
  public List<Object> owner() {
    return owner;
  }
}
