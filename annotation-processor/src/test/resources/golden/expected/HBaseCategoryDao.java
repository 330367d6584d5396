package io.denorm.examples.catalog;

import io.denorm.KeyChecks;
import io.denorm.hbase.HBaseConnections;
import io.denorm.hbase.HBaseDaoBase;
import io.denorm.hbase.HBaseIndexTable;
import io.denorm.tree.Trees;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import javax.annotation.processing.Generated;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Connection;

/**
 * HBase implementation of {@link CategoryDao}, storing {@link Category} in table {@code categories}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.catalog.CategoryDao"
)
public final class HBaseCategoryDao extends HBaseDaoBase<Category> implements CategoryDao {
  /**
   * Index table {@code categories_by_parent_id}.
   */
  private final HBaseIndexTable categoriesByParentIdIndex;

  /**
   * A DAO over {@code connection} whose tables live in {@code namespace}. It runs on an asynchronous connection opened
   * once per {@code connection}.
   */
  public HBaseCategoryDao(Connection connection, String namespace) {
    this(HBaseConnections.async(connection), namespace);
  }

  /**
   * A DAO over {@code connection} whose tables live in {@code namespace}.
   */
  public HBaseCategoryDao(AsyncConnection connection, String namespace) {
    super(connection, namespace, "Category", "categories", HBaseCategoryMapper.KEY, HBaseCategoryMapper.COLUMNS,
        HBaseCategoryMapper::key, HBaseCategoryMapper::cells, HBaseCategoryMapper::fromRow,
        HBaseCategoryMapper::indexEntries);
    typedKeys(HBaseCategoryMapper::rowKey);
    this.categoriesByParentIdIndex = indexTable(HBaseCategoryMapper.CATEGORIES_BY_PARENT_ID, "categories_by_parent_id",
        HBaseCategoryMapper.CATEGORIES_BY_PARENT_ID_KEY);
  }

  /**
   * Writes every column of the {@code Category} row in table {@code categories} at one timestamp; null columns are
   * deleted.
   * The key (and every index key) is encoded before anything is sent.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   */
  @Override
  public void save(Category category) {
    write(category);
  }

  /**
   * Served by table {@code categories}: {@code id = ?}.
   */
  @Override
  public Optional<Category> findById(String id) {
    KeyChecks.argument("Category", "id", id);
    return get(List.<Object>of(id));
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
   * Deletes one row of table {@code categories} by its key, at one timestamp.
   * Returns whether the row existed when it was read just before the delete.
   */
  @Override
  public boolean deleteById(String id) {
    KeyChecks.keyComponent("Category", "id", id);
    return join(removeAsync(List.<Object>of(id)));
  }

  /**
   * The Category rows whose {@code parentId} is {@code parent}: one read of index {@code categories_by_parent_id}, each
   * row checked against its master.
   */
  private CompletionStage<List<Category>> childrenOf(Object parent) {
    return indexListAsync(categoriesByParentIdIndex, range(categoriesByParentIdIndex,
        List.<Object>of(((String) parent))), 0);
  }
}
