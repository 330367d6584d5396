package io.denorm.tree;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * Nested sets ({@code @NestedSet}): each tree's leaves numbered depth first, each node mapped to
 * the range {@code [first, end)} of the leaf numbers under it. A rebuild numbers one tree; reads use
 * the numbering while no change was recorded since it was made, and walk the adjacency list
 * otherwise.
 */
public final class NestedSets {

  private NestedSets() {}

  /** Where a node sits in its tree's numbering: leaves {@code first} (inclusive) to {@code end} (exclusive) of generation {@code generation}. */
  public record Range(String root, int generation, int first, int end) {}

  /**
   * A tree's published numbering: its generation (0: never numbered), the generation published
   * before it (0: none), the change token it was made at, and the set's current change token. The
   * numbering is current when both tokens are equal.
   */
  public record TreeState(int generation, int previous, UUID numberedAt, UUID changed) {
    public boolean current(int generation) {
      return this.generation > 0 && this.generation == generation && numberedAt != null && numberedAt.equals(changed);
    }
  }

  /** What a rebuild wrote. */
  public record Numbering(String root, int generation, int nodes, int leaves) {}

  /** The three tables of a nested set, on one store. */
  public interface Tables {
    /** The set's name, {@code catalog_leaves}. */
    String name();

    CompletionStage<Optional<Range>> range(String id);

    /** The state of the tree rooted at {@code root}, with the set's change token. */
    CompletionStage<TreeState> tree(String root);

    /** The ids of leaves {@code first} to {@code end} (exclusive) of generation {@code generation} of the tree, in number order: one range read. */
    CompletionStage<List<String>> leaves(String root, int generation, int first, int end);

    /** The set's stored change token, if one was ever stored. */
    CompletionStage<Optional<UUID>> storedToken();

    /** Stores {@code token} as the set's change token. */
    CompletionStage<Void> storeToken(UUID token);

    /** The set's change token, one made and stored first when there is none. */
    default CompletionStage<UUID> changeToken() {
      return storedToken().thenCompose(found -> {
        if (found.isPresent()) {
          return CompletableFuture.completedFuture(found.get());
        }
        UUID fresh = newToken();
        return storeToken(fresh).thenApply(done -> fresh);
      });
    }

    /** Records a change: a new change token, which makes every numbered tree of the set stale. */
    default CompletionStage<Void> markChanged() {
      return storeToken(newToken());
    }

    /** Writes generation {@code generation} of the tree: its leaves, numbered from 0 in list order, and the range of every node. */
    CompletionStage<Void> write(String root, int generation, List<String> leaves, Map<String, Range> ranges);

    /** Makes {@code generation} the tree's published numbering, made at change token {@code numberedAt}, after {@code previous}. */
    CompletionStage<Void> publish(String root, int generation, int previous, UUID numberedAt);

    /** Removes the leaves of a generation no read uses any more. */
    CompletionStage<Void> drop(String root, int generation);
  }

  /** How the nodes of the entity are read, for the operations below. */
  public record Tree<E>(
      String entity,
      String idField,
      Function<E, String> idOf,
      Function<E, String> parentOf,
      Comparator<E> siblings,
      Function<String, CompletionStage<Optional<E>>> byId,
      Function<List<Object>, CompletionStage<Map<Object, E>>> rows,
      Function<Object, CompletionStage<List<E>>> children,
      Tables tables) {}

