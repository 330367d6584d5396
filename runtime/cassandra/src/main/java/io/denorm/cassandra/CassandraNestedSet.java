package io.denorm.cassandra;

import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import io.denorm.Bounded;
import io.denorm.tree.NestedSets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

/**
 * A {@code @NestedSet} on Cassandra. Table {@code <name>}: one partition per (tree, generation),
 * leaves clustered by number, so the leaves under a node are one slice. Table {@code <name>_nodes}:
 * a node's tree, generation and range, by id. Table {@code <name>_trees}: one partition per set,
 * a row per tree (its published generation, the one before it, and the change token it was made at) and the set's
 * change token as a static column, so one read returns a tree's state with the token.
 */
public final class CassandraNestedSet implements NestedSets.Tables {

  /** Leaf rows written per unlogged batch (one partition, so one replica set, per batch). */
  static final int BATCH = 100;

  private final CassandraDaoBase<?> dao;
  private final String name;
  private final PreparedCql selectRange;
  private final PreparedCql selectTree;
  private final PreparedCql selectLeaves;
  private final PreparedCql selectToken;
  private final PreparedCql updateToken;
  private final PreparedCql insertLeaf;
  private final PreparedCql insertRange;
  private final PreparedCql updateTree;
  private final PreparedCql deleteLeaves;

  CassandraNestedSet(CassandraDaoBase<?> dao, String name) {
    this.dao = dao;
    this.name = name;
    String ks = CassandraReadBase.KEYSPACE_PLACEHOLDER + ".";
    String leaves = ks + CassandraIndexTable.quote(name);
    String nodes = ks + CassandraIndexTable.quote(name + "_nodes");
    String trees = ks + CassandraIndexTable.quote(name + "_trees");
    this.selectRange = dao.prepare("SELECT root, generation, first_leaf, end_leaf FROM " + nodes + " WHERE id = ?");
    this.selectTree = dao.prepare("SELECT generation, previous, numbered_at, changed FROM " + trees + " WHERE nested_set = ? AND root = ?");
    this.selectLeaves = dao.prepare("SELECT id FROM " + leaves + " WHERE root = ? AND generation = ? AND leaf >= ? AND leaf < ?");
    this.selectToken = dao.prepare("SELECT changed FROM " + trees + " WHERE nested_set = ? LIMIT 1");
    this.updateToken = dao.prepare("UPDATE " + trees + " SET changed = ? WHERE nested_set = ?");
    this.insertLeaf = dao.prepare("INSERT INTO " + leaves + " (root, generation, leaf, id) VALUES (?, ?, ?, ?)");
    this.insertRange = dao.prepare("INSERT INTO " + nodes + " (id, root, generation, first_leaf, end_leaf) VALUES (?, ?, ?, ?, ?)");
    this.updateTree = dao.prepare("UPDATE " + trees + " SET generation = ?, previous = ?, numbered_at = ? WHERE nested_set = ? AND root = ?");
    this.deleteLeaves = dao.prepare("DELETE FROM " + leaves + " WHERE root = ? AND generation = ?");
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public CompletionStage<Optional<NestedSets.Range>> range(String id) {
    return selectRange.async().thenCompose(ps -> dao.oneAsync(ps.bind(id), row -> row.isNull(1) ? Optional.<NestedSets.Range>empty()
        : Optional.of(new NestedSets.Range(row.getString(0), row.getInt(1), row.getInt(2), row.getInt(3)))))
        .thenApply(found -> found.flatMap(r -> r));
  }

  @Override
  public CompletionStage<NestedSets.TreeState> tree(String root) {
    return selectTree.async().thenCompose(ps -> dao.oneAsync(ps.bind(name, root), row -> new NestedSets.TreeState(
        row.isNull(0) ? 0 : row.getInt(0), row.isNull(1) ? 0 : row.getInt(1), row.getUuid(2), row.getUuid(3))))
        .thenApply(state -> state.orElse(new NestedSets.TreeState(0, 0, null, null)));
  }

  @Override
  public CompletionStage<List<String>> leaves(String root, int generation, int first, int end) {
    return selectLeaves.async().thenCompose(ps -> dao.listAsync(ps.bind(root, generation, first, end), row -> row.getString(0)));
  }

  @Override
  public CompletionStage<Optional<UUID>> storedToken() {
    return selectToken.async().thenCompose(ps -> dao.oneAsync(ps.bind(name), row -> Optional.ofNullable(row.getUuid(0))))
        .thenApply(found -> found.flatMap(t -> t));
  }

  @Override
  public CompletionStage<Void> storeToken(UUID token) {
    return updateToken.async().thenCompose(ps -> dao.executeAsync(ps.bind(token, name))).thenApply(rs -> null);
  }

  @Override
  public CompletionStage<Void> write(String root, int generation, List<String> leaves, Map<String, NestedSets.Range> ranges) {
    return insertLeaf.async().thenCompose(leafPs -> {
      List<BatchStatement> batches = new ArrayList<>();
      for (int from = 0; from < leaves.size(); from += BATCH) {
        BatchStatementBuilder batch = BatchStatement.builder(BatchType.UNLOGGED);
        for (int i = from; i < Math.min(leaves.size(), from + BATCH); i++) {
          batch.addStatement(leafPs.bind(root, generation, i, leaves.get(i)));
        }
        batches.add(batch.build());
      }
      return Bounded.map(batches, 8, b -> dao.executeAsync(b));
    }).thenCompose(leavesWritten -> insertRange.async()).thenCompose(rangePs -> {
      List<BoundStatement> rows = new ArrayList<>();
      ranges.forEach((id, r) -> rows.add(rangePs.bind(id, r.root(), r.generation(), r.first(), r.end())));
      return Bounded.map(rows, 64, s -> dao.executeAsync(s));
    }).thenApply(done -> null);
  }

  @Override
  public CompletionStage<Void> publish(String root, int generation, int previous, UUID numberedAt) {
    return updateTree.async().thenCompose(ps -> dao.executeAsync(ps.bind(generation, previous, numberedAt, name, root))).thenApply(rs -> null);
  }

  @Override
  public CompletionStage<Void> drop(String root, int generation) {
    return deleteLeaves.async().thenCompose(ps -> dao.executeAsync(ps.bind(root, generation))).thenApply(rs -> null);
  }
}
