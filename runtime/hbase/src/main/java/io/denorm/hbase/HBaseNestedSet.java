package io.denorm.hbase;

import io.denorm.key.RowKeyCodec;
import io.denorm.key.RowKeyCodec.Component;
import io.denorm.key.RowKeyCodec.Kind;
import io.denorm.tree.NestedSets;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A {@code @NestedSet} on HBase. Table {@code <name>}: a row per leaf keyed (tree, generation,
 * number), so the leaves under a node are one scan. Table {@code <name>_nodes}: a node's tree,
 * generation and range, by id. Table {@code <name>_trees}: a row per tree (its published generation
 * and the change token it was made at), and the set's change token in the row of the null key,
 * read with the tree's row in one multi-get.
 */
public final class HBaseNestedSet implements NestedSets.Tables {

  static final byte[] ID = Bytes.toBytes("id");
  static final byte[] ROOT = Bytes.toBytes("root");
  static final byte[] GENERATION = Bytes.toBytes("g");
  static final byte[] FIRST = Bytes.toBytes("f");
  static final byte[] END = Bytes.toBytes("e");
  static final byte[] PREVIOUS = Bytes.toBytes("p");
  static final byte[] NUMBERED_AT = Bytes.toBytes("n");
  static final byte[] CHANGED = Bytes.toBytes("c");

  private final HBaseDaoBase<?> dao;
  private final String name;
  private final TableName leafTable;
  private final TableName nodeTable;
  private final TableName treeTable;
  private final RowKeyCodec leafKey;
  private final RowKeyCodec nodeKey;
  private final RowKeyCodec treeKey;
  private final byte[] tokenRow;

  HBaseNestedSet(HBaseDaoBase<?> dao, String name) {
    this.dao = dao;
    this.name = name;
    this.leafTable = TableName.valueOf(dao.namespace(), name);
    this.nodeTable = TableName.valueOf(dao.namespace(), name + "_nodes");
    this.treeTable = TableName.valueOf(dao.namespace(), name + "_trees");
    this.leafKey = new RowKeyCodec(name, List.of(Component.of("root", Kind.STRING), Component.of("generation", Kind.INT), Component.of("leaf", Kind.INT)));
    this.nodeKey = new RowKeyCodec(name + "_nodes", List.of(Component.of("id", Kind.STRING)));
    this.treeKey = new RowKeyCodec(name + "_trees", List.of(new Component("root", Kind.STRING, false, true, null)));
    this.tokenRow = treeKey.encode(Arrays.asList((Object) null));
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public CompletionStage<Optional<NestedSets.Range>> range(String id) {
    return dao.table(nodeTable).get(new Get(nodeKey.encode(List.of(id)))).thenApply(r -> {
      if (r.isEmpty() || r.getValue(HBaseDaoBase.FAMILY, GENERATION) == null) {
        return Optional.empty();
      }
      return Optional.of(new NestedSets.Range(string(r, ROOT), integer(r, GENERATION), integer(r, FIRST), integer(r, END)));
    });
  }

  @Override
  public CompletionStage<NestedSets.TreeState> tree(String root) {
    List<Get> gets = List.of(new Get(treeKey.encode(List.of(root))), new Get(tokenRow));
    return dao.table(treeTable).getAll(gets).thenApply(rs -> {
      Result tree = rs.get(0);
      Result token = rs.get(1);
      int generation = tree.getValue(HBaseDaoBase.FAMILY, GENERATION) == null ? 0 : integer(tree, GENERATION);
      int previous = tree.getValue(HBaseDaoBase.FAMILY, PREVIOUS) == null ? 0 : integer(tree, PREVIOUS);
      return new NestedSets.TreeState(generation, previous, uuid(tree, NUMBERED_AT), uuid(token, CHANGED));
    });
  }

  @Override
  public CompletionStage<List<String>> leaves(String root, int generation, int first, int end) {
    KeyRange range = new KeyRange(leafKey.encode(List.of(root, generation, first)), leafKey.encode(List.of(root, generation, end)));
    return dao.scanAll(leafTable, KeySalt.NONE, range, 0, null).thenApply(rows -> rows.stream().map(r -> string(r, ID)).toList());
  }

  @Override
  public CompletionStage<Optional<UUID>> storedToken() {
    return dao.table(treeTable).get(new Get(tokenRow)).thenApply(r -> Optional.ofNullable(uuid(r, CHANGED)));
  }

  @Override
  public CompletionStage<Void> storeToken(UUID token) {
    return dao.table(treeTable).put(dao.durable(new Put(tokenRow)).addColumn(HBaseDaoBase.FAMILY, CHANGED, Bytes.toBytes(token.toString())));
  }

  @Override
  public CompletionStage<Void> write(String root, int generation, List<String> leaves, Map<String, NestedSets.Range> ranges) {
    List<Put> leafRows = new ArrayList<>(leaves.size());
    for (int i = 0; i < leaves.size(); i++) {
      leafRows.add(dao.durable(new Put(leafKey.encode(List.of(root, generation, i)))).addColumn(HBaseDaoBase.FAMILY, ID, Bytes.toBytes(leaves.get(i))));
    }
    List<Put> nodeRows = new ArrayList<>(ranges.size());
    ranges.forEach((id, r) -> nodeRows.add(dao.durable(new Put(nodeKey.encode(List.of(id))))
        .addColumn(HBaseDaoBase.FAMILY, ROOT, Bytes.toBytes(r.root()))
        .addColumn(HBaseDaoBase.FAMILY, GENERATION, Bytes.toBytes(r.generation()))
        .addColumn(HBaseDaoBase.FAMILY, FIRST, Bytes.toBytes(r.first()))
        .addColumn(HBaseDaoBase.FAMILY, END, Bytes.toBytes(r.end()))));
    return dao.table(leafTable).putAll(leafRows).thenCompose(done -> dao.table(nodeTable).putAll(nodeRows));
  }

  @Override
  public CompletionStage<Void> publish(String root, int generation, int previous, UUID numberedAt) {
    return dao.table(treeTable).put(dao.durable(new Put(treeKey.encode(List.of(root))))
        .addColumn(HBaseDaoBase.FAMILY, GENERATION, Bytes.toBytes(generation))
        .addColumn(HBaseDaoBase.FAMILY, PREVIOUS, Bytes.toBytes(previous))
        .addColumn(HBaseDaoBase.FAMILY, NUMBERED_AT, Bytes.toBytes(numberedAt.toString())));
  }

  @Override
  public CompletionStage<Void> drop(String root, int generation) {
    return dao.scanAll(leafTable, KeySalt.NONE, KeyRange.prefix(leafKey, List.of(root, generation)), 0, null)
        .thenCompose(rows -> dao.table(leafTable).deleteAll(rows.stream().map(r -> dao.durable(new Delete(r.getRow()))).toList()));
  }

  private static String string(Result r, byte[] qualifier) {
    byte[] v = r.getValue(HBaseDaoBase.FAMILY, qualifier);
    return v == null ? null : new String(v, StandardCharsets.UTF_8);
  }

  private static int integer(Result r, byte[] qualifier) {
    return Bytes.toInt(r.getValue(HBaseDaoBase.FAMILY, qualifier));
  }

  private static UUID uuid(Result r, byte[] qualifier) {
    String s = string(r, qualifier);
    return s == null ? null : UUID.fromString(s);
  }
}
