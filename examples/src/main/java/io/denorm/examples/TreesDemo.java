package io.denorm.examples;

import static io.denorm.examples.DemoSupport.heading;
import static io.denorm.examples.DemoSupport.say;
import java.util.List;

/**
 * The part of the {@link Demo} about trees: a whole comment thread in one row (discussions), and
 * the three ways of keeping a category hierarchy: an adjacency list (categories), materialized
 * paths (shop categories) and nested sets (catalog nodes).
 */
final class TreesDemo {

  private TreesDemo() {}

  /** The example tree aggregation: a post's whole comment thread in one row. */
  static void thread(io.denorm.examples.threads.DiscussionDao discussions) {
    heading("== DiscussionDao -> %s, table discussions: the whole comment tree of a post in one JSON column (Reply holds List<Reply> replies)",
        discussions);
    java.util.function.BiFunction<String, String, io.denorm.examples.threads.Reply> leaf = io.denorm.examples.threads.Reply::new;
    var plusOne = List.of(leaf.apply("anon", "+1"));
    var fair = List.of(new io.denorm.examples.threads.Reply("jane", "Fair enough", plusOne));
    var depends = List.of(new io.denorm.examples.threads.Reply("alice", "It depends on the load", fair));
    var thanks = List.of(new io.denorm.examples.threads.Reply("alice", "Thanks Bob", List.of(leaf.apply("bob", "Anytime"))));
    var thread = List.of(new io.denorm.examples.threads.Reply("bob", "Great post!", thanks),
        new io.denorm.examples.threads.Reply("jane", "What about the cost?", depends));
    discussions.save(new io.denorm.examples.threads.Discussion("1", "What's new in the coolest Cloud", thread));
    say("save(post 1 with a thread of 7 comments, 4 levels deep) -> one row");
    say("findByPostId(1), one read, shown as the page would:");
    printThread(discussions.findByPostId("1").orElseThrow().comments(), "  ");
  }

  private static void printThread(List<io.denorm.examples.threads.Reply> replies, String indent) {
    for (var r : replies) {
      say("%s%s: %s", indent, r.author(), r.text());
      printThread(r.replies(), indent + "    ");
    }
  }

  /** The example eShop categories as an adjacency list: children, and a subtree read level by level. */
  static void catalog(io.denorm.examples.catalog.CategoryDao categories) {
    heading("== CategoryDao -> %s, table categories: @ParentId parentId, index categories_by_parent_id kept by every save",
        categories);
    String[][] tree = {{"all", null, "All Products"}, {"men", "all", "Men"}, {"women", "all", "Women"}, {"men-shoes", "men", "Men's Shoes"},
        {"men-clothing", "men", "Men's Clothing"}, {"sneakers", "men-shoes", "Sneakers"}, {"boots", "men-shoes", "Boots"},
        {"running", "sneakers", "Running Shoes"}, {"women-shoes", "women", "Women's Shoes"}};
    for (String[] c : tree) {
      categories.save(new io.denorm.examples.catalog.Category(c[0], c[1], c[2]));
    }
    say("save: %d categories, All Products > Men > Men's Shoes > Sneakers > Running Shoes, ...", tree.length);
    java.util.function.Function<List<io.denorm.examples.catalog.Category>, List<String>> names = l -> l.stream()
        .map(io.denorm.examples.catalog.Category::name).sorted().toList();
    say("findChildren(men) -> %s", names.apply(categories.findChildren("men")));
    say("findSubtree(men-shoes, 10) -> %s (Men's Shoes and everything below it: 2 levels, one read per node of a level)",
        categories.findSubtree("men-shoes", 10).stream().map(io.denorm.examples.catalog.Category::name).toList());
    say("findSubtree(all, 2) -> %s", names.apply(categories.findSubtree("all", 2)));
  }

