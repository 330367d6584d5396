package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.InvalidEntityException;
import io.denorm.examples.catalog.CatalogNode;
import io.denorm.examples.catalog.CatalogNodeDao;
import io.denorm.tree.NestedSets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The example nested sets on a real store: a rebuild numbers the catalogue, the products under a
 * category come back from one range read of the numbering, and a change to the tree makes the
 * numbering stale (reads walk the tree instead) until the next rebuild. Every answer is checked
 * against the tree kept in memory, numbered or not.
 */
abstract class NestedSetContract {

  static CatalogNodeDao catalog;

  static void use(Stores.Store s) {
    catalog = s.dao(CatalogNodeDao.class, "nested_set_test", List.of("CatalogNode"));
  }

  /** The tree in memory: id to (parent, name). */
  final Map<String, String[]> memory = new HashMap<>();

  void save(String id, String parent, String name) {
    catalog.save(new CatalogNode(id, parent, name));
    memory.put(id, new String[] {parent, name});
  }

  void delete(String id) {
    catalog.deleteById(id);
    memory.remove(id);
  }

  /** The leaves under {@code id} in memory: depth first, siblings by name then id; a leaf's are itself. */
  List<String> expectedLeaves(String id) {
    if (!memory.containsKey(id)) {
      return List.of();
    }
    Map<String, List<String>> children = new HashMap<>();
    memory.forEach((child, v) -> {
      if (v[0] != null) {
        children.computeIfAbsent(v[0], p -> new ArrayList<>()).add(child);
      }
    });
    Comparator<String> byName = Comparator.<String, String>comparing(c -> memory.get(c)[1]).thenComparing(c -> c);
    List<String> out = new ArrayList<>();
    collect(id, children, byName, out);
    return out;
  }

  private static void collect(String id, Map<String, List<String>> children, Comparator<String> order, List<String> out) {
    List<String> kids = new ArrayList<>(children.getOrDefault(id, List.of()));
    if (kids.isEmpty()) {
      out.add(id);
      return;
    }
    kids.sort(order);
    for (String k : kids) {
      collect(k, children, order, out);
    }
  }

  /** Index rows the DAO has read so far: a walk reads the index by parent, the numbering does not. */
  static long indexRows() {
    return ((io.denorm.index.IndexedDao<?>) catalog).indexReadStats().indexRows();
  }

  static List<String> ids(List<CatalogNode> nodes) {
    return nodes.stream().map(CatalogNode::id).toList();
  }

  void assertAgreesWithMemory(String id) {
    List<String> expected = expectedLeaves(id);
    assertEquals(expected, ids(catalog.findLeaves(id)), "leaves under " + id);
    assertEquals(expected.size(), catalog.countLeaves(id), "leaf count under " + id);
  }

