package io.denorm.examples.clicks;

import io.denorm.KeyChecks;
import io.denorm.hbase.HBaseConnections;
import io.denorm.hbase.HBaseDaoBase;
import io.denorm.hbase.HBaseDistinctCount;
import io.denorm.key.RowKeyCodec;
import io.denorm.write.SavePipeline;
import java.util.List;
import java.util.concurrent.CompletionStage;
import javax.annotation.processing.Generated;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Connection;

/**
 * HBase implementation of {@link ClickDao}, storing {@link Click} in table {@code clicks}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.clicks.ClickDao"
)
public final class HBaseClickDao extends HBaseDaoBase<Click> implements ClickDao {
  /**
   * The distinct userId per site ({@code @CountDistinct unique_visitors}): pairs in table {@code
   * unique_visitors_members}, counts in table {@code unique_visitors}.
   */
  private final HBaseDistinctCount uniqueVisitorsCount;

  /**
   * The steps of a save of Click, each feature hooked into its step; every save method is one call of it.
   */
  private final SavePipeline<Click> saves;

  /**
   * A DAO over {@code connection} whose tables live in {@code namespace}. It runs on an asynchronous connection opened
   * once per {@code connection}.
   */
  public HBaseClickDao(Connection connection, String namespace) {
    this(HBaseConnections.async(connection), namespace);
  }

  /**
   * A DAO over {@code connection} whose tables live in {@code namespace}.
   */
  public HBaseClickDao(AsyncConnection connection, String namespace) {
    super(connection, namespace, "Click", "clicks", HBaseClickMapper.KEY, HBaseClickMapper.COLUMNS,
        HBaseClickMapper::key, HBaseClickMapper::cells, HBaseClickMapper::fromRow, entity -> List.of());
    typedKeys(HBaseClickMapper::rowKey);
    this.uniqueVisitorsCount = distinctCount("unique_visitors",
            new RowKeyCodec("Click", List.of(
                new RowKeyCodec.Component("site", RowKeyCodec.Kind.STRING, false, false, null),
                new RowKeyCodec.Component("userId", RowKeyCodec.Kind.STRING, false, false, null))),
            new RowKeyCodec("Click", List.of(
                new RowKeyCodec.Component("site", RowKeyCodec.Kind.STRING, false, false, null))));
    this.saves = savePipeline()
        .checking(this::checkKey)
        .then(entity -> uniqueVisitorsCount.add(entity.site(), entity.userId()))
        .build();
  }

  /**
   * Writes every column of the {@code Click} row in table {@code clicks} at one timestamp; null columns are deleted.
   * The key (and every index key) is encoded before anything is sent.
   * Then the pair (site, userId) is counted for @CountDistinct {@code unique_visitors} unless it was before.
   */
  @Override
  public void save(Click click) {
    join(saves.save(click));
  }

  /**
   * Writes every column of the {@code Click} row in table {@code clicks} at one timestamp; null columns are deleted.
   * The key (and every index key) is encoded before anything is sent.
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
    return list(range(List.<Object>of(userId)), 0);
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
}