  /**
   * Numbers the tree rooted at {@code rootId}: reads it level by level, numbers its leaves depth
   * first (siblings in {@link Tree#siblings} order), writes the numbering as a new generation,
   * publishes it, then drops the generation before the previous one. A generation is a random
   * positive number, so two rebuilds of one tree at once write apart: the last to publish wins, and
   * the nodes whose range the other wrote last are walked until the next rebuild.
   */
  public static <E> CompletionStage<Numbering> rebuild(String rootId, Tree<E> tree) {
    Objects.requireNonNull(rootId, "rootId");
    return tree.byId().apply(rootId).thenCompose(root -> {
      if (root.isEmpty()) {
        throw new IllegalArgumentException("no " + tree.entity() + " '" + rootId + "' to number the tree of");
      }
      String parent = tree.parentOf().apply(root.get());
      if (parent != null) {
        throw new IllegalArgumentException(tree.entity() + " '" + rootId + "' is under '" + parent + "'; a nested set numbers a whole tree: rebuild from its root");
      }
      // The token is read before the tree: a change recorded after this moment makes the numbering stale.
      return tree.tables().changeToken().thenCompose(token -> Trees.breadthFirst((Object) rootId, Integer.MAX_VALUE, tree.children(), e -> (Object) tree.idOf().apply(e))
          .thenCompose(nodes -> tree.tables().tree(rootId).thenCompose(state -> {
            int generation = newGeneration(state);
            List<String> leaves = new ArrayList<>();
            Map<String, Range> ranges = new LinkedHashMap<>();
            number(root.get(), nodes, tree, generation, rootId, leaves, ranges);
            return tree.tables().write(rootId, generation, leaves, ranges)
                .thenCompose(written -> tree.tables().publish(rootId, generation, state.generation(), token))
                .thenCompose(published -> state.previous() > 0 && state.previous() != generation ? tree.tables().drop(rootId, state.previous())
                    : CompletableFuture.completedFuture(null))
                .thenApply(dropped -> new Numbering(rootId, generation, ranges.size(), leaves.size()));
          })));
    });
  }

  /** A random positive generation other than the tree's current and previous ones. */
  static int newGeneration(TreeState state) {
    java.util.concurrent.ThreadLocalRandom random = java.util.concurrent.ThreadLocalRandom.current();
    int g;
    do {
      g = random.nextInt(1, Integer.MAX_VALUE);
    } while (g == state.generation() || g == state.previous());
    return g;
  }

  /** The leaves under {@code id} in depth-first order; a leaf's are itself; none for an id that does not exist. */
  public static <E> CompletionStage<List<E>> leaves(String id, Tree<E> tree) {
    Objects.requireNonNull(id, "id");
    return numbered(id, tree).thenCompose(ids -> ids.isPresent()
        ? tree.rows().apply(new ArrayList<>(ids.get())).thenApply(found -> io.denorm.References.inOrder(ids.get(), found))
        : walk(id, tree));
  }

  /** How many leaves are under {@code id}: the length of its range when its tree is current, a walk otherwise. */
  public static <E> CompletionStage<Long> count(String id, Tree<E> tree) {
    Objects.requireNonNull(id, "id");
    return current(id, tree).thenCompose(range -> range.isPresent()
        ? CompletableFuture.completedFuture((long) (range.get().end() - range.get().first()))
        : walk(id, tree).thenApply(leaves -> (long) leaves.size()));
  }

  /** Whether the tree rooted at {@code rootId} has a numbering made after the last recorded change. */
  public static CompletionStage<Boolean> isCurrent(String rootId, Tables tables) {
    Objects.requireNonNull(rootId, "rootId");
    return tables.tree(rootId).thenApply(state -> state.current(state.generation()));
  }

  /** The node's range when its tree's numbering is current and holds it. */
  private static <E> CompletionStage<Optional<Range>> current(String id, Tree<E> tree) {
    return tree.tables().range(id).thenCompose(range -> range.isEmpty() ? CompletableFuture.completedFuture(Optional.<Range>empty())
        : tree.tables().tree(range.get().root()).thenApply(state -> state.current(range.get().generation()) ? range : Optional.<Range>empty()));
  }

  /** The ids of the leaves under {@code id} from the numbering (the range read sent with the state read), when current. */
  private static <E> CompletionStage<Optional<List<String>>> numbered(String id, Tree<E> tree) {
    return tree.tables().range(id).thenCompose(range -> {
      if (range.isEmpty()) {
        return CompletableFuture.completedFuture(Optional.<List<String>>empty());
      }
      Range r = range.get();
      CompletableFuture<TreeState> state = tree.tables().tree(r.root()).toCompletableFuture();
      CompletableFuture<List<String>> ids = tree.tables().leaves(r.root(), r.generation(), r.first(), r.end()).toCompletableFuture();
      return state.thenCombine(ids, (s, leafIds) -> s.current(r.generation()) ? Optional.of(leafIds) : Optional.<List<String>>empty());
    });
  }

