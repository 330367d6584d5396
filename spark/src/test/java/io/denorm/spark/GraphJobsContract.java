package io.denorm.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.ScannableDao;
import io.denorm.spark.model.Account;
import io.denorm.spark.model.AccountDao;
import io.denorm.spark.model.AccountRank;
import io.denorm.spark.model.AccountRankDao;
import io.denorm.spark.model.Folder;
import io.denorm.spark.model.FolderDao;
import io.denorm.spark.model.FolderStats;
import io.denorm.spark.model.FolderStatsDao;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * The graph jobs on random graphs stored by Denorm, each result against the same computation done
 * in memory on the same graph, and written back and read through generated DAOs.
 */
abstract class GraphJobsContract {

  static JavaSparkContext spark;

  /** Empties the accounts', ranks', folders' and stats' tables. */
  abstract void emptyTables();

  abstract <D extends AccountDao & ScannableDao<Account>> DaoSource<D> accounts();

  abstract <D extends AccountRankDao> DaoSource<D> ranks();

  abstract <D extends FolderDao & ScannableDao<Folder>> DaoSource<D> folders();

  abstract <D extends FolderStatsDao> DaoSource<D> stats();

  /** n accounts, each following about {@code degree} others, a few of them ids no account has. */
  static Map<String, Set<String>> randomFollows(Random random, int n, double degree) {
    Map<String, Set<String>> follows = new TreeMap<>();
    for (int i = 0; i < n; i++) {
      follows.put(String.format("a%05d", i), new LinkedHashSet<>());
    }
    List<String> ids = new ArrayList<>(follows.keySet());
    for (String id : ids) {
      int k = random.nextDouble() < 0.1 ? 0 : (int) Math.round(-Math.log(1 - random.nextDouble()) * degree); // some accounts follow no one
      for (int j = 0; j < k; j++) {
        follows.get(id).add(random.nextInt(50) == 0 ? "ghost" + random.nextInt(10) : ids.get(random.nextInt(n)));
      }
    }
    return follows;
  }

  /** GraphX's static PageRank, in memory: ranks start at 1; reset + (1 − reset) × Σ rank/outDegree; scaled to sum to n. */
  static Map<String, Double> pageRank(Map<String, Set<String>> edges, int iterations, double reset) {
    Map<String, Double> rank = new HashMap<>();
    edges.keySet().forEach(v -> rank.put(v, 1.0));
    for (int i = 0; i < iterations; i++) {
      Map<String, Double> sum = new HashMap<>();
      edges.forEach((from, tos) -> tos.forEach(to -> sum.merge(to, rank.get(from) / tos.size(), Double::sum)));
      edges.keySet().forEach(v -> rank.put(v, reset + (1 - reset) * sum.getOrDefault(v, 0.0)));
    }
    double total = rank.values().stream().mapToDouble(Double::doubleValue).sum();
    rank.replaceAll((v, r) -> r * edges.size() / total);
    return rank;
  }

  /** Components with edges either way, each vertex labelled with its component's smallest id. */
  static Map<String, String> components(Map<String, Set<String>> edges) {
    Map<String, String> parent = new HashMap<>();
    edges.keySet().forEach(v -> parent.put(v, v));
    edges.forEach((from, tos) -> tos.forEach(to -> {
      String a = root(parent, from);
      String b = root(parent, to);
      if (!a.equals(b)) {
        parent.put(a.compareTo(b) < 0 ? b : a, a.compareTo(b) < 0 ? a : b); // the smaller id stays the root
      }
    }));
    Map<String, String> out = new TreeMap<>();
    edges.keySet().forEach(v -> out.put(v, root(parent, v)));
    return out;
  }

  private static String root(Map<String, String> parent, String v) {
    while (!parent.get(v).equals(v)) {
      v = parent.get(v);
    }
    return v;
  }

  static Map<String, Integer> hops(Map<String, Set<String>> edges, String source) {
    Map<String, Integer> out = new TreeMap<>();
    ArrayDeque<String> queue = new ArrayDeque<>(List.of(source));
    out.put(source, 0);
    while (!queue.isEmpty()) {
      String v = queue.poll();
      for (String to : edges.get(v)) {
        if (!out.containsKey(to)) {
          out.put(to, out.get(v) + 1);
          queue.add(to);
        }
      }
    }
    return out;
  }

  /** Only the edges between accounts: those to ids no account has are left out, as the graph leaves them. */
  static Map<String, Set<String>> kept(Map<String, Set<String>> follows) {
    Map<String, Set<String>> out = new TreeMap<>();
    follows.forEach((from, tos) -> {
      Set<String> k = new LinkedHashSet<>(tos);
      k.removeIf(id -> !follows.containsKey(id));
      out.put(from, k);
    });
    return out;
  }

