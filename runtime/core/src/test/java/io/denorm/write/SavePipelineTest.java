package io.denorm.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * {@link SavePipeline}: the steps run in their fixed order whatever order the hooks were added in,
 * each sees the entity as the step before left it, a failing step stops the save, and the write gets
 * the previous state only when the caller gave it. (The stores' saves through it are tested against
 * the real servers by the example suites.)
 */
class SavePipelineTest {

  private record Row(long id, String copy) {}

  private final List<String> steps = new ArrayList<>();
  private final AtomicLong clock = new AtomicLong(100);

  private CompletionStage<Void> step(String name) {
    steps.add(name);
    return CompletableFuture.completedFuture(null);
  }

  /** Every hook, the steps added in the reverse of the order they run in (two after-steps: in the order added). */
  private SavePipeline<Row> full(AtomicReference<SavePipeline.Call<Row>> written) {
    return SavePipeline.<Row>writing(() -> {
          steps.add("stamp");
          return clock.incrementAndGet();
        }, call -> {
          written.set(call);
          return step("write " + call.entity());
        })
        .then(r -> step("recent " + r.id()))
        .then(r -> step("distinct " + r.id()))
        .fanningOut((r, before, write) -> before.thenCompose(b -> {
          steps.add("fan-out before " + b.map(Row::copy).orElse("none"));
          return write.get();
        }).thenCompose(v -> step("fan-out after " + r.id())), r -> {
          steps.add("stored " + r.id());
          return CompletableFuture.completedFuture(Optional.of(new Row(r.id(), "stored")));
        })
        .settling(r -> step("settle " + r.copy()))
        .copying(r -> {
          steps.add("copy " + r.copy());
          return CompletableFuture.completedFuture(new Row(r.id(), "copied"));
        })
        .listing(r -> step("list " + r.id()))
        .assigning(r -> {
          steps.add("assign");
          return CompletableFuture.completedFuture(r.id() == 0 ? new Row(7, r.copy()) : r);
        })
        .checking(r -> steps.add("check " + r.id()))
        .build();
  }

  @Test
  void runsTheStepsInTheirOrder() {
    AtomicReference<SavePipeline.Call<Row>> written = new AtomicReference<>();
    Row saved = full(written).saveReturning(new Row(0, "old")).toCompletableFuture().join();
    assertEquals(new Row(7, "old"), saved, "the entity as assigned, before the copies");
    assertEquals(List.of("check 0", "stamp", "assign", "list 7", "stored 7", "fan-out before stored", "copy old",
        "write Row[id=7, copy=copied]", "settle copied", "fan-out after 7", "recent 7", "distinct 7"), steps);
    assertEquals(101, written.get().timestamp(), "the timestamp taken at the call");
    assertFalse(written.get().previousGiven());
  }

  @Test
  void aGivenPreviousStateIsPassedOnAndNotRead() {
    AtomicReference<SavePipeline.Call<Row>> written = new AtomicReference<>();
    full(written).save(new Row(3, "x"), null).toCompletableFuture().join();
    assertTrue(written.get().previousGiven());
    assertNull(written.get().previous());
    assertFalse(steps.contains("stored 3"), steps.toString());
    assertTrue(steps.contains("fan-out before none"), steps.toString());
  }

  @Test
  void aFailingStepStopsTheSave() {
    AtomicReference<SavePipeline.Call<Row>> written = new AtomicReference<>();
    SavePipeline<Row> pipeline = SavePipeline.<Row>writing(clock::incrementAndGet, call -> {
          written.set(call);
          return CompletableFuture.completedFuture(null);
        })
        .listing(r -> CompletableFuture.failedFuture(new IllegalStateException("bucket not listed")))
        .then(r -> step("after"))
        .build();
    CompletionException e = assertThrows(CompletionException.class, () -> pipeline.save(new Row(1, "a")).toCompletableFuture().join());
    assertInstanceOf(IllegalStateException.class, e.getCause());
    assertNull(written.get(), "nothing written after a failed step");
    assertTrue(steps.isEmpty(), steps.toString());
  }

  @Test
  void aFailedCheckThrowsBeforeAnyStep() {
    SavePipeline<Row> pipeline = SavePipeline.<Row>writing(() -> {
          steps.add("stamp");
          return 1L;
        }, call -> step("write"))
        .checking(r -> {
          throw new IllegalArgumentException("bad key");
        })
        .build();
    assertThrows(IllegalArgumentException.class, () -> pipeline.save(new Row(1, "a")));
    assertTrue(steps.isEmpty(), steps.toString());
  }
}
