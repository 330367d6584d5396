package io.denorm.examples.catalog;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.KeyChecks;
import io.denorm.ScannableDao;
import io.denorm.cassandra.CassandraDaoBase;
import io.denorm.cassandra.CassandraIndexTable;
import io.denorm.cassandra.MasterTable;
import io.denorm.cassandra.PreparedCql;
import io.denorm.cassandra.StatementOptions;
import io.denorm.index.IndexMaintenance;
import io.denorm.index.IndexScans;
import io.denorm.index.IndexedDao;
import io.denorm.tree.NestedSets;
import io.denorm.write.DeletePipeline;
import io.denorm.write.SavePipeline;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import javax.annotation.processing.Generated;

/**
 * Cassandra implementation of {@link CatalogNodeDao}, storing {@link CatalogNode} in table {@code catalog_nodes}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.catalog.CatalogNodeDao"
)
public final class CassandraCatalogNodeDao extends CassandraDaoBase<CatalogNode> implements CatalogNodeDao,
    ScannableDao<CatalogNode>, IndexedDao<CatalogNode> {
  /**
   * {@code SELECT id, parent_id, name FROM catalog_nodes WHERE id = ?}
   */
  private final PreparedCql selectById;

  /**
   * {@code SELECT id, parent_id, name FROM catalog_nodes WHERE token(id) >= ? AND token(id) <= ?}
   */
  private final PreparedCql scanCatalogNode;

  /**
   * {@code SELECT parent_id, id FROM catalog_nodes_by_parent_id WHERE parent_id = ?}
   */
  private final PreparedCql selectChildren;

  /**
   * {@code SELECT id, parent_id, name FROM catalog_nodes WHERE id IN ?}
   */
  private final PreparedCql selectCatalogNodeIn;

  /**
   * {@code SELECT id, parent_id, name, WRITETIME(parent_id), WRITETIME(name) FROM catalog_nodes WHERE id = ?}
   */
  private final PreparedCql selectCatalogNodeRow;

  /**
   * {@code INSERT INTO catalog_nodes (id, parent_id, name) VALUES (?, ?, ?)}
   */
  private final PreparedCql insertCatalogNode;

  /**
   * {@code DELETE FROM catalog_nodes WHERE id = ?}
   */
  private final PreparedCql deleteCatalogNode;

  /**
   * Index table {@code catalog_nodes_by_parent_id}.
   */
  private final CassandraIndexTable catalogNodesByParentIdIndex;

  /**
   * Reads the master row an index row points at.
   */
  private final Function<List<Object>, CompletionStage<Optional<CatalogNode>>> catalogNodeByKey;

  private final IndexMaintenance<CatalogNode> maintenance;

  /**
   * The numbering of @NestedSet {@code catalog_leaves}: tables {@code catalog_leaves}, {@code catalog_leaves_nodes} and
   * {@code catalog_leaves_trees}.
   */
  private final NestedSets.Tables nestedSet;

  /**
   * The steps of a save of CatalogNode, each feature hooked into its step; every save method is one call of it.
   */
  private final SavePipeline<CatalogNode> saves;

  /**
   * The steps of a delete of CatalogNode; every delete method is one call of it.
   */
  private final DeletePipeline<CatalogNode> deletes;

  /**
   * A DAO over {@code session} whose tables live in {@code keyspace}. Statements are prepared on first use.
   */
  public CassandraCatalogNodeDao(CqlSession session, String keyspace) {
    super(session, keyspace);
    this.selectById = prepare("SELECT id, parent_id, name FROM {keyspace}.catalog_nodes WHERE id = ?");
    this.scanCatalogNode = prepare("SELECT id, parent_id, name FROM {keyspace}.catalog_nodes WHERE token(id) >= ? AND "
        + "token(id) <= ?");
    this.selectChildren = prepare("SELECT parent_id, id FROM {keyspace}.catalog_nodes_by_parent_id WHERE parent_id = "
        + "?");
    this.selectCatalogNodeIn = prepare("SELECT id, parent_id, name FROM {keyspace}.catalog_nodes WHERE id IN ?");
    this.selectCatalogNodeRow = prepare("SELECT id, parent_id, name, WRITETIME(parent_id), WRITETIME(name) FROM "
        + "{keyspace}.catalog_nodes WHERE id = ?");
    this.insertCatalogNode = prepare("INSERT INTO {keyspace}.catalog_nodes (id, parent_id, name) VALUES (?, ?, ?)");
    this.deleteCatalogNode = prepare("DELETE FROM {keyspace}.catalog_nodes WHERE id = ?");
    this.catalogNodesByParentIdIndex = indexTable(CassandraCatalogNodeMapper.CATALOG_NODES_BY_PARENT_ID,
        "catalog_nodes_by_parent_id", 1, List.of("parent_id", "id"));
    this.catalogNodeByKey = masterLookup(selectCatalogNodeRow, CassandraCatalogNodeMapper::fromRow);
    this.maintenance = indexMaintenance(scanCatalogNode, CassandraCatalogNodeMapper::fromRow,
        CassandraCatalogNodeMapper::indexEntries, catalogNodeByKey);
    this.nestedSet = nestedSet("catalog_leaves");
    master(MasterTable.<CatalogNode>of("CatalogNode", selectCatalogNodeRow, CassandraCatalogNodeMapper::fromRow,
        CassandraCatalogNodeMapper::keyOf, CassandraCatalogNodeMapper::bindKeyValues)
        .inserting(insertCatalogNode, CassandraCatalogNodeMapper::bindAll)
        .deleting(deleteCatalogNode, null)
        .indexed(CassandraCatalogNodeMapper::indexEntries));
    this.saves = savePipeline()
        .checking(CassandraCatalogNodeMapper::requireValidKey)
        .build();
    this.deletes = deletePipeline(CassandraCatalogNodeMapper::keyOf)
        .checking(CassandraCatalogNodeMapper::requireValidKey)
        .build();
  }

  /**
   * Writes every column of the {@code CatalogNode} row in table {@code catalog_nodes}, replacing the row with the same
   * key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
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
    join(saves.save(node));
  }

  /**
   * Served by table {@code catalog_nodes}: {@code id = ?}.
   */
  @Override
  public Optional<CatalogNode> findById(String id) {
    KeyChecks.argument("CatalogNode", "id", id);
    return one(
        selectById.sync().boundStatementBuilder()
            .setString(0, id),
        CassandraCatalogNodeMapper::fromRow);
  }

  /**
   * Deletes one row of table {@code catalog_nodes} by its primary key, at one client-side write timestamp.
   * Returns whether the row existed when it was read just before the delete.
   * Index entries of the deleted row are removed after the master row.
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
    return join(deletes.deleteByKey(Arrays.<Object>asList(id), true));
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

  @Override
  public List<IndexScans.Segment<CatalogNode>> scanSegments(int segments) {
    return masterSegments(scanCatalogNode, CassandraCatalogNodeMapper::fromRow, segments);
  }

  @Override
  public IndexScans.Segment<CatalogNode> scanSegment(String range) {
    return masterSegment(scanCatalogNode, CassandraCatalogNodeMapper::fromRow, range);
  }

  /**
   * Verify, rebuild and back-fill of the index tables of {@code catalog_nodes}: catalog_nodes_by_parent_id.
   */
  @Override
  public IndexMaintenance<CatalogNode> indexMaintenance() {
    return maintenance;
  }

  /**
   * The CatalogNode rows whose {@code parentId} is {@code parent}: one read of index {@code
   * catalog_nodes_by_parent_id}, each row checked against its master.
   */
  private CompletionStage<List<CatalogNode>> childrenOf(Object parent) {
    return selectChildren.async().thenCompose(prepared -> indexListAsync(prepared.boundStatementBuilder().setString(0,
        ((String) parent)).build(), catalogNodesByParentIdIndex, catalogNodeByKey,
        CassandraCatalogNodeMapper::indexEntries));
  }

  /**
   * How the nodes of @NestedSet {@code catalog_leaves} are read: by id, and by parent through index {@code
   * catalog_nodes_by_parent_id}.
   */
  private NestedSets.Tree<CatalogNode> tree() {
    return new NestedSets.Tree<>("CatalogNode", "id", node -> node.id(), node -> node.parentId(),
            NestedSets.<CatalogNode, String>siblingsBy(node -> node.name(), node -> node.id()),
            id -> catalogNodeByKey.apply(List.<Object>of(id)),
            ids -> referencesAsync(ids, selectCatalogNodeIn, CassandraCatalogNodeMapper::fromRow),
            this::childrenOf, nestedSet);
  }

  /**
   * This DAO with other statement options, for the calls that need them: another instance over the same session and
   * keyspace (the session prepares each statement once), with this one's clock, repair grace, observer and list limit.
   */
  public CassandraCatalogNodeDao withStatementOptions(StatementOptions options) {
    CassandraCatalogNodeDao other = new CassandraCatalogNodeDao(session(), keyspace().asInternal());
    other.copySettingsFrom(this);
    other.setStatementOptions(options);
    return other;
  }
}