  void followerGraph(int n, long seed) {
    emptyTables();
    Random random = new Random(seed);
    Map<String, Set<String>> follows = randomFollows(random, n, 2.0);
    List<Account> rows = new ArrayList<>();
    follows.forEach((id, tos) -> rows.add(new Account(id, "account " + id, tos)));
    accounts().shared().saveAll(rows);
    Map<String, Set<String>> edges = kept(follows);
    long dangling = follows.values().stream().mapToLong(t -> t.size()).sum() - edges.values().stream().mapToLong(Set::size).sum();

    SparkGraphs graphs = SparkGraphs.of(spark);
    EntityGraph<String> graph = graphs.references(accounts(), Account::id, Account::follows);
    assertEquals(n, graph.vertexCount());
    assertEquals(edges.values().stream().mapToLong(Set::size).sum(), graph.edgeCount());
    assertEquals(dangling, graph.droppedEdges());

    Map<String, Double> expectedRank = pageRank(edges, 15, 0.15);
    Map<String, Double> rank = new TreeMap<>(graph.pageRank(15, 0.15).collectAsMap());
    assertEquals(expectedRank.keySet(), rank.keySet());
    rank.forEach((v, r) -> assertEquals(expectedRank.get(v), r, 1e-9 * Math.max(1, r), "rank of " + v));

    Map<String, String> expectedComponents = components(edges);
    Map<String, String> component = new TreeMap<>(graph.connectedComponents().collectAsMap());
    assertEquals(expectedComponents, component);

    String source = edges.entrySet().stream().filter(e -> !e.getValue().isEmpty()).findFirst().orElseThrow().getKey();
    assertEquals(hops(edges, source), new TreeMap<>(graph.hopsFrom(source).collectAsMap()));

    long written = graphs.save(graph.pageRank(15, 0.15).join(graph.connectedComponents()), ranks(),
        (dao, batch) -> dao.saveAll(batch.stream().map(r -> new AccountRank(r._1(), r._2()._1(), r._2()._2())).toList()));
    assertEquals(n, written);
    String biggest = expectedComponents.values().stream()
        .collect(java.util.stream.Collectors.groupingBy(c -> c, java.util.stream.Collectors.counting()))
        .entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
    Set<String> members = new HashSet<>();
    for (AccountRank r : ranks().shared().findByComponent(biggest)) {
      members.add(r.accountId());
      assertEquals(expectedRank.get(r.accountId()), r.rank(), 1e-9 * Math.max(1, r.rank()));
    }
    Set<String> expectedMembers = new HashSet<>();
    expectedComponents.forEach((v, c) -> {
      if (c.equals(biggest)) {
        expectedMembers.add(v);
      }
    });
    assertEquals(expectedMembers, members, "the biggest component read back through findByComponent");
    System.out.printf("[graph] %d accounts, %d follows (%d to no account): %d components, the biggest %d; top rank %.3f%n", n,
        graph.edgeCount() + dangling, dangling, new HashSet<>(expectedComponents.values()).size(), members.size(),
        expectedRank.values().stream().mapToDouble(Double::doubleValue).max().orElse(0));
  }

  void folderTree(int n, long seed) {
    emptyTables();
    Random random = new Random(seed);
    List<Folder> rows = new ArrayList<>();
    Map<String, String> parentOf = new TreeMap<>();
    for (int i = 0; i < n; i++) {
      String id = String.format("f%05d", i);
      String parent = i == 0 || random.nextInt(20) == 0 ? null : String.format("f%05d", random.nextInt(i)); // a forest of a few trees
      parentOf.put(id, parent);
      rows.add(new Folder(id, parent, "folder " + i));
    }
    // three folders in a cycle, and one whose parent is not in the table
    rows.add(new Folder("x1", "x2", "cycle 1"));
    rows.add(new Folder("x2", "x3", "cycle 2"));
    rows.add(new Folder("x3", "x1", "cycle 3"));
    rows.add(new Folder("y1", "nowhere", "orphan"));
    folders().shared().saveAll(rows);
    Map<String, Integer> depth = new TreeMap<>();
    Map<String, Long> size = new TreeMap<>();
    for (String id : parentOf.keySet()) { // ids grow with their creation: a parent comes before its children
      String p = parentOf.get(id);
      depth.put(id, p == null ? 0 : depth.get(p) + 1);
    }
    parentOf.keySet().forEach(id -> size.put(id, 1L));
    depth.put("y1", 0); // its parent is not a vertex: it is a root
    size.put("y1", 1L);
    List<String> newestFirst = new ArrayList<>(parentOf.keySet());
    java.util.Collections.reverse(newestFirst);
    newestFirst.forEach(id -> {
      String p = parentOf.get(id);
      if (p != null) {
        size.merge(p, size.get(id), Long::sum);
      }
    });

    SparkGraphs graphs = SparkGraphs.of(spark);
    EntityGraph<String> tree = graphs.tree(folders(), Folder::id, Folder::parentId);
    assertEquals(n - parentOf.values().stream().filter(p -> p == null).count() + 3, tree.edgeCount());
    assertEquals(1, tree.droppedEdges(), "the orphan's parent");
    assertEquals(depth, new TreeMap<>(tree.treeDepths().collectAsMap()), "depths, without the cycle's folders");
    assertEquals(size, new TreeMap<>(tree.subtreeSizes().collectAsMap()), "sizes, without the cycle's folders");

    graphs.save(tree.treeDepths().join(tree.subtreeSizes()), stats(),
        (dao, batch) -> dao.saveAll(batch.stream().map(r -> new FolderStats(r._1(), r._2()._1(), r._2()._2())).toList()));
    FolderStats root = stats().shared().findByFolderId("f00000").orElseThrow();
    assertEquals(0, root.depth());
    assertEquals(size.get("f00000"), root.subtreeSize());
    assertTrue(root.subtreeSize() > 1);
    System.out.printf("[graph] %d folders in %d trees, deepest %d, the first tree %d folders%n", n,
        parentOf.values().stream().filter(p -> p == null).count(), depth.values().stream().mapToInt(Integer::intValue).max().orElse(0),
        root.subtreeSize());
  }
}
