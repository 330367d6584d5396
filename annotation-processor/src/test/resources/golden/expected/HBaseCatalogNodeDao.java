package io.denorm.examples.catalog;

import io.denorm.KeyChecks;
import io.denorm.hbase.HBaseConnections;
import io.denorm.hbase.HBaseDaoBase;
import io.denorm.hbase.HBaseIndexTable;
import io.denorm.hbase.HBaseReferences;
import io.denorm.hbase.KeySalt;
import io.denorm.tree.NestedSets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import javax.annotation.processing.Generated;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Connection;

/**
 * HBase implementation of {@link CatalogNodeDao}, storing {@link CatalogNode} in table {@code catalog_nodes}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.catalog.CatalogNodeDao"
)
public final class HBaseCatalogNodeDao extends HBaseDaoBase<CatalogNode> implements CatalogNodeDao {
  /**
   * Index table {@code catalog_nodes_by_parent_id}.
   */
  private final HBaseIndexTable catalogNodesByParentIdIndex;

  /**
   * Reads rows of table {@code catalog_nodes} by id, 100 at a time, for findLeaves.
   */
  private final HBaseReferences<CatalogNode> selfRows;

  /**
   * The numbering of @NestedSet {@code catalog_leaves}: tables {@code catalog_leaves}, {@code catalog_leaves_nodes} and
   * {@code catalog_leaves_trees}.
   */
  private final NestedSets.Tables nestedSet;

  /**
   * A DAO over {@code connection} whose tables live in {@code namespace}. It runs on an asynchronous connection opened
   * once per {@code connection}.
   */
  public HBaseCatalogNodeDao(Connection connection, String namespace) {
    this(HBaseConnections.async(connection), namespace);
  }

  /**
   * A DAO over {@code connection} whose tables live in {@code namespace}.
   */
  public HBaseCatalogNodeDao(AsyncConnection connection, String namespace) {
    super(connection, namespace, "CatalogNode", "catalog_nodes", HBaseCatalogNodeMapper.KEY,
        HBaseCatalogNodeMapper.COLUMNS, HBaseCatalogNodeMapper::key, HBaseCatalogNodeMapper::cells,
        HBaseCatalogNodeMapper::fromRow, HBaseCatalogNodeMapper::indexEntries);
    typedKeys(HBaseCatalogNodeMapper::rowKey);
    this.catalogNodesByParentIdIndex = indexTable(HBaseCatalogNodeMapper.CATALOG_NODES_BY_PARENT_ID,
        "catalog_nodes_by_parent_id", HBaseCatalogNodeMapper.CATALOG_NODES_BY_PARENT_ID_KEY);
    this.selfRows = references("catalog_nodes", "CatalogNode", HBaseCatalogNodeMapper.KEY, KeySalt.NONE,
        HBaseCatalogNodeMapper.COLUMNS, HBaseCatalogNodeMapper::fromRow);
    this.nestedSet = nestedSet("catalog_leaves");
  }

  /**
   * Writes every column of the {@code CatalogNode} row in table {@code catalog_nodes} at one timestamp; null columns
   * are deleted.
   * The key (and every index key) is encoded before anything is sent.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   * A save that adds the node or changes its parent or order records a change of @NestedSet {@code catalog_leaves}
   * after its write, which
   * makes the numbering stale until the next rebuild.
   */
  @Override
  public void save(CatalogNode node) {
    CatalogNode before = join(NestedSets.before(node, tree()));
    saveUnrecorded(node);
    join(NestedSets.recordIf(before, node, tree()));
  }

  private void saveUnrecorded(CatalogNode node) {
    write(node);
  }

  /**
   * Served by table {@code catalog_nodes}: {@code id = ?}.
   */
  @Override
  public Optional<CatalogNode> findById(String id) {
    KeyChecks.argument("CatalogNode", "id", id);
    return get(List.<Object>of(id));
  }

  /**
   * Deletes one row of table {@code catalog_nodes} by its key, at one timestamp.
   * Returns whether the row existed when it was read just before the delete.
   * Then a change of @NestedSet {@code catalog_leaves} is recorded, which makes the numbering stale until the next
   * rebuild.
   */
  @Override
  public boolean deleteById(String id) {
    boolean result = deleteByIdUnrecorded(id);
    join(nestedSet.markChanged());
    return result;
  }

  private boolean deleteByIdUnrecorded(String id) {
    KeyChecks.keyComponent("CatalogNode", "id", id);
    return join(removeAsync(List.<Object>of(id)));
  }

  /**
   * The leaves under {@code id} in depth-first order (a leaf's: itself). While its tree's numbering is current: the
   * node's range read,
   * then one range read of table {@code catalog_leaves} for the leaves' ids, then their rows (100 ids per request).
   * Otherwise the tree under it is walked.
   */
  @Override
  public List<CatalogNode> findLeaves(String id) {
    KeyChecks.argument("CatalogNode", "id", id);
    return join(NestedSets.leaves(id, tree()));
  }

  /**
   * The leaves under {@code id} in depth-first order (a leaf's: itself). While its tree's numbering is current: the
   * node's range read,
   * then one range read of table {@code catalog_leaves} for the leaves' ids, then their rows (100 ids per request).
   * Otherwise the tree under it is walked.
   */
  @Override
  public CompletionStage<List<CatalogNode>> findLeavesAsync(String id) {
    KeyChecks.argument("CatalogNode", "id", id);
    return NestedSets.leaves(id, tree());
  }

  /**
   * How many leaves are under {@code id}: the length of its range while its tree's numbering is current, a walk
   * otherwise.
   */
  @Override
  public long countLeaves(String id) {
    KeyChecks.argument("CatalogNode", "id", id);
    return join(NestedSets.count(id, tree()));
  }

  /**
   * Numbers the tree rooted at {@code rootId}: reads it level by level, numbers its leaves depth first, writes the
   * numbering as a new
   * generation of tables {@code catalog_leaves}, {@code catalog_leaves_nodes} and publishes it in {@code
   * catalog_leaves_trees}.
   */
  @Override
  public NestedSets.Numbering rebuildNestedSet(String rootId) {
    KeyChecks.argument("CatalogNode", "id", rootId);
    return join(NestedSets.rebuild(rootId, tree()));
  }

  /**
   * Whether the tree rooted at {@code rootId} was numbered after the last change recorded to @NestedSet {@code
   * catalog_leaves}.
   */
  @Override
  public boolean isNestedSetCurrent(String rootId) {
    KeyChecks.argument("CatalogNode", "id", rootId);
    return join(NestedSets.isCurrent(rootId, nestedSet));
  }

  /**
   * The CatalogNode rows whose {@code parentId} is {@code id}: one read of index {@code catalog_nodes_by_parent_id}.
   */
  @Override
  public List<CatalogNode> findChildren(String id) {
    KeyChecks.argument("CatalogNode", "id", id);
    return join(childrenOf(id));
  }

  /**
   * How the nodes of @NestedSet {@code catalog_leaves} are read: by id, and by parent through index {@code
   * catalog_nodes_by_parent_id}.
   */
  private NestedSets.Tree<CatalogNode> tree() {
    return new NestedSets.Tree<>("CatalogNode", "id", node -> node.id(), node -> node.parentId(),
            NestedSets.<CatalogNode, String>siblingsBy(node -> node.name(), node -> node.id()),
            id -> getAsync(List.<Object>of(id)),
            ids -> selfRows.load(ids),
            this::childrenOf, nestedSet);
  }

  /**
   * The CatalogNode rows whose {@code parentId} is {@code parent}: one read of index {@code
   * catalog_nodes_by_parent_id}, each row checked against its master.
   */
  private CompletionStage<List<CatalogNode>> childrenOf(Object parent) {
    return indexListAsync(catalogNodesByParentIdIndex, range(catalogNodesByParentIdIndex,
        List.<Object>of(((String) parent))), 0);
  }
}
