package io.denorm.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * {@link DeletePipeline}: the steps before run in the order added, the delete is stamped after them
 * and gets the key (and the entity, when given), and a failing step keeps the row. (The stores'
 * deletes through it are tested against the real servers by the example suites.)
 */
class DeletePipelineTest {

  private record Row(String a, long b) {}

  private final List<String> steps = new ArrayList<>();
  private final AtomicLong clock = new AtomicLong(10);
  private final AtomicReference<DeletePipeline.Call<Row>> deleted = new AtomicReference<>();

  private DeletePipeline.Builder<Row> builder() {
    return DeletePipeline.<Row>deleting(() -> {
      steps.add("stamp");
      return clock.incrementAndGet();
    }, r -> List.of(r.a(), r.b()), call -> {
      deleted.set(call);
      steps.add("delete " + call.key());
      return CompletableFuture.completedFuture(true);
    });
  }

  @Test
  void runsTheStepsBeforeThenStampsTheDelete() {
    DeletePipeline<Row> pipeline = builder()
        .before(key -> {
          steps.add("unlink " + key);
          return CompletableFuture.completedFuture(null);
        })
        .before(key -> {
          steps.add("recent " + key);
          return CompletableFuture.completedFuture(null);
        })
        .build();
    Row row = new Row("x", 2);
    assertTrue(pipeline.delete(row, true).toCompletableFuture().join());
    assertEquals(List.of("unlink [x, 2]", "recent [x, 2]", "stamp", "delete [x, 2]"), steps);
    assertSame(row, deleted.get().entity());
    assertEquals(11, deleted.get().timestamp());
    assertTrue(deleted.get().reportExisted());
  }

  @Test
  void aDeleteByKeyHasNoEntity() {
    builder().build().deleteByKey(List.of("y", 3L), false).toCompletableFuture().join();
    assertNull(deleted.get().entity());
    assertEquals(List.of("y", 3L), deleted.get().key());
    assertEquals(false, deleted.get().reportExisted());
  }

  @Test
  void anEntityWhoseKeyFailsTheCheckIsNotTouched() {
    DeletePipeline<Row> pipeline = builder()
        .checking(r -> {
          throw new IllegalArgumentException("bad key " + r.a());
        })
        .before(key -> {
          steps.add("recent " + key);
          return CompletableFuture.completedFuture(null);
        })
        .build();
    assertThrows(IllegalArgumentException.class, () -> pipeline.delete(new Row("", 1), false));
    assertTrue(steps.isEmpty(), steps.toString());
  }

  @Test
  void aFailingStepKeepsTheRow() {
    DeletePipeline<Row> pipeline = builder()
        .before(key -> CompletableFuture.failedFuture(new IllegalStateException("owner unreachable")))
        .build();
    CompletionException e = assertThrows(CompletionException.class,
        () -> pipeline.deleteByKey(List.of("z", 1L), true).toCompletableFuture().join());
    assertInstanceOf(IllegalStateException.class, e.getCause());
    assertNull(deleted.get(), "no delete after a failed step");
  }
}
