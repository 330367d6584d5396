package io.denorm.examples.catalog;

import io.denorm.KeyChecks;
import io.denorm.hbase.HBaseConnections;
import io.denorm.hbase.HBaseDaoBase;
import io.denorm.hbase.HBaseIndexTable;
import io.denorm.tree.MaterializedPaths;
import io.denorm.write.SavePipeline;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import javax.annotation.processing.Generated;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Connection;

/**
 * HBase implementation of {@link ShopCategoryDao}, storing {@link ShopCategory} in table {@code shop_categories}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.catalog.ShopCategoryDao"
)
public final class HBaseShopCategoryDao extends HBaseDaoBase<ShopCategory> implements ShopCategoryDao {
  /**
   * Index table {@code shop_categories_by_parent_id}.
   */
  private final HBaseIndexTable shopCategoriesByParentIdIndex;

  /**
   * Index table {@code shop_categories_by_path}.
   */
  private final HBaseIndexTable shopCategoriesByPathIndex;

  /**
   * The steps of a save of ShopCategory, each feature hooked into its step; every save method is one call of it.
   */
  private final SavePipeline<ShopCategory> saves;

  /**
   * A DAO over {@code connection} whose tables live in {@code namespace}. It runs on an asynchronous connection opened
   * once per {@code connection}.
   */
  public HBaseShopCategoryDao(Connection connection, String namespace) {
    this(HBaseConnections.async(connection), namespace);
  }

  /**
   * A DAO over {@code connection} whose tables live in {@code namespace}.
   */
  public HBaseShopCategoryDao(AsyncConnection connection, String namespace) {
    super(connection, namespace, "ShopCategory", "shop_categories", HBaseShopCategoryMapper.KEY,
        HBaseShopCategoryMapper.COLUMNS, HBaseShopCategoryMapper::key, HBaseShopCategoryMapper::cells,
        HBaseShopCategoryMapper::fromRow, HBaseShopCategoryMapper::indexEntries);
    typedKeys(HBaseShopCategoryMapper::rowKey);
    this.shopCategoriesByParentIdIndex = indexTable(HBaseShopCategoryMapper.SHOP_CATEGORIES_BY_PARENT_ID,
        "shop_categories_by_parent_id", HBaseShopCategoryMapper.SHOP_CATEGORIES_BY_PARENT_ID_KEY);
    this.shopCategoriesByPathIndex = indexTable(HBaseShopCategoryMapper.SHOP_CATEGORIES_BY_PATH,
        "shop_categories_by_path", HBaseShopCategoryMapper.SHOP_CATEGORIES_BY_PATH_KEY);
    this.saves = savePipeline()
        .checking(this::checkKey)
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
    return get(List.<Object>of(id));
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

  /**
   * The nodes whose path starts with {@code path} (the node of {@code path} left out), in path order: one range read of
   * index {@code shop_categories_by_path}.
   */
  private CompletionStage<List<ShopCategory>> under(String path) {
    return indexListAsync(shopCategoriesByPathIndex, range(shopCategoriesByPathIndex,
        List.<Object>of(MaterializedPaths.root(path)), path, false, MaterializedPaths.end(path), false), 0);
  }

  /**
   * How {@link MaterializedPaths#save} reads and writes the nodes of this tree.
   */
  private MaterializedPaths.Store<ShopCategory> paths() {
    return new MaterializedPaths.Store<>("ShopCategory", "id", "parentId",
            node -> node.id(), node -> node.parentId(), node -> node.path(), HBaseShopCategoryMapper::withPath,
            id -> getAsync(List.<Object>of(id)),
            this::under, saves::save);
  }

  /**
   * The ShopCategory rows whose {@code parentId} is {@code parent}: one read of index {@code
   * shop_categories_by_parent_id}, each row checked against its master.
   */
  private CompletionStage<List<ShopCategory>> childrenOf(Object parent) {
    return indexListAsync(shopCategoriesByParentIdIndex, range(shopCategoriesByParentIdIndex,
        List.<Object>of(((String) parent))), 0);
  }
}
