package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.examples.catalog.Category;
import io.denorm.examples.catalog.CategoryDao;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The example adjacency lists ({@code @ParentId}) on a real store: children, and subtrees walked level by level, against the tree in memory. */
abstract class AdjacencyContract {

  static CategoryDao categories;

  static void use(Stores.Store s) {
    categories = s.dao(CategoryDao.class, "adjacency_test", List.of("Category"));
  }

  static void save(String id, String parent, String name) {
    categories.save(new Category(id, parent, name));
  }

  static Set<String> ids(List<Category> found) {
    return found.stream().map(Category::id).collect(Collectors.toSet());
  }

  @Test
  void theSeedsCatalogueReadDownwards() {
    save("all", null, "All Products");
    save("men", "all", "Men");
    save("women", "all", "Women");
    save("men-shoes", "men", "Men's Shoes");
    save("men-clothing", "men", "Men's Clothing");
    save("sneakers", "men-shoes", "Sneakers");
    save("boots", "men-shoes", "Boots");
    save("running", "sneakers", "Running Shoes");
    assertEquals(Set.of("men", "women"), ids(categories.findChildren("all")));
    assertEquals(Set.of("sneakers", "boots"), ids(categories.findChildren("men-shoes")));
    assertEquals(List.of(), categories.findChildren("boots"));
    List<Category> under = categories.findSubtree("men-shoes", 10);
    assertEquals(Set.of("sneakers", "boots", "running"), ids(under));
    assertEquals("running", under.get(2).id(), "breadth first: the children, then the grandchild");
    assertEquals(Set.of("men", "women"), ids(categories.findSubtree("all", 1)));
    assertEquals(Set.of("men", "women", "men-shoes", "men-clothing"), ids(categories.findSubtree("all", 2)));
    assertEquals(List.of(), categories.findSubtree("all", 0));
    // A move: boots go under men-clothing; the index follows.
    save("boots", "men-clothing", "Boots");
    assertEquals(Set.of("sneakers"), ids(categories.findChildren("men-shoes")));
    assertEquals(Set.of("boots"), ids(categories.findChildren("men-clothing")));
    assertTrue(categories.deleteById("running"));
    assertEquals(Set.of("sneakers"), ids(categories.findSubtree("men-shoes", 10)));
  }

  @Test
  void aRandomTreeWalkedLevelByLevelAgreesWithTheTreeInMemory() throws Exception {
    Random random = new Random(12);
    Map<String, List<String>> children = new HashMap<>();
    List<String> nodes = new ArrayList<>(List.of("r"));
    save("r", null, "root");
    List<String[]> edges = new ArrayList<>();
    for (int i = 1; i < 400; i++) {
      String parent = nodes.get(random.nextInt(nodes.size()));
      String id = "n" + i;
      nodes.add(id);
      edges.add(new String[] {id, parent});
      children.computeIfAbsent(parent, k -> new ArrayList<>()).add(id);
    }
    Parallel.run(4, t -> {
      for (int i = t; i < edges.size(); i += 4) {
        save(edges.get(i)[0], edges.get(i)[1], "node " + edges.get(i)[0]);
      }
    });
    for (String from : List.of("r", "n1", "n7", nodes.get(200))) {
      for (int depth : new int[] {1, 2, 3, 50}) {
        // The levels in memory: each level as a set (the order within a level follows the reads).
        List<Set<String>> levels = new ArrayList<>();
        List<String> frontier = List.of(from);
        for (int d = 0; d < depth && !frontier.isEmpty(); d++) {
          List<String> next = frontier.stream().flatMap(n -> children.getOrDefault(n, List.of()).stream()).toList();
          if (!next.isEmpty()) {
            levels.add(Set.copyOf(next));
          }
          frontier = next;
        }
        List<Category> found = categories.findSubtree(from, depth);
        int at = 0;
        for (Set<String> level : levels) {
          assertEquals(level, ids(found.subList(at, at + level.size())), "level under " + from + " at depth " + depth);
          at += level.size();
        }
        assertEquals(at, found.size(), "subtree of " + from + ", " + depth + " levels");
      }
    }
    assertEquals(399, categories.findSubtreeAsync("r", 1000).toCompletableFuture().join().size());
  }

  @Test
  void aCycleEndsTheWalk() {
    save("c1", "c3", "one");
    save("c2", "c1", "two");
    save("c3", "c2", "three");
    List<Category> found = categories.findSubtree("c1", 100);
    assertEquals(List.of("c2", "c3"), found.stream().map(Category::id).toList(), "c1 is the root; met again under c3, it is not returned");
  }
}
