package io.denorm.examples.audience;

import io.denorm.KeyChecks;
import io.denorm.References;
import io.denorm.hbase.HBaseConnections;
import io.denorm.hbase.HBaseDaoBase;
import io.denorm.hbase.HBaseIndexTable;
import io.denorm.hbase.HBaseReferences;
import io.denorm.hbase.KeySalt;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletionStage;
import java.util.stream.Stream;
import javax.annotation.processing.Generated;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Connection;

/**
 * HBase implementation of {@link VisitorDao}, storing {@link Visitor} in table {@code visitors}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.audience.VisitorDao"
)
public final class HBaseVisitorDao extends HBaseDaoBase<Visitor> implements VisitorDao {
  /**
   * Index table {@code visitors_by_site}.
   */
  private final HBaseIndexTable visitorsBySiteIndex;

  /**
   * Index table {@code visitors_by_category}.
   */
  private final HBaseIndexTable visitorsByCategoryIndex;

  /**
   * Index table {@code visitors_by_city}.
   */
  private final HBaseIndexTable visitorsByCityIndex;

  /**
   * Reads rows of table {@code visitors} by id, 100 at a time, for findAllById.
   */
  private final HBaseReferences<Visitor> selfRows;

  /**
   * A DAO over {@code connection} whose tables live in {@code namespace}. It runs on an asynchronous connection opened
   * once per {@code connection}.
   */
  public HBaseVisitorDao(Connection connection, String namespace) {
    this(HBaseConnections.async(connection), namespace);
  }

  /**
   * A DAO over {@code connection} whose tables live in {@code namespace}.
   */
  public HBaseVisitorDao(AsyncConnection connection, String namespace) {
    super(connection, namespace, "Visitor", "visitors", HBaseVisitorMapper.KEY, HBaseVisitorMapper.COLUMNS,
        HBaseVisitorMapper::key, HBaseVisitorMapper::cells, HBaseVisitorMapper::fromRow,
        HBaseVisitorMapper::indexEntries);
    typedKeys(HBaseVisitorMapper::rowKey);
    this.visitorsBySiteIndex = indexTable(HBaseVisitorMapper.VISITORS_BY_SITE, "visitors_by_site",
        HBaseVisitorMapper.VISITORS_BY_SITE_KEY);
    this.visitorsByCategoryIndex = indexTable(HBaseVisitorMapper.VISITORS_BY_CATEGORY, "visitors_by_category",
        HBaseVisitorMapper.VISITORS_BY_CATEGORY_KEY);
    this.visitorsByCityIndex = indexTable(HBaseVisitorMapper.VISITORS_BY_CITY, "visitors_by_city",
        HBaseVisitorMapper.VISITORS_BY_CITY_KEY);
    this.selfRows = references("visitors", "Visitor", HBaseVisitorMapper.KEY, KeySalt.NONE, HBaseVisitorMapper.COLUMNS,
        HBaseVisitorMapper::fromRow);
  }

  /**
   * Writes every column of the {@code Visitor} row in table {@code visitors} at one timestamp; null columns are
   * deleted.
   * The key (and every index key) is encoded before anything is sent.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   */
  @Override
  public void save(Visitor visitor) {
    write(visitor);
  }

  /**
   * Writes every column of the {@code Visitor} row in table {@code visitors} at one timestamp; null columns are
   * deleted.
   * The key (and every index key) is encoded before anything is sent.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   */
  @Override
  public CompletionStage<Void> saveAsync(Visitor visitor) {
    return writeAsync(visitor);
  }

  /**
   * Served by table {@code visitors_by_site}: {@code sites = ?}.
   * Only the ids: the master key of the index rows, in key order, read page by page as the stream is consumed; each
   * index row is checked against the master row it points at
   * (in batches, in parallel), and rows whose master no longer matches are left out and repaired.
   */
  @Override
  public Stream<String> findIdsBySitesContains(String site) {
    KeyChecks.argument("Visitor", "sites", site);
    return indexIds(visitorsBySiteIndex, range(visitorsBySiteIndex, List.<Object>of(site)));
  }

  /**
   * Served by table {@code visitors_by_category}: {@code categories = ?}.
   * Only the ids: the master key of the index rows, in key order, read page by page as the stream is consumed; each
   * index row is checked against the master row it points at
   * (in batches, in parallel), and rows whose master no longer matches are left out and repaired.
   */
  @Override
  public Stream<String> findIdsByCategoriesContains(String category) {
    KeyChecks.argument("Visitor", "categories", category);
    return indexIds(visitorsByCategoryIndex, range(visitorsByCategoryIndex, List.<Object>of(category)));
  }

  /**
   * Served by table {@code visitors_by_city}: {@code city = ?}.
   * Only the ids: the master key of the index rows, in key order, read page by page as the stream is consumed; each
   * index row is checked against the master row it points at
   * (in batches, in parallel), and rows whose master no longer matches are left out and repaired.
   */
  @Override
  public Stream<String> findIdsByCity(String city) {
    KeyChecks.argument("Visitor", "city", city);
    return indexIds(visitorsByCityIndex, range(visitorsByCityIndex, List.<Object>of(city)));
  }

  /**
   * The Visitor rows of {@code ids}, read 100 ids at a time (one request each, a few in flight), in the order of the
   * ids; ids without a row are left out.
   */
  @Override
  public List<Visitor> findAllById(Collection<String> ids) {
    Objects.requireNonNull(ids, "ids");
    return join(selfRows.load(new ArrayList<>(ids)).thenApply(found -> References.inOrder(ids, found)));
  }
}
