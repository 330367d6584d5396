package io.denorm.snippet;

import io.denorm.ClaimContentionException;
import io.denorm.ConcurrentUpdateException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiFunction;
import java.util.function.BiPredicate;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The fan-out of one source entity, the same on every store: after a source row is saved with a
 * copied field changed, every holder found through the reverse index of each snippet field is
 * refreshed from it and saved through the holder's own write protocol, at most {@link #IN_FLIGHT}
 * saves at a time. A holder save that loses a version compare-and-set is read again and retried.
 *
 * @param <S> the source entity
 */
public final class SnippetFanOut<S> {

  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(SnippetFanOut.class);

  /** Holder saves in flight at once, per snippet field. */
  public static final int IN_FLIGHT = 16;
  /** Attempts per holder when its saves keep losing a version compare-and-set. */
  static final int ATTEMPTS = 5;

  /**
   * One snippet field copying the source.
   *
   * @param holder the holding entity's name
   * @param field the snippet field
   * @param holders the holding entity's rows (created on first use: holders may in turn be sources)
   * @param changed whether a copied field differs between two states of the source
   * @param refresh the holder with every snippet of the source brought up to date, or null when none differed
   */
  public record Target<S, H>(String holder, String field, Supplier<SnippetHolders<H>> holders, BiPredicate<S, S> changed,
      BiFunction<H, S, H> refresh) {}

  /**
   * The inverse side of a many-to-many in the source ({@code Author.bookIds}): ids added to it or
   * removed from it on a save are applied to the owning rows ({@code Book.authors}).
   *
   * @param field the source's {@code @References} field
   * @param owner the owning entity's name
   * @param holders the owning entity's rows
   * @param ids the ids a state of the source names; null leaves the links as they are stored
   * @param add the owning row with the source added to its field, or null when it already holds it
   * @param remove the owning row with the source's id removed from its field, or null when it does not hold it
   */
  public record Link<S, H>(String field, String owner, Supplier<SnippetHolders<H>> holders, Function<S, java.util.Collection<?>> ids,
      BiFunction<H, S, H> add, BiFunction<H, Object, H> remove) {}

  private final String source;
  private final Function<S, Object> idOf;
  private final List<Target<S, ?>> targets;
  private final List<Link<S, ?>> links;
  private final FanOutStats stats = new FanOutStats();

  public SnippetFanOut(String source, Function<S, Object> idOf, List<Target<S, ?>> targets) {
    this(source, idOf, targets, List.of());
  }

  public SnippetFanOut(String source, Function<S, Object> idOf, List<Target<S, ?>> targets, List<Link<S, ?>> links) {
    this.source = source;
    this.idOf = idOf;
    this.targets = List.copyOf(targets);
    this.links = List.copyOf(links);
  }

  /** {@code make}, called once on first use: holders are created lazily, since holders may in turn be sources. */
  public static <T> Supplier<T> once(Supplier<T> make) {
    return new Supplier<>() {
      private volatile T value;

      @Override
      public T get() {
        T v = value;
        if (v == null) {
          synchronized (this) {
            if (value == null) {
              value = make.get();
            }
            v = value;
          }
        }
        return v;
      }
    };
  }

  public FanOutStats stats() {
    return stats;
  }

  /**
   * Saves a source row: {@code before} is its stored state (read first), {@code write} the save
   * itself; once it has completed, the snippet fields whose copied fields changed are fanned out.
   */
  public CompletionStage<Void> save(S entity, CompletionStage<Optional<S>> before, Supplier<CompletionStage<Void>> write) {
    if (links.isEmpty()) {
      return before.thenCompose(old -> write.get().thenCompose(v -> afterSave(entity, old))).thenApply(r -> null);
    }
    // Many-to-many: the owning rows an added id names are read (and must exist) before anything is written.
    return before.thenCompose(old -> linkChanges(entity, old).thenCompose(changes -> write.get()
        .thenCompose(v -> targets.isEmpty() ? CompletableFuture.completedFuture(null) : afterSave(entity, old))
        .thenCompose(r -> applyAll(entity, changes))));
  }