  @Test
  void productsUnderMensShoesComeFromTheNumbering() {
    save("all", null, "All Products");
    save("men", "all", "Men");
    save("women", "all", "Women");
    save("men-shoes", "men", "Men's Shoes");
    save("men-clothing", "men", "Men's Clothing");
    save("women-shoes", "women", "Women's Shoes");
    save("women-bags", "women", "Women's Bags");
    save("p-oxford", "men-shoes", "Oxford");
    save("p-runner", "men-shoes", "Runner");
    save("p-boot", "men-shoes", "Boot");
    save("p-jeans", "men-clothing", "Jeans");
    save("p-shirt", "men-clothing", "Shirt");
    save("p-heels", "women-shoes", "Heels");
    save("p-flats", "women-shoes", "Flats");
    // Never numbered: the reads walk the tree.
    assertFalse(catalog.isNestedSetCurrent("all"));
    long walked = indexRows();
    assertEquals(List.of("p-boot", "p-oxford", "p-runner"), ids(catalog.findLeaves("men-shoes")));
    assertEquals(walked + 3, indexRows(), "a walk reads the 3 children of men-shoes from the index by parent");

    NestedSets.Numbering first = catalog.rebuildNestedSet("all");
    assertEquals(new NestedSets.Numbering("all", first.generation(), 14, 8), first, "14 nodes, 8 leaves (7 products and the empty Women's Bags)");
    assertTrue(first.generation() > 0);
    assertTrue(catalog.isNestedSetCurrent("all"));
    assertEquals(List.of("p-boot", "p-oxford", "p-runner"), ids(catalog.findLeaves("men-shoes")), "siblings by name");
    long numbered = indexRows();
    assertEquals(List.of("p-jeans", "p-shirt", "p-boot", "p-oxford", "p-runner", "women-bags", "p-flats", "p-heels"), ids(catalog.findLeaves("all")));
    assertEquals(numbered, indexRows(), "served by the numbering: no index row read, no walk");
    assertEquals(5, catalog.countLeaves("men"));
    assertEquals(8, catalog.countLeaves("all"));
    assertEquals(List.of("p-heels"), ids(catalog.findLeaves("p-heels")), "a leaf's leaves are itself");
    assertEquals(1, catalog.countLeaves("p-heels"));
    assertEquals(List.of(), catalog.findLeaves("nothing"));
    assertEquals(0, catalog.countLeaves("nothing"));
    InvalidEntityException noId = assertThrows(InvalidEntityException.class, () -> catalog.save(new CatalogNode(null, "men-shoes", "No id")));
    assertTrue(noId.getMessage().contains("CatalogNode") && noId.getMessage().contains("id"), noId.getMessage());
    assertTrue(catalog.isNestedSetCurrent("all"), "a refused save writes nothing and records no change");
    assertEquals(expectedLeaves("all"), ids(catalog.findLeavesAsync("all").toCompletableFuture().join()));

    // A change of another field keeps the numbering; the rows come from their masters.
    catalog.save(new CatalogNode("p-boot", "men-shoes", "Boot"));
    assertTrue(catalog.isNestedSetCurrent("all"), "the same row saved again changes no shape");
    save("men-shoes", "men", "Men's Shoes");
    assertTrue(catalog.isNestedSetCurrent("all"));

    // A new product: stale, and the reads walk (and see it) until the rebuild.
    save("p-loafer", "men-shoes", "Loafer");
    assertFalse(catalog.isNestedSetCurrent("all"));
    long stale = indexRows();
    assertAgreesWithMemory("men-shoes");
    assertTrue(indexRows() > stale, "stale: walked");
    assertAgreesWithMemory("all");
    NestedSets.Numbering second = catalog.rebuildNestedSet("all");
    assertNotEquals(first.generation(), second.generation(), "each rebuild writes a generation of its own");
    assertEquals(9, second.leaves());
    assertTrue(catalog.isNestedSetCurrent("all"));
    long current = indexRows();
    assertAgreesWithMemory("men-shoes");
    assertEquals(current, indexRows(), "current again: no walk");

    // A rename that reorders siblings makes it stale too.
    save("p-boot", "men-shoes", "Work Boot");
    assertFalse(catalog.isNestedSetCurrent("all"));
    assertAgreesWithMemory("men-shoes");
    catalog.rebuildNestedSet("all");
    assertAgreesWithMemory("men-shoes");

    // A move and a delete.
    save("men-shoes", "women", "Men's Shoes");
    delete("p-shirt");
    assertFalse(catalog.isNestedSetCurrent("all"));
    for (String id : List.of("all", "men", "women", "men-shoes")) {
      assertAgreesWithMemory(id);
    }
    NestedSets.Numbering fourth = catalog.rebuildNestedSet("all");
    assertEquals(14, fourth.nodes(), "Loafer in, Shirt out");
    assertEquals(8, fourth.leaves());
    assertTrue(catalog.isNestedSetCurrent("all"));
    for (String id : List.of("all", "men", "women", "men-shoes", "men-clothing", "p-jeans")) {
      assertAgreesWithMemory(id);
    }

    // A rebuild starts at a root that exists.
    IllegalArgumentException notRoot = assertThrows(IllegalArgumentException.class, () -> catalog.rebuildNestedSet("men"));
    assertTrue(notRoot.getMessage().contains("CatalogNode 'men' is under 'all'"), notRoot.getMessage());
    IllegalArgumentException missing = assertThrows(IllegalArgumentException.class, () -> catalog.rebuildNestedSet("nothing"));
    assertTrue(missing.getMessage().contains("no CatalogNode 'nothing'"), missing.getMessage());
  }

