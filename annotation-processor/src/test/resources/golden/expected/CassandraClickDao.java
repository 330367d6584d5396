package io.denorm.examples.clicks;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.KeyChecks;
import io.denorm.ScannableDao;
import io.denorm.cassandra.CassandraDaoBase;
import io.denorm.cassandra.CassandraDistinctCount;
import io.denorm.cassandra.MasterTable;
import io.denorm.cassandra.PreparedCql;
import io.denorm.cassandra.StatementOptions;
import io.denorm.index.IndexScans;
import io.denorm.write.SavePipeline;
import java.util.List;
import java.util.concurrent.CompletionStage;
import javax.annotation.processing.Generated;

/**
 * Cassandra implementation of {@link ClickDao}, storing {@link Click} in table {@code clicks}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.clicks.ClickDao"
)
public final class CassandraClickDao extends CassandraDaoBase<Click> implements ClickDao, ScannableDao<Click> {
  /**
   * {@code SELECT user_id, at, site, city FROM clicks WHERE user_id = ?}
   */
  private final PreparedCql selectByUserId;

  /**
   * {@code SELECT user_id, at, site, city FROM clicks WHERE token(user_id) >= ? AND token(user_id) <= ?}
   */
  private final PreparedCql scanClick;

  /**
   * {@code SELECT user_id, at, site, city, WRITETIME(site), WRITETIME(city) FROM clicks WHERE user_id = ? AND at = ?}
   */
  private final PreparedCql selectClickRow;

  /**
   * {@code INSERT INTO clicks (user_id, at, site, city) VALUES (?, ?, ?, ?)}
   */
  private final PreparedCql insertClick;

  /**
   * The distinct userId per site ({@code @CountDistinct unique_visitors}): pairs in table {@code
   * unique_visitors_members}, counts in table {@code unique_visitors}.
   */
  private final CassandraDistinctCount uniqueVisitorsCount;

  /**
   * The steps of a save of Click, each feature hooked into its step; every save method is one call of it.
   */
  private final SavePipeline<Click> saves;

  /**
   * A DAO over {@code session} whose tables live in {@code keyspace}. Statements are prepared on first use.
   */
  public CassandraClickDao(CqlSession session, String keyspace) {
    super(session, keyspace);
    this.selectByUserId = prepare("SELECT user_id, at, site, city FROM {keyspace}.clicks WHERE user_id = ?");
    this.scanClick = prepare("SELECT user_id, at, site, city FROM {keyspace}.clicks WHERE token(user_id) >= ? AND "
        + "token(user_id) <= ?");
    this.selectClickRow = prepare("SELECT user_id, at, site, city, WRITETIME(site), WRITETIME(city) FROM "
        + "{keyspace}.clicks WHERE user_id = ? AND at = ?");
    this.insertClick = prepare("INSERT INTO {keyspace}.clicks (user_id, at, site, city) VALUES (?, ?, ?, ?)");
    this.uniqueVisitorsCount = distinctCount("unique_visitors", "site", "user_id");
    master(MasterTable.<Click>of("Click", selectClickRow, CassandraClickMapper::fromRow, CassandraClickMapper::keyOf,
        CassandraClickMapper::bindKeyValues)
        .inserting(insertClick, CassandraClickMapper::bindAll));
    this.saves = savePipeline()
        .checking(CassandraClickMapper::requireValidKey)
        .then(entity -> uniqueVisitorsCount.add(entity.site(), entity.userId()))
        .build();
  }

  /**
   * Writes every column of the {@code Click} row in table {@code clicks}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   * Then the pair (site, userId) is counted for @CountDistinct {@code unique_visitors} unless it was before.
   */
  @Override
  public void save(Click click) {
    join(saves.save(click));
  }

  /**
   * Writes every column of the {@code Click} row in table {@code clicks}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   * Then the pair (site, userId) is counted for @CountDistinct {@code unique_visitors} unless it was before.
   */
  @Override
  public CompletionStage<Void> saveAsync(Click click) {
    return saves.save(click);
  }

  /**
   * Served by table {@code clicks}: {@code user_id = ?}.
   */
  @Override
  public List<Click> findByUserId(String userId) {
    KeyChecks.argument("Click", "userId", userId);
    return list(
        selectByUserId.sync().boundStatementBuilder()
            .setString(0, userId)
            .build(),
        CassandraClickMapper::fromRow);
  }

  /**
   * The number of distinct {@code userId} saved with {@code site}: one read of table {@code unique_visitors} (0 when
   * none).
   */
  @Override
  public long uniqueVisitors(String site) {
    KeyChecks.argument("unique_visitors", "site", site);
    return join(uniqueVisitorsCount.count(site));
  }

  /**
   * The number of distinct {@code userId} saved with {@code site}: one read of table {@code unique_visitors} (0 when
   * none).
   */
  @Override
  public CompletionStage<Long> uniqueVisitorsAsync(String site) {
    KeyChecks.argument("unique_visitors", "site", site);
    return uniqueVisitorsCount.count(site);
  }

  /**
   * Counts the pairs of {@code site} in table {@code unique_visitors_members} and moves its count in table {@code
   * unique_visitors} to that number; returns it.
   * Run it when no row of the group is being saved.
   */
  @Override
  public long recountUniqueVisitors(String site) {
    KeyChecks.argument("unique_visitors", "site", site);
    return join(uniqueVisitorsCount.recount(site));
  }

  @Override
  public List<IndexScans.Segment<Click>> scanSegments(int segments) {
    return masterSegments(scanClick, CassandraClickMapper::fromRow, segments);
  }

  @Override
  public IndexScans.Segment<Click> scanSegment(String range) {
    return masterSegment(scanClick, CassandraClickMapper::fromRow, range);
  }

  /**
   * This DAO with other statement options, for the calls that need them: another instance over the same session and
   * keyspace (the session prepares each statement once), with this one's clock, repair grace, observer and list limit.
   */
  public CassandraClickDao withStatementOptions(StatementOptions options) {
    CassandraClickDao other = new CassandraClickDao(session(), keyspace().asInternal());
    other.copySettingsFrom(this);
    other.setStatementOptions(options);
    return other;
  }
}