  /**
   * Before a source row is deleted: the source's id is removed from every owning row its inverse
   * sides name ({@code stored} is the row as read; empty: nothing to do), through their protocol,
   * so that the memberships are released and nothing names the deleted row. The delete itself must
   * be stamped after this completes.
   */
  public CompletionStage<Void> beforeDelete(Optional<S> stored) {
    if (links.isEmpty() || stored.isEmpty()) {
      return CompletableFuture.completedFuture(null);
    }
    S entity = stored.get();
    List<CompletableFuture<List<Change<S, ?>>>> parts = new ArrayList<>();
    for (Link<S, ?> link : links) {
      parts.add(unlinks(link, entity).toCompletableFuture());
    }
    return CompletableFuture.allOf(parts.toArray(new CompletableFuture<?>[0])).thenCompose(v -> {
      List<Change<S, ?>> all = new ArrayList<>();
      parts.forEach(p -> all.addAll(p.join()));
      return applyAll(entity, all);
    });
  }

  private <H> CompletionStage<List<Change<S, ?>>> unlinks(Link<S, H> link, S entity) {
    java.util.Collection<?> ids = link.ids().apply(entity);
    if (ids == null || ids.isEmpty()) {
      return CompletableFuture.completedFuture(List.of());
    }
    SnippetHolders<H> holders = link.holders().get();
    List<CompletableFuture<Optional<H>>> reads = new ArrayList<>();
    for (Object id : new java.util.LinkedHashSet<>(ids)) {
      reads.add(holders.byId(id).toCompletableFuture());
    }
    return CompletableFuture.allOf(reads.toArray(new CompletableFuture<?>[0])).thenApply(v -> {
      List<Change<S, ?>> out = new ArrayList<>();
      reads.forEach(r -> r.join().ifPresent(h -> out.add(new Change<>(link, h, false))));
      return out;
    });
  }

  /** One owning row to change: the source added to it or removed from it. */
  private record Change<S, H>(Link<S, H> link, H holder, boolean add) {}

  private CompletionStage<List<Change<S, ?>>> linkChanges(S entity, Optional<S> old) {
    List<CompletableFuture<List<Change<S, ?>>>> parts = new ArrayList<>();
    for (Link<S, ?> link : links) {
      parts.add(changes(link, entity, old).toCompletableFuture());
    }
    return CompletableFuture.allOf(parts.toArray(new CompletableFuture<?>[0])).thenApply(v -> {
      List<Change<S, ?>> all = new ArrayList<>();
      parts.forEach(p -> all.addAll(p.join()));
      return all;
    });
  }

  private <H> CompletionStage<List<Change<S, ?>>> changes(Link<S, H> link, S entity, Optional<S> old) {
    java.util.Collection<?> given = link.ids().apply(entity);
    if (given == null) {
      return CompletableFuture.completedFuture(List.of()); // not given: the links stay as stored
    }
    java.util.Set<Object> now = new java.util.LinkedHashSet<>(given);
    java.util.Set<Object> before = new java.util.LinkedHashSet<>();
    old.map(link.ids()).ifPresent(before::addAll);
    List<Object> added = now.stream().filter(id -> !before.contains(id)).toList();
    List<Object> removed = before.stream().filter(id -> !now.contains(id)).toList();
    SnippetHolders<H> holders = link.holders().get();
    List<CompletableFuture<Optional<H>>> reads = new ArrayList<>();
    for (Object id : added) {
      reads.add(holders.byId(id).toCompletableFuture());
    }
    for (Object id : removed) {
      reads.add(holders.byId(id).toCompletableFuture());
    }
    return CompletableFuture.allOf(reads.toArray(new CompletableFuture<?>[0])).thenApply(v -> {
      List<Change<S, ?>> out = new ArrayList<>();
      List<Object> missing = new ArrayList<>();
      for (int i = 0; i < reads.size(); i++) {
        Optional<H> row = reads.get(i).join();
        boolean add = i < added.size();
        if (row.isPresent()) {
          out.add(new Change<>(link, row.get(), add));
        } else if (add) {
          missing.add(added.get(i));
        }
      }
      if (!missing.isEmpty()) {
        throw new io.denorm.InvalidEntityException(source, link.field(), "names " + link.owner() + " " + missing
            + ", which does not exist; save the " + link.owner() + " first (nothing was written)");
      }
      return out;
    });
  }

