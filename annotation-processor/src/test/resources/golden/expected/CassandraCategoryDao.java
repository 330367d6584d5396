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
import io.denorm.tree.Trees;
import io.denorm.write.DeletePipeline;
import io.denorm.write.SavePipeline;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import javax.annotation.processing.Generated;

/**
 * Cassandra implementation of {@link CategoryDao}, storing {@link Category} in table {@code categories}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.catalog.CategoryDao"
)
public final class CassandraCategoryDao extends CassandraDaoBase<Category> implements CategoryDao,
    ScannableDao<Category>, IndexedDao<Category> {
  /**
   * {@code SELECT id, parent_id, name FROM categories WHERE id = ?}
   */
  private final PreparedCql selectById;

  /**
   * {@code SELECT id, parent_id, name FROM categories WHERE token(id) >= ? AND token(id) <= ?}
   */
  private final PreparedCql scanCategory;

  /**
   * {@code SELECT parent_id, id FROM categories_by_parent_id WHERE parent_id = ?}
   */
  private final PreparedCql selectChildren;

  /**
   * {@code SELECT id, parent_id, name, WRITETIME(parent_id), WRITETIME(name) FROM categories WHERE id = ?}
   */
  private final PreparedCql selectCategoryRow;

  /**
   * {@code INSERT INTO categories (id, parent_id, name) VALUES (?, ?, ?)}
   */
  private final PreparedCql insertCategory;

  /**
   * {@code DELETE FROM categories WHERE id = ?}
   */
  private final PreparedCql deleteCategory;

  /**
   * Index table {@code categories_by_parent_id}.
   */
  private final CassandraIndexTable categoriesByParentIdIndex;

  /**
   * Reads the master row an index row points at.
   */
  private final Function<List<Object>, CompletionStage<Optional<Category>>> categoryByKey;

  private final IndexMaintenance<Category> maintenance;

  /**
   * The steps of a save of Category, each feature hooked into its step; every save method is one call of it.
   */
  private final SavePipeline<Category> saves;

  /**
   * The steps of a delete of Category; every delete method is one call of it.
   */
  private final DeletePipeline<Category> deletes;

  /**
   * A DAO over {@code session} whose tables live in {@code keyspace}. Statements are prepared on first use.
   */
  public CassandraCategoryDao(CqlSession session, String keyspace) {
    super(session, keyspace);
    this.selectById = prepare("SELECT id, parent_id, name FROM {keyspace}.categories WHERE id = ?");
    this.scanCategory = prepare("SELECT id, parent_id, name FROM {keyspace}.categories WHERE token(id) >= ? AND "
        + "token(id) <= ?");
    this.selectChildren = prepare("SELECT parent_id, id FROM {keyspace}.categories_by_parent_id WHERE parent_id = ?");
    this.selectCategoryRow = prepare("SELECT id, parent_id, name, WRITETIME(parent_id), WRITETIME(name) FROM "
        + "{keyspace}.categories WHERE id = ?");
    this.insertCategory = prepare("INSERT INTO {keyspace}.categories (id, parent_id, name) VALUES (?, ?, ?)");
    this.deleteCategory = prepare("DELETE FROM {keyspace}.categories WHERE id = ?");
    this.categoriesByParentIdIndex = indexTable(CassandraCategoryMapper.CATEGORIES_BY_PARENT_ID,
        "categories_by_parent_id", 1, List.of("parent_id", "id"));
    this.categoryByKey = masterLookup(selectCategoryRow, CassandraCategoryMapper::fromRow);
    this.maintenance = indexMaintenance(scanCategory, CassandraCategoryMapper::fromRow,
        CassandraCategoryMapper::indexEntries, categoryByKey);
    master(MasterTable.<Category>of("Category", selectCategoryRow, CassandraCategoryMapper::fromRow,
        CassandraCategoryMapper::keyOf, CassandraCategoryMapper::bindKeyValues)
        .inserting(insertCategory, CassandraCategoryMapper::bindAll)
        .deleting(deleteCategory, null)
        .indexed(CassandraCategoryMapper::indexEntries));
    this.saves = savePipeline()
        .checking(CassandraCategoryMapper::requireValidKey)
        .build();
    this.deletes = deletePipeline(CassandraCategoryMapper::keyOf)
        .checking(CassandraCategoryMapper::requireValidKey)
        .build();
  }

  /**
   * Writes every column of the {@code Category} row in table {@code categories}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   */
  @Override
  public void save(Category category) {
    join(saves.save(category));
  }

  /**
   * Served by table {@code categories}: {@code id = ?}.
   */
  @Override
  public Optional<Category> findById(String id) {
    KeyChecks.argument("Category", "id", id);
    return one(
        selectById.sync().boundStatementBuilder()
            .setString(0, id),
        CassandraCategoryMapper::fromRow);
  }

  /**
   * The Category rows whose {@code parentId} is {@code id}: one read of index {@code categories_by_parent_id}.
   */
  @Override
  public List<Category> findChildren(String id) {
    KeyChecks.argument("Category", "id", id);
    return join(childrenOf(id));
  }

  /**
   * The Category rows under {@code id}, breadth first, down to {@code maxDepth} levels: each level's children read
   * together
   * (one index read per node of the level, 16 in flight), a node met twice returned once.
   */
  @Override
  public List<Category> findSubtree(String id, int maxDepth) {
    KeyChecks.argument("Category", "id", id);
    return join(Trees.<Object, Category>breadthFirst(id, maxDepth, this::childrenOf, node -> node.id()));
  }

  /**
   * The Category rows under {@code id}, breadth first, down to {@code maxDepth} levels: each level's children read
   * together
   * (one index read per node of the level, 16 in flight), a node met twice returned once.
   */
  @Override
  public CompletionStage<List<Category>> findSubtreeAsync(String id, int maxDepth) {
    KeyChecks.argument("Category", "id", id);
    return Trees.<Object, Category>breadthFirst(id, maxDepth, this::childrenOf, node -> node.id());
  }

  /**
   * Deletes one row of table {@code categories} by its primary key, at one client-side write timestamp.
   * Returns whether the row existed when it was read just before the delete.
   * Index entries of the deleted row are removed after the master row.
   */
  @Override
  public boolean deleteById(String id) {
    KeyChecks.keyComponent("Category", "id", id);
    return join(deletes.deleteByKey(Arrays.<Object>asList(id), true));
  }

  @Override
  public List<IndexScans.Segment<Category>> scanSegments(int segments) {
    return masterSegments(scanCategory, CassandraCategoryMapper::fromRow, segments);
  }

  @Override
  public IndexScans.Segment<Category> scanSegment(String range) {
    return masterSegment(scanCategory, CassandraCategoryMapper::fromRow, range);
  }

  /**
   * Verify, rebuild and back-fill of the index tables of {@code categories}: categories_by_parent_id.
   */
  @Override
  public IndexMaintenance<Category> indexMaintenance() {
    return maintenance;
  }

  /**
   * The Category rows whose {@code parentId} is {@code parent}: one read of index {@code categories_by_parent_id}, each
   * row checked against its master.
   */
  private CompletionStage<List<Category>> childrenOf(Object parent) {
    return selectChildren.async().thenCompose(prepared -> indexListAsync(prepared.boundStatementBuilder().setString(0,
        ((String) parent)).build(), categoriesByParentIdIndex, categoryByKey, CassandraCategoryMapper::indexEntries));
  }

  /**
   * This DAO with other statement options, for the calls that need them: another instance over the same session and
   * keyspace (the session prepares each statement once), with this one's clock, repair grace, observer and list limit.
   */
  public CassandraCategoryDao withStatementOptions(StatementOptions options) {
    CassandraCategoryDao other = new CassandraCategoryDao(session(), keyspace().asInternal());
    other.copySettingsFrom(this);
    other.setStatementOptions(options);
    return other;
  }
}