  /** The leaves under {@code id} found by walking the adjacency list. */
  static <E> CompletionStage<List<E>> walk(String id, Tree<E> tree) {
    return tree.byId().apply(id).thenCompose(node -> node.isEmpty() ? CompletableFuture.completedFuture(List.<E>of())
        : Trees.breadthFirst((Object) id, Integer.MAX_VALUE, tree.children(), e -> (Object) tree.idOf().apply(e)).thenApply(nodes -> {
          List<String> leafIds = new ArrayList<>();
          Map<String, Range> ranges = new HashMap<>();
          number(node.get(), nodes, tree, 0, id, leafIds, ranges);
          Map<String, E> byId = new HashMap<>();
          byId.put(id, node.get());
          nodes.forEach(n -> byId.put(tree.idOf().apply(n), n));
          return leafIds.stream().map(byId::get).toList();
        }));
  }

  /**
   * Numbers the leaves under {@code root} depth first into {@code leaves} and the range of each
   * node into {@code ranges}. {@code nodes} are the nodes under the root; a node whose parent is not
   * among them (or is itself) is left out.
   */
  static <E> void number(E root, List<E> nodes, Tree<E> tree, int generation, String rootId, List<String> leaves, Map<String, Range> ranges) {
    Map<String, List<E>> children = new HashMap<>();
    for (E n : nodes) {
      children.computeIfAbsent(tree.parentOf().apply(n), p -> new ArrayList<>()).add(n);
    }
    children.values().forEach(list -> list.sort(tree.siblings()));
    // Iterative depth-first walk: a node is entered (its first leaf noted), then left after its children.
    Deque<Object[]> stack = new ArrayDeque<>();
    stack.push(new Object[] {root, Boolean.FALSE, 0});
    java.util.Set<String> entered = new java.util.HashSet<>();
    while (!stack.isEmpty()) {
      Object[] frame = stack.pop();
      @SuppressWarnings("unchecked")
      E node = (E) frame[0];
      String id = tree.idOf().apply(node);
      if (frame[1] == Boolean.TRUE) {
        ranges.put(id, new Range(rootId, generation, (Integer) frame[2], leaves.size()));
        continue;
      }
      if (!entered.add(id)) {
        continue;
      }
      List<E> kids = children.getOrDefault(id, List.of());
      if (kids.isEmpty()) {
        ranges.put(id, new Range(rootId, generation, leaves.size(), leaves.size() + 1));
        leaves.add(id);
        continue;
      }
      stack.push(new Object[] {node, Boolean.TRUE, leaves.size()});
      for (int i = kids.size() - 1; i >= 0; i--) {
        stack.push(new Object[] {kids.get(i), Boolean.FALSE, 0});
      }
    }
  }

  /** Siblings ordered by {@code key} (nulls first), then by id. */
  public static <E, C extends Comparable<? super C>> Comparator<E> siblingsBy(Function<E, C> key, Function<E, String> idOf) {
    return Comparator.comparing(key, Comparator.nullsFirst(Comparator.<C>naturalOrder())).thenComparing(idOf);
  }

  /** Siblings ordered by id. */
  public static <E> Comparator<E> siblingsById(Function<E, String> idOf) {
    return Comparator.comparing(idOf);
  }

  /**
   * Whether writing {@code after} over {@code before} (null: no row) changes the shape of a tree:
   * a new node or a new parent. Other fields leave the numbering current.
   */
  public static <E> boolean reshapes(E before, E after, Function<E, String> parentOf) {
    return before == null || !Objects.equals(parentOf.apply(before), parentOf.apply(after));
  }

  /**
   * The stored row of {@code node}'s id, null when there is none or no node or id to read by (the
   * save then refuses it). An id too large for a key is refused here, before the read.
   */
  public static <E> CompletionStage<E> before(E node, Tree<E> tree) {
    String id = node == null ? null : tree.idOf().apply(node);
    if (id == null) {
      return CompletableFuture.completedFuture(null);
    }
    io.denorm.KeyChecks.keyComponent(tree.entity(), tree.idField(), id);
    return tree.byId().apply(id).thenApply(found -> found.orElse(null));
  }

  /**
   * Records a change of the set when writing {@code after} over {@code before} {@linkplain #reshapes
   * reshapes} a tree or moves the node among its siblings (its order field changed).
   */
  public static <E> CompletionStage<Void> recordIf(E before, E after, Tree<E> tree) {
    boolean changed = reshapes(before, after, tree.parentOf()) || tree.siblings().compare(before, after) != 0;
    return changed ? tree.tables().markChanged() : CompletableFuture.completedFuture(null);
  }

  /** A new change token. */
  public static UUID newToken() {
    return UUID.randomUUID();
  }
}
