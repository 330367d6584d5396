package io.denorm.index;

/**
 * Called after each step of an indexed write completes. Tests use it to stop a write between two
 * steps (by throwing), as a crash would; production code leaves it at {@link #NONE}.
 */
@FunctionalInterface
public interface WriteObserver {

  WriteObserver NONE = (step, entity) -> {};

  void afterStep(WriteStep step, Object entity);
}