  /** Saves every owning row with the source added or removed, through its own protocol, at most {@link #IN_FLIGHT} at once. */
  private CompletionStage<Void> applyAll(S entity, List<Change<S, ?>> changes) {
    if (changes.isEmpty()) {
      return CompletableFuture.completedFuture(null);
    }
    java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
    List<CompletableFuture<Void>> lanes = new ArrayList<>();
    for (int lane = 0; lane < Math.min(IN_FLIGHT, changes.size()); lane++) {
      lanes.add(linkLane(entity, changes, next));
    }
    return CompletableFuture.allOf(lanes.toArray(new CompletableFuture<?>[0]));
  }

  private CompletableFuture<Void> linkLane(S entity, List<Change<S, ?>> changes, java.util.concurrent.atomic.AtomicInteger next) {
    int i = next.getAndIncrement();
    if (i >= changes.size()) {
      return CompletableFuture.completedFuture(null);
    }
    return apply(entity, changes.get(i), 1).toCompletableFuture().thenCompose(v -> linkLane(entity, changes, next));
  }

  /**
   * Whether a rewrite failed to a concurrent save of the same row (a lost version check, or a claimed
   * row that changed under every attempt): read again and retried.
   */
  private static boolean lostARace(Throwable cause) {
    return cause instanceof ConcurrentUpdateException || cause instanceof ClaimContentionException;
  }

  private <H> CompletionStage<Void> apply(S entity, Change<S, H> c, int attempt) {
    Link<S, H> link = c.link();
    java.util.function.UnaryOperator<H> change = c.add() ? h -> link.add().apply(h, entity) : h -> link.remove().apply(h, idOf.apply(entity));
    if (change.apply(c.holder()) == null) {
      return CompletableFuture.completedFuture(null); // already as wanted
    }
    SnippetHolders<H> holders = link.holders().get();
    // Changed as stored now (read again), so that a save of the owning row made meanwhile keeps what it wrote.
    return holders.rewrite(c.holder(), change).handle((wrote, error) -> {
      if (error == null) {
        // The row was written from the state read, copies included (an added element copies the
        // source as this save has it): settled as a fan-out's rewrite is, with the ids it now names.
        return wrote ? holders.settle(change.apply(c.holder()), null) : CompletableFuture.<Void>completedFuture(null);
      }
      Throwable cause = unwrap(error);
      if (lostARace(cause) && attempt < ATTEMPTS) {
        return holders.reload(c.holder()).thenCompose(now -> now.isEmpty()
            ? CompletableFuture.<Void>completedFuture(null)
            : apply(entity, new Change<>(link, now.get(), c.add()), attempt + 1));
      }
      return CompletableFuture.<Void>failedFuture(cause);
    }).thenCompose(Function.identity());
  }

  /** The fan-out after a save whose previous state was {@code old} (empty: a new row). */
  public CompletionStage<FanOutReport> afterSave(S saved, Optional<S> old) {
    List<Target<S, ?>> due = new ArrayList<>();
    for (Target<S, ?> t : targets) {
      if (old.isEmpty() || t.changed().test(old.get(), saved)) {
        due.add(t);
      }
    }
    if (due.isEmpty()) {
      stats.skipped.incrementAndGet();
      return CompletableFuture.completedFuture(FanOutReport.none(source, idOf.apply(saved)));
    }
    return run(saved, due);
  }

  /** Fans {@code saved} out to every snippet field, whether or not anything changed. */
  public CompletionStage<FanOutReport> fanOut(S saved) {
    return run(saved, targets);
  }