  @Test
  void randomTreesAgreeWithMemoryNumberedAndStale() {
    Random random = new Random(14);
    // Two trees of one set: a change anywhere makes both stale; each rebuild makes its own tree current.
    List<String> r = new ArrayList<>(List.of("r"));
    List<String> q = new ArrayList<>(List.of("q"));
    save("r", null, "root r");
    save("q", null, "root q");
    for (int i = 0; i < 160; i++) {
      List<String> tree = i % 4 == 0 ? q : r;
      String id = tree.get(0) + i;
      save(id, tree.get(random.nextInt(tree.size())), "n" + random.nextInt(50));
      tree.add(id);
    }
    catalog.rebuildNestedSet("r");
    assertTrue(catalog.isNestedSetCurrent("r"));
    assertFalse(catalog.isNestedSetCurrent("q"));
    catalog.rebuildNestedSet("q");
    assertTrue(catalog.isNestedSetCurrent("r"), "q's rebuild recorded no change");
    assertTrue(catalog.isNestedSetCurrent("q"));
    for (String id : r) {
      assertAgreesWithMemory(id);
    }
    for (String id : q) {
      assertAgreesWithMemory(id);
    }
    for (int round = 0; round < 4; round++) {
      // Moves within r that do not create a cycle, and new nodes.
      for (int k = 0; k < 6; k++) {
        String node = r.get(1 + random.nextInt(r.size() - 1));
        String target = r.get(random.nextInt(r.size()));
        if (!isUnder(target, node)) {
          save(node, target, memory.get(node)[1]);
        }
      }
      String fresh = "x" + round;
      save(fresh, r.get(random.nextInt(r.size())), "n" + random.nextInt(50));
      r.add(fresh);
      assertFalse(catalog.isNestedSetCurrent("r"));
      assertFalse(catalog.isNestedSetCurrent("q"));
      for (int k = 0; k < 10; k++) {
        assertAgreesWithMemory(r.get(random.nextInt(r.size())));
      }
      assertAgreesWithMemory("r");
      catalog.rebuildNestedSet("r");
      assertTrue(catalog.isNestedSetCurrent("r"));
      for (int k = 0; k < 40; k++) {
        assertAgreesWithMemory(r.get(random.nextInt(r.size())));
      }
      assertAgreesWithMemory("r");
    }
    for (String id : r) {
      assertAgreesWithMemory(id);
    }
  }

  @Test
  void aChangeDuringARebuildLeavesNoCurrentNumberingThatMissesIt() throws Exception {
    save("c", null, "root c");
    for (int i = 0; i < 60; i++) {
      save("c" + i, i < 6 ? "c" : "c" + (i % 6), "n" + i);
    }
    catalog.rebuildNestedSet("c");
    Map<String, String> added = new TreeMap<>();
    for (int round = 0; round < 8; round++) {
      String id = "late" + round;
      String parent = "c" + (round % 6);
      Parallel.run(2, thread -> {
        if (thread == 0) {
          catalog.rebuildNestedSet("c");
        } else {
          catalog.save(new CatalogNode(id, parent, "late"));
        }
      });
      memory.put(id, new String[] {parent, "late"});
      added.put(id, parent);
      // Whichever finished first: a current numbering holds the new node, a stale one is walked.
      assertAgreesWithMemory("c");
      assertAgreesWithMemory(parent);
    }
    catalog.rebuildNestedSet("c");
    assertTrue(catalog.isNestedSetCurrent("c"));
    assertAgreesWithMemory("c");
    assertEquals(8, added.size());
  }

  private boolean isUnder(String node, String ancestor) {
    for (String at = node; at != null; at = memory.get(at)[0]) {
      if (at.equals(ancestor)) {
        return true;
      }
    }
    return false;
  }
}
