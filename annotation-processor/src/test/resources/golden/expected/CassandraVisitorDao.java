package io.denorm.examples.audience;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.KeyChecks;
import io.denorm.References;
import io.denorm.ScannableDao;
import io.denorm.cassandra.CassandraDaoBase;
import io.denorm.cassandra.CassandraIndexTable;
import io.denorm.cassandra.MasterTable;
import io.denorm.cassandra.PreparedCql;
import io.denorm.cassandra.StatementOptions;
import io.denorm.index.IndexMaintenance;
import io.denorm.index.IndexScans;
import io.denorm.index.IndexedDao;
import io.denorm.write.SavePipeline;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.stream.Stream;
import javax.annotation.processing.Generated;

/**
 * Cassandra implementation of {@link VisitorDao}, storing {@link Visitor} in table {@code visitors}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.audience.VisitorDao"
)
public final class CassandraVisitorDao extends CassandraDaoBase<Visitor> implements VisitorDao, ScannableDao<Visitor>,
    IndexedDao<Visitor> {
  /**
   * {@code SELECT sites, user_id FROM visitors_by_site WHERE sites = ?}
   */
  private final PreparedCql selectIdsBySitesContains;

  /**
   * {@code SELECT categories, user_id FROM visitors_by_category WHERE categories = ?}
   */
  private final PreparedCql selectIdsByCategoriesContains;

  /**
   * {@code SELECT city, user_id FROM visitors_by_city WHERE city = ?}
   */
  private final PreparedCql selectIdsByCity;

  /**
   * {@code SELECT user_id, city, sites, categories FROM visitors WHERE user_id IN ?}
   */
  private final PreparedCql selectVisitorIn;

  /**
   * {@code SELECT user_id, city, sites, categories FROM visitors WHERE token(user_id) >= ? AND token(user_id) <= ?}
   */
  private final PreparedCql scanVisitor;

  /**
   * {@code SELECT user_id, city, sites, categories, WRITETIME(city), MAXWRITETIME(sites), MAXWRITETIME(categories) FROM
   * visitors WHERE user_id = ?}
   */
  private final PreparedCql selectVisitorRow;

  /**
   * {@code INSERT INTO visitors (user_id, city, sites, categories) VALUES (?, ?, ?, ?)}
   */
  private final PreparedCql insertVisitor;

  /**
   * Index table {@code visitors_by_site}.
   */
  private final CassandraIndexTable visitorsBySiteIndex;

  /**
   * Index table {@code visitors_by_category}.
   */
  private final CassandraIndexTable visitorsByCategoryIndex;

  /**
   * Index table {@code visitors_by_city}.
   */
  private final CassandraIndexTable visitorsByCityIndex;

  /**
   * Reads the master row an index row points at.
   */
  private final Function<List<Object>, CompletionStage<Optional<Visitor>>> visitorByKey;

  private final IndexMaintenance<Visitor> maintenance;

  /**
   * The steps of a save of Visitor, each feature hooked into its step; every save method is one call of it.
   */
  private final SavePipeline<Visitor> saves;

  /**
   * A DAO over {@code session} whose tables live in {@code keyspace}. Statements are prepared on first use.
   */
  public CassandraVisitorDao(CqlSession session, String keyspace) {
    super(session, keyspace);
    this.selectIdsBySitesContains = prepare("SELECT sites, user_id FROM {keyspace}.visitors_by_site WHERE sites = ?");
    this.selectIdsByCategoriesContains = prepare("SELECT categories, user_id FROM {keyspace}.visitors_by_category "
        + "WHERE categories = ?");
    this.selectIdsByCity = prepare("SELECT city, user_id FROM {keyspace}.visitors_by_city WHERE city = ?");
    this.selectVisitorIn = prepare("SELECT user_id, city, sites, categories FROM {keyspace}.visitors WHERE user_id IN "
        + "?");
    this.scanVisitor = prepare("SELECT user_id, city, sites, categories FROM {keyspace}.visitors WHERE token(user_id) "
        + ">= ? AND token(user_id) <= ?");
    this.selectVisitorRow = prepare("SELECT user_id, city, sites, categories, WRITETIME(city), MAXWRITETIME(sites), "
        + "MAXWRITETIME(categories) FROM {keyspace}.visitors WHERE user_id = ?");
    this.insertVisitor = prepare("INSERT INTO {keyspace}.visitors (user_id, city, sites, categories) VALUES (?, ?, ?, "
        + "?)");
    this.visitorsBySiteIndex = indexTable(CassandraVisitorMapper.VISITORS_BY_SITE, "visitors_by_site", 1,
        List.of("sites", "user_id"));
    this.visitorsByCategoryIndex = indexTable(CassandraVisitorMapper.VISITORS_BY_CATEGORY, "visitors_by_category", 1,
        List.of("categories", "user_id"));
    this.visitorsByCityIndex = indexTable(CassandraVisitorMapper.VISITORS_BY_CITY, "visitors_by_city", 1,
        List.of("city", "user_id"));
    this.visitorByKey = masterLookup(selectVisitorRow, CassandraVisitorMapper::fromRow);
    this.maintenance = indexMaintenance(scanVisitor, CassandraVisitorMapper::fromRow,
        CassandraVisitorMapper::indexEntries, visitorByKey);
    master(MasterTable.<Visitor>of("Visitor", selectVisitorRow, CassandraVisitorMapper::fromRow,
        CassandraVisitorMapper::keyOf, CassandraVisitorMapper::bindKeyValues)
        .inserting(insertVisitor, CassandraVisitorMapper::bindAll)
        .indexed(CassandraVisitorMapper::indexEntries));
    this.saves = savePipeline()
        .checking(CassandraVisitorMapper::requireValidKey)
        .build();
  }

  /**
   * Writes every column of the {@code Visitor} row in table {@code visitors}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   */
  @Override
  public void save(Visitor visitor) {
    join(saves.save(visitor));
  }

  /**
   * Writes every column of the {@code Visitor} row in table {@code visitors}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   */
  @Override
  public CompletionStage<Void> saveAsync(Visitor visitor) {
    return saves.save(visitor);
  }

  /**
   * The Visitor ids index table {@code visitors_by_site} holds for {@code sites = ?}, in key order, read page by page
   * as the stream is consumed.
   * Each index row is checked against the master row it points at (in batches, in parallel); rows whose master no
   * longer matches are left out and repaired.
   */
  @Override
  public Stream<String> findIdsBySitesContains(String site) {
    KeyChecks.argument("Visitor", "sites", site);
    return indexIdStream(
        selectIdsBySitesContains.sync().boundStatementBuilder()
            .setString(0, site)
            .build(),
        visitorsBySiteIndex, visitorByKey, CassandraVisitorMapper::indexEntries);
  }

  /**
   * The Visitor ids index table {@code visitors_by_category} holds for {@code categories = ?}, in key order, read page
   * by page as the stream is consumed.
   * Each index row is checked against the master row it points at (in batches, in parallel); rows whose master no
   * longer matches are left out and repaired.
   */
  @Override
  public Stream<String> findIdsByCategoriesContains(String category) {
    KeyChecks.argument("Visitor", "categories", category);
    return indexIdStream(
        selectIdsByCategoriesContains.sync().boundStatementBuilder()
            .setString(0, category)
            .build(),
        visitorsByCategoryIndex, visitorByKey, CassandraVisitorMapper::indexEntries);
  }

  /**
   * The Visitor ids index table {@code visitors_by_city} holds for {@code city = ?}, in key order, read page by page as
   * the stream is consumed.
   * Each index row is checked against the master row it points at (in batches, in parallel); rows whose master no
   * longer matches are left out and repaired.
   */
  @Override
  public Stream<String> findIdsByCity(String city) {
    KeyChecks.argument("Visitor", "city", city);
    return indexIdStream(
        selectIdsByCity.sync().boundStatementBuilder()
            .setString(0, city)
            .build(),
        visitorsByCityIndex, visitorByKey, CassandraVisitorMapper::indexEntries);
  }

  /**
   * The Visitor rows of {@code ids}, read 100 ids at a time (one request each, a few in flight), in the order of the
   * ids; ids without a row are left out.
   */
  @Override
  public List<Visitor> findAllById(Collection<String> ids) {
    Objects.requireNonNull(ids, "ids");
    return join(referencesAsync(new ArrayList<>(ids), selectVisitorIn, CassandraVisitorMapper::fromRow)
        .thenApply(found -> References.inOrder(ids, found)));
  }

  @Override
  public List<IndexScans.Segment<Visitor>> scanSegments(int segments) {
    return masterSegments(scanVisitor, CassandraVisitorMapper::fromRow, segments);
  }

  @Override
  public IndexScans.Segment<Visitor> scanSegment(String range) {
    return masterSegment(scanVisitor, CassandraVisitorMapper::fromRow, range);
  }

  /**
   * Verify, rebuild and back-fill of the index tables of {@code visitors}: visitors_by_site, visitors_by_category,
   * visitors_by_city.
   */
  @Override
  public IndexMaintenance<Visitor> indexMaintenance() {
    return maintenance;
  }

  /**
   * This DAO with other statement options, for the calls that need them: another instance over the same session and
   * keyspace (the session prepares each statement once), with this one's clock, repair grace, observer and list limit.
   */
  public CassandraVisitorDao withStatementOptions(StatementOptions options) {
    CassandraVisitorDao other = new CassandraVisitorDao(session(), keyspace().asInternal());
    other.copySettingsFrom(this);
    other.setStatementOptions(options);
    return other;
  }
}