  private CompletionStage<FanOutReport> run(S saved, List<Target<S, ?>> due) {
    return run(saved, due, false);
  }

  /** {@code check}: holders whose copy differs are counted as {@code updated}, not written. */
  private CompletionStage<FanOutReport> run(S saved, List<Target<S, ?>> due, boolean check) {
    long t0 = System.nanoTime();
    Object id = idOf.apply(saved);
    CompletionStage<FanOutReport> total = CompletableFuture.completedFuture(FanOutReport.none(source, id));
    AtomicReference<Throwable> firstFailure = new AtomicReference<>();
    for (Target<S, ?> t : due) {
      total = total.thenCompose(sum -> target(t, saved, id, firstFailure, check).thenApply(sum::plus));
    }
    return total.thenCompose(report -> {
      if (!check) {
        stats.add(report, System.nanoTime() - t0);
      }
      if (report.failed() > 0) {
        return CompletableFuture.failedFuture(new SnippetFanOutException(report, firstFailure.get()));
      }
      return CompletableFuture.completedFuture(report);
    });
  }

  /** Holders read per page of the reverse index: a fan-out holds one page of holders at a time. */
  public static final int HOLDER_PAGE = 100;

  private <H> CompletionStage<FanOutReport> target(Target<S, H> t, S saved, Object id, AtomicReference<Throwable> firstFailure,
      boolean check) {
    SnippetHolders<H> holders = t.holders().get();
    Tally counts = new Tally();
    AtomicInteger read = new AtomicInteger();
    return pages(t, holders, io.denorm.PageRequest.ofSize(HOLDER_PAGE), saved, id, counts, read, firstFailure, check)
        .thenApply(v -> new FanOutReport(source, id, read.get(), counts.updated.get(), counts.unchanged.get(), counts.retried.get(),
            counts.failed.get()));
  }

  /** The holders of one page, {@link #IN_FLIGHT} at a time, then the next page. */
  private <H> CompletionStage<Void> pages(Target<S, H> t, SnippetHolders<H> holders, io.denorm.PageRequest request, S saved, Object id,
      Tally counts, AtomicInteger read, AtomicReference<Throwable> firstFailure, boolean check) {
    return holders.holdersOf(t.field(), id, request).thenCompose(page -> {
      List<H> found = page.content();
      read.addAndGet(found.size());
      AtomicInteger next = new AtomicInteger();
      List<CompletableFuture<Void>> lanes = new ArrayList<>();
      for (int lane = 0; lane < Math.min(IN_FLIGHT, found.size()); lane++) {
        lanes.add(lane(t, holders, found, next, saved, counts, firstFailure, check));
      }
      CompletableFuture<Void> done = CompletableFuture.allOf(lanes.toArray(new CompletableFuture<?>[0]));
      return page.nextRequest(request.size())
          .<CompletionStage<Void>>map(more -> done.thenCompose(v -> pages(t, holders, more, saved, id, counts, read, firstFailure, check)))
          .orElse(done);
    });
  }

  /** One lane: takes the next holder when its previous one is done. */
  private <H> CompletableFuture<Void> lane(Target<S, H> t, SnippetHolders<H> holders, List<H> found, AtomicInteger next, S saved,
      Tally counts, AtomicReference<Throwable> firstFailure, boolean check) {
    int i = next.getAndIncrement();
    if (i >= found.size()) {
      return CompletableFuture.completedFuture(null);
    }
    if (check) {
      (t.refresh().apply(found.get(i), saved) == null ? counts.unchanged : counts.updated).incrementAndGet();
      return lane(t, holders, found, next, saved, counts, firstFailure, true);
    }
    return refresh(t, holders, found.get(i), saved, 1, counts).toCompletableFuture().handle((v, error) -> {
      if (error != null) {
        firstFailure.compareAndSet(null, unwrap(error));
        counts.failed.incrementAndGet();
        LOG.warn("{}.{}: copy in holder {} not refreshed from its saved source (SnippetSource.repairSnippets fixes it): {}", t.holder(), t.field(),
            found.get(i), String.valueOf(unwrap(error)));
      }
      return null;
    }).thenCompose(v -> lane(t, holders, found, next, saved, counts, firstFailure, false));
  }

