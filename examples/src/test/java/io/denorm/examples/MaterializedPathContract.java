package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.InvalidEntityException;
import io.denorm.examples.catalog.ShopCategory;
import io.denorm.examples.catalog.ShopCategoryDao;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The example materialized paths on a real store: the path kept by every save, "Men's Shoes and
 * everything below it" in one range read, and a move rewriting its subtree's paths; checked against
 * the tree in memory.
 */
abstract class MaterializedPathContract {

  static ShopCategoryDao categories;

  static void use(Stores.Store s) {
    categories = s.dao(ShopCategoryDao.class, "path_test", List.of("ShopCategory"));
  }

  static void save(String id, String parent) {
    categories.save(new ShopCategory(id, parent, "name of " + id));
  }

  static String path(String id) {
    return categories.findById(id).orElseThrow().path();
  }

  static List<String> ids(List<ShopCategory> found) {
    return found.stream().map(ShopCategory::id).toList();
  }

  @Test
  void menShoesAndEverythingBelowIt() {
    save("all", null);
    save("men", "all");
    save("women", "all");
    save("men-shoes", "men");
    save("men-clothing", "men");
    save("sneakers", "men-shoes");
    save("boots", "men-shoes");
    save("running", "sneakers");
    assertEquals("all/men/men-shoes/sneakers/running/", path("running"));
    assertEquals("all/men/men-shoes/sneakers/running/", categories.save(new ShopCategory("running", "sneakers", "Running Shoes")).path(),
        "the save returns the category with its path");
    assertEquals(List.of("men-clothing", "men-shoes"), ids(categories.findChildren("men")).stream().sorted().toList());
    assertEquals(List.of("boots", "sneakers", "running"), ids(categories.findDescendants("men-shoes")), "path order: all/men/men-shoes/boots/ first");
    assertEquals(List.of(), categories.findDescendants("boots"));
    assertEquals(List.of(), categories.findDescendants("nothing"));
    assertEquals(7, categories.findDescendants("all").size());
    // Moving Men's Shoes under Women rewrites its path and the paths of everything below it.
    save("men-shoes", "women");
    assertEquals("all/women/men-shoes/sneakers/running/", path("running"));
    assertEquals("all/women/men-shoes/boots/", path("boots"));
    assertEquals(List.of("men-clothing"), ids(categories.findDescendants("men")));
    assertEquals(List.of("men-shoes", "boots", "sneakers", "running"), ids(categories.findDescendants("women")));
    // Into its own subtree, or under a missing parent: refused, nothing written.
    InvalidEntityException cycle = assertThrows(InvalidEntityException.class, () -> save("men-shoes", "sneakers"));
    assertTrue(cycle.getMessage().contains("cannot move into its own subtree"), cycle.getMessage());
    assertThrows(InvalidEntityException.class, () -> save("orphan", "nobody"));
    assertThrows(InvalidEntityException.class, () -> save("a/b", "all"));
    assertEquals("all/women/men-shoes/", path("men-shoes"));
    assertTrue(categories.findById("orphan").isEmpty());
  }

  @Test
  void randomMovesKeepEveryPathAndDescendantSetRight() {
    Random random = new Random(21);
    Map<String, String> parent = new HashMap<>();
    List<String> nodes = new ArrayList<>(List.of("t"));
    save("t", null);
    for (int i = 1; i < 120; i++) {
      String p = nodes.get(random.nextInt(nodes.size()));
      String id = "t" + i;
      save(id, p);
      parent.put(id, p);
      nodes.add(id);
    }
    for (int move = 0; move < 25; move++) {
      String id = nodes.get(1 + random.nextInt(nodes.size() - 1));
      String to = nodes.get(random.nextInt(nodes.size()));
      if (pathInMemory(to, parent).contains("/" + id + "/") || pathInMemory(to, parent).startsWith(id + "/") || to.equals(id)) {
        continue; // into its own subtree: refused (tested above)
      }
      save(id, to);
      parent.put(id, to);
    }
    for (String id : nodes) {
      assertEquals(pathInMemory(id, parent), path(id), id);
    }
    for (String id : List.of("t", "t1", "t2", "t5", "t17")) {
      String prefix = pathInMemory(id, parent);
      List<String> expected = nodes.stream().filter(n -> !n.equals(id) && pathInMemory(n, parent).startsWith(prefix))
          .sorted((a, b) -> pathInMemory(a, parent).compareTo(pathInMemory(b, parent))).toList();
      assertEquals(expected, ids(categories.findDescendants(id)), "under " + id);
    }
  }

  static String pathInMemory(String id, Map<String, String> parent) {
    String p = parent.get(id);
    return (p == null ? "" : pathInMemory(p, parent)) + id + "/";
  }
}
