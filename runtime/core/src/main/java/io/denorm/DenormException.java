package io.denorm;

/** The base of every exception Denorm's runtime throws on its own account. */
public class DenormException extends RuntimeException {
  public DenormException(String message) {
    super(message);
  }

  public DenormException(String message, Throwable cause) {
    super(message, cause);
  }
}
