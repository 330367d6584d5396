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
import io.denorm.tree.MaterializedPaths;
import io.denorm.write.SavePipeline;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import javax.annotation.processing.Generated;

/**
 * Cassandra implementation of {@link ShopCategoryDao}, storing {@link ShopCategory} in table {@code shop_categories}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.catalog.ShopCategoryDao"
)
public final class CassandraShopCategoryDao extends CassandraDaoBase<ShopCategory> implements ShopCategoryDao,
    ScannableDao<ShopCategory>, IndexedDao<ShopCategory> {
  /**
   * {@code SELECT id, parent_id, name, path FROM shop_categories WHERE id = ?}
   */
  private final PreparedCql selectById;

  /**
   * {@code SELECT id, parent_id, name, path FROM shop_categories WHERE token(id) >= ? AND token(id) <= ?}
   */
  private final PreparedCql scanShopCategory;

  /**
   * {@code SELECT path_root, path, id FROM shop_categories_by_path WHERE path_root = ? AND path > ? AND path < ?}
   */
  private final PreparedCql selectUnderPath;

  /**
   * {@code SELECT parent_id, id FROM shop_categories_by_parent_id WHERE parent_id = ?}
   */
  private final PreparedCql selectChildren;

  /**
   * {@code SELECT id, parent_id, name, path, WRITETIME(parent_id), WRITETIME(name), WRITETIME(path) FROM
   * shop_categories WHERE id = ?}
   */
  private final PreparedCql selectShopCategoryRow;

  /**
   * {@code INSERT INTO shop_categories (id, parent_id, name, path) VALUES (?, ?, ?, ?)}
   */
  private final PreparedCql insertShopCategory;

  /**
   * Index table {@code shop_categories_by_parent_id}.
   */
  private final CassandraIndexTable shopCategoriesByParentIdIndex;

  /**
   * Index table {@code shop_categories_by_path}.
   */
  private final CassandraIndexTable shopCategoriesByPathIndex;

  /**
   * Reads the master row an index row points at.
   */
  private final Function<List<Object>, CompletionStage<Optional<ShopCategory>>> shopCategoryByKey;

  private final IndexMaintenance<ShopCategory> maintenance;

  /**
   * The steps of a save of ShopCategory, each feature hooked into its step; every save method is one call of it.
   */
  private final SavePipeline<ShopCategory> saves;

  /**
   * A DAO over {@code session} whose tables live in {@code keyspace}. Statements are prepared on first use.
   */
  public CassandraShopCategoryDao(CqlSession session, String keyspace) {
    super(session, keyspace);
    this.selectById = prepare("SELECT id, parent_id, name, path FROM {keyspace}.shop_categories WHERE id = ?");
    this.scanShopCategory = prepare("SELECT id, parent_id, name, path FROM {keyspace}.shop_categories WHERE token(id) "
        + ">= ? AND token(id) <= ?");
    this.selectUnderPath = prepare("SELECT path_root, path, id FROM {keyspace}.shop_categories_by_path WHERE path_root "
        + "= ? AND path > ? AND path < ?");
    this.selectChildren = prepare("SELECT parent_id, id FROM {keyspace}.shop_categories_by_parent_id WHERE parent_id = "
        + "?");
    this.selectShopCategoryRow = prepare("SELECT id, parent_id, name, path, WRITETIME(parent_id), WRITETIME(name), "
        + "WRITETIME(path) FROM {keyspace}.shop_categories WHERE id = ?");
    this.insertShopCategory = prepare("INSERT INTO {keyspace}.shop_categories (id, parent_id, name, path) VALUES (?, "
        + "?, ?, ?)");
    this.shopCategoriesByParentIdIndex = indexTable(CassandraShopCategoryMapper.SHOP_CATEGORIES_BY_PARENT_ID,
        "shop_categories_by_parent_id", 1, List.of("parent_id", "id"));
    this.shopCategoriesByPathIndex = indexTable(CassandraShopCategoryMapper.SHOP_CATEGORIES_BY_PATH,
        "shop_categories_by_path", 1, List.of("path_root", "path", "id"));
    this.shopCategoryByKey = masterLookup(selectShopCategoryRow, CassandraShopCategoryMapper::fromRow);
    this.maintenance = indexMaintenance(scanShopCategory, CassandraShopCategoryMapper::fromRow,
        CassandraShopCategoryMapper::indexEntries, shopCategoryByKey);
    master(MasterTable.<ShopCategory>of("ShopCategory", selectShopCategoryRow, CassandraShopCategoryMapper::fromRow,
        CassandraShopCategoryMapper::keyOf, CassandraShopCategoryMapper::bindKeyValues)
        .inserting(insertShopCategory, CassandraShopCategoryMapper::bindAll)
        .indexed(CassandraShopCategoryMapper::indexEntries));
    this.saves = savePipeline()
        .checking(CassandraShopCategoryMapper::requireValidKey)
        .build();
  }

  /**
   * Writes {@code category} with its path ({@code path}: its parent's path, read, and its id); when the path changed (a
   * move), every node under
   * the old path is written again with the new one, parents first, through the write protocol.
   */
  @Override
  public ShopCategory save(ShopCategory category) {
    return join(MaterializedPaths.save(category, paths()));
  }

  /**
   * Served by table {@code shop_categories}: {@code id = ?}.
   */
  @Override
  public Optional<ShopCategory> findById(String id) {
    KeyChecks.argument("ShopCategory", "id", id);
    return one(
        selectById.sync().boundStatementBuilder()
            .setString(0, id),
        CassandraShopCategoryMapper::fromRow);
  }

  /**
   * Every ShopCategory under {@code id}, in path order (depth first): its row read for its path, then one range read of
   * index {@code shop_categories_by_path}.
   */
  @Override
  public List<ShopCategory> findDescendants(String id) {
    KeyChecks.argument("ShopCategory", "id", id);
    return join(paths().byId().apply(id).thenCompose(node -> node.map(n -> under(n.path()))
        .orElse(CompletableFuture.completedFuture(List.of()))));
  }

  /**
   * The ShopCategory rows whose {@code parentId} is {@code id}: one read of index {@code shop_categories_by_parent_id}.
   */
  @Override
  public List<ShopCategory> findChildren(String id) {
    KeyChecks.argument("ShopCategory", "id", id);
    return join(childrenOf(id));
  }

  @Override
  public List<IndexScans.Segment<ShopCategory>> scanSegments(int segments) {
    return masterSegments(scanShopCategory, CassandraShopCategoryMapper::fromRow, segments);
  }

  @Override
  public IndexScans.Segment<ShopCategory> scanSegment(String range) {
    return masterSegment(scanShopCategory, CassandraShopCategoryMapper::fromRow, range);
  }

  /**
   * Verify, rebuild and back-fill of the index tables of {@code shop_categories}: shop_categories_by_parent_id,
   * shop_categories_by_path.
   */
  @Override
  public IndexMaintenance<ShopCategory> indexMaintenance() {
    return maintenance;
  }

  /**
   * The nodes whose path starts with {@code path} (the node of {@code path} left out), in path order: one range read of
   * index {@code shop_categories_by_path}.
   */
  private CompletionStage<List<ShopCategory>> under(String path) {
    return selectUnderPath.async().thenCompose(prepared -> indexListAsync(prepared.boundStatementBuilder().setString(0,
        MaterializedPaths.root(path)).setString(1, path).setString(2, MaterializedPaths.end(path)).build(),
        shopCategoriesByPathIndex, shopCategoryByKey, CassandraShopCategoryMapper::indexEntries));
  }

  /**
   * How {@link MaterializedPaths#save} reads and writes the nodes of this tree.
   */
  private MaterializedPaths.Store<ShopCategory> paths() {
    return new MaterializedPaths.Store<>("ShopCategory", "id", "parentId",
            node -> node.id(), node -> node.parentId(), node -> node.path(), CassandraShopCategoryMapper::withPath,
            id -> shopCategoryByKey.apply(List.<Object>of(id)),
            this::under, saves::save);
  }

  /**
   * The ShopCategory rows whose {@code parentId} is {@code parent}: one read of index {@code
   * shop_categories_by_parent_id}, each row checked against its master.
   */
  private CompletionStage<List<ShopCategory>> childrenOf(Object parent) {
    return selectChildren.async().thenCompose(prepared -> indexListAsync(prepared.boundStatementBuilder().setString(0,
        ((String) parent)).build(), shopCategoriesByParentIdIndex, shopCategoryByKey,
        CassandraShopCategoryMapper::indexEntries));
  }

  /**
   * This DAO with other statement options, for the calls that need them: another instance over the same session and
   * keyspace (the session prepares each statement once), with this one's clock, repair grace, observer and list limit.
   */
  public CassandraShopCategoryDao withStatementOptions(StatementOptions options) {
    CassandraShopCategoryDao other = new CassandraShopCategoryDao(session(), keyspace().asInternal());
    other.copySettingsFrom(this);
    other.setStatementOptions(options);
    return other;
  }
}