  /** The example materialized paths: "Men's Shoes and everything below it" in one read, and a move. */
  static void shopPaths(io.denorm.examples.catalog.ShopCategoryDao categories) {
    heading("== ShopCategoryDao -> %s, table shop_categories: @ParentId parentId, @MaterializedPath path (index shop_categories_by_path)",
        categories);
    String[][] tree = {{"all", null, "All Products"}, {"men", "all", "Men"}, {"women", "all", "Women"}, {"men-shoes", "men", "Men's Shoes"},
        {"men-clothing", "men", "Men's Clothing"}, {"sneakers", "men-shoes", "Sneakers"}, {"boots", "men-shoes", "Boots"},
        {"running", "sneakers", "Running Shoes"}};
    for (String[] c : tree) {
      var saved = categories.save(new io.denorm.examples.catalog.ShopCategory(c[0], c[1], c[2]));
      if (c[0].equals("running")) {
        say("save(Running Shoes under Sneakers) -> path %s (its parent's path, read, and its id)", saved.path());
      }
    }
    java.util.function.Function<List<io.denorm.examples.catalog.ShopCategory>, List<String>> names = l -> l.stream()
        .map(io.denorm.examples.catalog.ShopCategory::name).toList();
    say("findDescendants(men-shoes) -> %s (Men's Shoes and everything below it: one range read, path order)",
        names.apply(categories.findDescendants("men-shoes")));
    categories.save(new io.denorm.examples.catalog.ShopCategory("men-shoes", "women", "Men's Shoes"));
    say("save(Men's Shoes moved under Women) -> Running Shoes' path now %s; findDescendants(women) -> %s",
        categories.findById("running").orElseThrow().path(), names.apply(categories.findDescendants("women")));
    try {
      categories.save(new io.denorm.examples.catalog.ShopCategory("men-shoes", "sneakers", "Men's Shoes"));
    } catch (io.denorm.InvalidEntityException e) {
      say("save(Men's Shoes under its own Sneakers) -> %s: %s", e.getClass().getSimpleName(), e.getMessage());
    }
    categories.save(new io.denorm.examples.catalog.ShopCategory("men-shoes", "men", "Men's Shoes")); // back, for the next run
  }

  /** The example nested sets: the products under a category from one range read of the numbering, a change, a rebuild. */
  static void nestedSets(io.denorm.examples.catalog.CatalogNodeDao catalog) {
    heading("== CatalogNodeDao -> %s, table catalog_nodes: @ParentId parentId, @NestedSet(name = \"catalog_leaves\", order = \"name\")",
        catalog);
    String[][] tree = {{"all", null, "All Products"}, {"men", "all", "Men"}, {"women", "all", "Women"}, {"men-shoes", "men", "Men's Shoes"},
        {"men-clothing", "men", "Men's Clothing"}, {"women-shoes", "women", "Women's Shoes"}, {"p-oxford", "men-shoes", "Oxford"},
        {"p-runner", "men-shoes", "Runner"}, {"p-boot", "men-shoes", "Boot"}, {"p-jeans", "men-clothing", "Jeans"}, {"p-shirt", "men-clothing", "Shirt"},
        {"p-heels", "women-shoes", "Heels"}, {"p-flats", "women-shoes", "Flats"}};
    for (String[] n : tree) {
      catalog.save(new io.denorm.examples.catalog.CatalogNode(n[0], n[1], n[2]));
    }
    catalog.deleteById("p-loafer"); // from an earlier run
    java.util.function.Function<List<io.denorm.examples.catalog.CatalogNode>, List<String>> names = l -> l.stream()
        .map(io.denorm.examples.catalog.CatalogNode::name).toList();
    say("saved %d categories and products; isNestedSetCurrent(all) -> %s", tree.length, catalog.isNestedSetCurrent("all"));
    var numbering = catalog.rebuildNestedSet("all");
    say("rebuildNestedSet(all) -> generation %d: %d nodes, %d leaves numbered depth first, siblings by name (tables catalog_leaves, _nodes, _trees)",
        numbering.generation(), numbering.nodes(), numbering.leaves());
    say("findLeaves(men-shoes) -> %s (its range read, then one range read of catalog_leaves)", names.apply(catalog.findLeaves("men-shoes")));
    say("findLeaves(all) -> %s", names.apply(catalog.findLeaves("all")));
    say("countLeaves(men) -> %d (from the range of Men alone)", catalog.countLeaves("men"));
    catalog.save(new io.denorm.examples.catalog.CatalogNode("p-loafer", "men-shoes", "Loafer"));
    say("save(Loafer under Men's Shoes) -> isNestedSetCurrent(all) %s; findLeaves(men-shoes) -> %s (walked until the next rebuild)",
        catalog.isNestedSetCurrent("all"), names.apply(catalog.findLeaves("men-shoes")));
    numbering = catalog.rebuildNestedSet("all");
    say("rebuildNestedSet(all) -> generation %d, %d leaves; isNestedSetCurrent(all) %s; countLeaves(men-shoes) -> %d", numbering.generation(),
        numbering.leaves(), catalog.isNestedSetCurrent("all"), catalog.countLeaves("men-shoes"));
  }
}
