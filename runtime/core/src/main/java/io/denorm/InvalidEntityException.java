package io.denorm;

/**
 * An entity or a query argument that cannot be stored or looked up as given: a null key component,
 * a key component over the store's size limit, a value that cannot be encoded. Thrown before
 * anything is written.
 */
public class InvalidEntityException extends DenormException {

  private final String entity;
  private final String field;

  public InvalidEntityException(String entity, String field, String problem) {
    super(entity + "." + field + ": " + problem);
    this.entity = entity;
    this.field = field;
  }

  /** The simple name of the entity class. */
  public String entity() {
    return entity;
  }

  /** The name of the Java field at fault. */
  public String field() {
    return field;
  }
}
