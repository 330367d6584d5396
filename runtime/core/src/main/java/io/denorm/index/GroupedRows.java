package io.denorm.index;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The plain rows of one protocol step handed to a store that sends them together ({@link
 * IndexStore#groupsRows}), with the observer's hooks kept per row: a row whose {@link
 * WriteObserver#beforeWrite} throws is left out of the group and fails the step once its siblings
 * are in (a refusal inside a step), and every row sent gets its {@link WriteObserver#afterWrite}
 * once the group applied (when the group fails, which of its rows landed is unknown, and none gets
 * it; the step fails with the group's error). Write times are recorded per row, each with the time
 * of the group.
 */
final class GroupedRows {

  private GroupedRows() {}

  static CompletionStage<Void> write(IndexStore<?> store, WriteObserver observer, WriteTimes times, WriteStep step,
      List<IndexEntry> inserts, List<IndexEntry> unverified, List<IndexEntry> deletes, long ts) {
    RuntimeException[] refused = new RuntimeException[1];
    List<IndexEntry> i = sendable(observer, step, inserts, refused);
    List<IndexEntry> u = sendable(observer, step, unverified, refused);
    List<IndexEntry> d = sendable(observer, step, deletes, refused);
    int rows = inserts.size() + unverified.size() + deletes.size(); // refused ones included, as the per-row path records them
    long t0 = times.enabled() ? System.nanoTime() : 0;
    CompletionStage<Void> sent;
    try {
      sent = i.isEmpty() && u.isEmpty() && d.isEmpty() ? IndexProtocol.done() : store.writeRows(i, u, d, ts);
    } catch (RuntimeException unsent) {
      sent = CompletableFuture.failedFuture(unsent);
    }
    if (observer != WriteObserver.NONE || refused[0] != null) {
      sent = sent.thenRun(() -> {
        RuntimeException first = null;
        for (List<IndexEntry> group : List.of(i, u, d)) {
          for (IndexEntry e : group) {
            try {
              observer.afterWrite(step, e);
            } catch (RuntimeException after) {
              first = first == null ? after : first;
            }
          }
        }
        if (first != null || refused[0] != null) {
          throw first != null ? first : refused[0];
        }
      });
    }
    if (times.enabled()) {
      sent = sent.whenComplete((v, error) -> {
        long elapsed = System.nanoTime() - t0;
        for (int r = 0; r < rows; r++) {
          times.record(step, elapsed);
        }
      });
    }
    return sent;
  }

  /** The rows of {@code entries} the observer lets through; the first refusal is kept in {@code refused[0]}. */
  private static List<IndexEntry> sendable(WriteObserver observer, WriteStep step, List<IndexEntry> entries, RuntimeException[] refused) {
    if (observer == WriteObserver.NONE || entries.isEmpty()) {
      return entries;
    }
    List<IndexEntry> out = new ArrayList<>(entries.size());
    for (IndexEntry e : entries) {
      try {
        observer.beforeWrite(step, e);
        out.add(e);
      } catch (RuntimeException refusal) {
        refused[0] = refused[0] == null ? refusal : refused[0];
      }
    }
    return out;
  }
}
