package io.denorm.sequence;

import io.denorm.DenormException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Hands out the ids of one named sequence ({@code @Sequence}) from blocks reserved in the store: a
 * block of {@code block} ids is reserved by one atomic store operation, then its ids are handed out
 * from memory. Ids start at 1; 0 means "not assigned". Thread-safe.
 */
public abstract class BlockSequence {

  private final String name;
  private final int block;
  private long next;
  private long end; // exclusive
  private CompletableFuture<Void> reserving;

  protected BlockSequence(String name, int block) {
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException("a sequence needs a name");
    }
    if (block < 1) {
      throw new IllegalArgumentException("sequence " + name + ": block must be at least 1, got " + block);
    }
    this.name = name;
    this.block = block;
  }

  public final String name() {
    return name;
  }

  public final int block() {
    return block;
  }

  /**
   * Reserves the next {@code size} ids of the sequence in the store, atomically with respect to
   * every other client: completes with the first reserved id (the block is {@code [first, first +
   * size)}).
   */
  protected abstract CompletionStage<Long> reserve(int size);

  /** The next id: from the current block, or from a new one reserved first. */
  public final CompletionStage<Long> nextAsync() {
    CompletableFuture<Void> pending;
    boolean reserveHere = false;
    synchronized (this) {
      if (next < end) {
        return CompletableFuture.completedFuture(next++);
      }
      if (reserving == null) {
        reserving = new CompletableFuture<>();
        reserveHere = true;
      }
      pending = reserving;
    }
    if (reserveHere) {
      CompletableFuture<Void> mine = pending;
      CompletionStage<Long> reserved;
      try {
        reserved = reserve(block);
      } catch (RuntimeException e) {
        reserved = CompletableFuture.failedFuture(e);
      }
      reserved.whenComplete((first, failure) -> {
        Throwable problem = failure;
        synchronized (this) {
          reserving = null;
          if (problem == null && (first == null || first < 1)) {
            problem = new DenormException("sequence " + name + ": the store returned first id " + first);
          } else if (problem == null) {
            next = first;
            end = first + block;
          }
        }
        if (problem != null) {
          mine.completeExceptionally(problem);
        } else {
          mine.complete(null);
        }
      });
    }
    // A block is being reserved: take an id once it is in (or reserve another if others emptied it).
    return pending.thenCompose(done -> nextAsync());
  }

  /** The next id, waiting for a block when one must be reserved. */
  public final long next() {
    try {
      return nextAsync().toCompletableFuture().join();
    } catch (java.util.concurrent.CompletionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw e;
    }
  }
}
