package io.denorm.index;

/**
 * Test hooks of an indexed write. {@link #afterStep} is called after each step completes; throwing
 * stops the write there, as a crash would. {@link #beforeWrite} and {@link #afterWrite} are called
 * around each single write inside a step, so that a fault can be injected into one of several
 * parallel writes: throwing before fails that write unsent (a refusal), throwing after makes the
 * caller see it fail although it applied (an outcome it cannot know, like a timeout). Production
 * code leaves the observer at {@link #NONE}.
 */
@FunctionalInterface
public interface WriteObserver {

  WriteObserver NONE = (step, entity) -> {};

  void afterStep(WriteStep step, Object entity);

  /** Before one write of {@code step} is sent; {@code entry} is null for the master row. */
  default void beforeWrite(WriteStep step, IndexEntry entry) {}

  /** After one write of {@code step} applied; {@code entry} is null for the master row. */
  default void afterWrite(WriteStep step, IndexEntry entry) {}
}