  private <H> CompletionStage<Void> refresh(Target<S, H> t, SnippetHolders<H> holders, H holder, S saved, int attempt, Tally counts) {
    if (t.refresh().apply(holder, saved) == null) {
      counts.unchanged.incrementAndGet();
      return CompletableFuture.completedFuture(null);
    }
    // The holder is read again and refreshed as stored now, not as the index read found it: a save of
    // the holder made in between keeps every field it wrote.
    // Once written, the copies are settled: the source read again, then the row, until nothing
    // differs (a holder save that copied the source before this save landed may have come after).
    return holders.rewrite(holder, now -> t.refresh().apply(now, saved)).handle((wrote, error) -> {
      if (error == null) {
        (wrote ? counts.updated : counts.unchanged).incrementAndGet();
        return wrote ? holders.settle(holder, null) : CompletableFuture.<Void>completedFuture(null);
      }
      Throwable cause = unwrap(error);
      if (lostARace(cause) && attempt < ATTEMPTS) {
        counts.retried.incrementAndGet();
        LOG.debug("{}.{}: rewrite of holder {} lost to a concurrent save (attempt {}), reading it again", t.holder(), t.field(), holder, attempt);
        return holders.reload(holder).thenCompose(now -> now.isEmpty()
            ? CompletableFuture.<Void>completedFuture(null)
            : refresh(t, holders, now.get(), saved, attempt + 1, counts));
      }
      return CompletableFuture.<Void>failedFuture(cause);
    }).thenCompose(Function.identity());
  }

  /**
   * Checks (or, with {@code repair}, fans out again) every source row of {@code segments}, one at a
   * time: {@link SnippetSource#verifySnippets} and {@link SnippetSource#repairSnippets}.
   */
  public SnippetReport verifyAll(List<io.denorm.index.IndexScans.Segment<S>> segments, boolean repair) {
    long started = System.nanoTime();
    long[] totals = new long[5]; // sources, holders, stale, fixed, failed
    for (io.denorm.index.IndexScans.Segment<S> segment : segments) {
      try {
        segment.forEach(row -> {
          totals[0]++;
          FanOutReport r;
          if (repair) {
            r = run(row, targets, false).handle((report, error) -> {
              if (error == null) {
                return report;
              }
              Throwable cause = unwrap(error);
              return cause instanceof SnippetFanOutException partial ? partial.report() : FanOutReport.none(source, idOf.apply(row)).plus(
                  new FanOutReport(source, idOf.apply(row), 0, 0, 0, 0, 1));
            }).toCompletableFuture().join();
            totals[2] += r.updated() + r.failed();
            totals[3] += r.updated();
          } else {
            // A source whose holders could not be read counts as failed; the check goes on.
            r = run(row, targets, true).handle((report, error) -> error == null ? report
                : new FanOutReport(source, idOf.apply(row), 0, 0, 0, 0, 1)).toCompletableFuture().join();
            totals[2] += r.updated();
          }
          totals[1] += r.holders();
          totals[4] += r.failed();
        });
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new io.denorm.DenormException("interrupted while checking the snippets of " + source, e);
      } catch (RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new io.denorm.DenormException("checking the snippets of " + source + " failed: " + e.getMessage(), e);
      }
    }
    return new SnippetReport(source, repair, totals[0], totals[1], totals[2], totals[3], totals[4],
        java.time.Duration.ofNanos(System.nanoTime() - started));
  }

  /** What the lanes of one snippet field did, counted as they go. */
  private static final class Tally {
    final AtomicInteger updated = new AtomicInteger();
    final AtomicInteger unchanged = new AtomicInteger();
    final AtomicInteger retried = new AtomicInteger();
    final AtomicInteger failed = new AtomicInteger();
  }

  private static Throwable unwrap(Throwable t) {
    return t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
  }
}
