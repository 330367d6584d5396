package io.denorm;


/** A page cursor that is malformed, or was handed out by another query. */
public class InvalidCursorException extends DenormException {
  public InvalidCursorException(String message, Throwable cause) {
    super(message, cause);
  }
}
