package io.denorm.examples.accounts;

import io.denorm.KeyChecks;
import io.denorm.hbase.HBaseConnections;
import io.denorm.hbase.HBaseDaoBase;
import io.denorm.hbase.HBaseIndexTable;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import javax.annotation.processing.Generated;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Connection;

/**
 * HBase implementation of {@link AccountDao}, storing {@link Account} in table {@code accounts}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.accounts.AccountDao"
)
public final class HBaseAccountDao extends HBaseDaoBase<Account> implements AccountDao {
  /**
   * Index table {@code accounts_by_email}.
   */
  private final HBaseIndexTable accountsByEmailIndex;

  /**
   * Index table {@code accounts_by_handle}.
   */
  private final HBaseIndexTable accountsByHandleIndex;

  /**
   * Index table {@code accounts_by_plan}.
   */
  private final HBaseIndexTable accountsByPlanIndex;

  /**
   * A DAO over {@code connection} whose tables live in {@code namespace}. It runs on an asynchronous connection opened
   * once per {@code connection}.
   */
  public HBaseAccountDao(Connection connection, String namespace) {
    this(HBaseConnections.async(connection), namespace);
  }

  /**
   * A DAO over {@code connection} whose tables live in {@code namespace}.
   */
  public HBaseAccountDao(AsyncConnection connection, String namespace) {
    super(connection, namespace, "Account", "accounts", HBaseAccountMapper.KEY, HBaseAccountMapper.COLUMNS,
        HBaseAccountMapper::key, HBaseAccountMapper::cells, HBaseAccountMapper::fromRow,
        HBaseAccountMapper::indexEntries);
    typedKeys(HBaseAccountMapper::rowKey);
    this.accountsByEmailIndex = indexTable(HBaseAccountMapper.ACCOUNTS_BY_EMAIL, "accounts_by_email",
        HBaseAccountMapper.ACCOUNTS_BY_EMAIL_KEY);
    this.accountsByHandleIndex = indexTable(HBaseAccountMapper.ACCOUNTS_BY_HANDLE, "accounts_by_handle",
        HBaseAccountMapper.ACCOUNTS_BY_HANDLE_KEY);
    this.accountsByPlanIndex = indexTable(HBaseAccountMapper.ACCOUNTS_BY_PLAN, "accounts_by_plan",
        HBaseAccountMapper.ACCOUNTS_BY_PLAN_KEY);
  }

  /**
   * Writes every column of the {@code Account} row in table {@code accounts} at one timestamp; null columns are
   * deleted.
   * The key (and every index key) is encoded before anything is sent.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   */
  @Override
  public void save(Account a) {
    write(a);
  }

  /**
   * Writes every column of the {@code Account} row in table {@code accounts} at one timestamp; null columns are
   * deleted.
   * The key (and every index key) is encoded before anything is sent.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   */
  @Override
  public CompletionStage<Void> saveAsync(Account a) {
    return writeAsync(a);
  }

  /**
   * Writes every column of the {@code Account} row in table {@code accounts} at one timestamp; null columns are
   * deleted.
   * The key (and every index key) is encoded before anything is sent.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   * An insert: the row is taken to be new, so nothing of its stored state is read (as {@code save(entity, null)}).
   * When a row with this key exists, it is replaced (a {@code @Version} entity fails instead), and the index entries
   * only it needed stay behind as stale entries (reads leave them out and repair them, {@code rebuild} removes them),
   * as do its memberships: counts and inverse sides keep them until repaired; an insert made just after a delete of the
   * key stamped by a clock ahead of this one is hidden by that delete.
   */
  @Override
  public void insert(Account a) {
    write(a, null);
  }

  /**
   * Writes every column of the {@code Account} row in table {@code accounts} at one timestamp; null columns are
   * deleted.
   * The key (and every index key) is encoded before anything is sent.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   */
  @Override
  public void save(Account a, Account previous) {
    write(a, previous);
  }

  /**
   * Deletes one row of table {@code accounts} by its key, at one timestamp.
   * Returns whether the row existed when it was read just before the delete.
   */
  @Override
  public boolean deleteById(String id) {
    KeyChecks.keyComponent("Account", "id", id);
    return join(removeAsync(List.<Object>of(id)));
  }

  /**
   * Served by table {@code accounts}: {@code id = ?}.
   */
  @Override
  public Optional<Account> findById(String id) {
    KeyChecks.argument("Account", "id", id);
    return get(List.<Object>of(id));
  }

  /**
   * Served by table {@code accounts_by_email}: {@code email = ?}.
   * Each index row is checked against the master row it points at; rows whose master no longer matches are left out and
   * repaired.
   */
  @Override
  public Optional<Account> findByEmail(String email) {
    KeyChecks.argument("Account", "email", email);
    return indexOne(accountsByEmailIndex, range(accountsByEmailIndex, List.<Object>of(email)));
  }

  /**
   * Served by table {@code accounts_by_handle}: {@code domain = ?}.
   * Each index row is checked against the master row it points at; rows whose master no longer matches are left out and
   * repaired.
   */
  @Override
  public List<Account> findByDomain(String domain) {
    KeyChecks.argument("Account", "domain", domain);
    return indexList(accountsByHandleIndex, range(accountsByHandleIndex, List.<Object>of(domain)), 0);
  }

  /**
   * Served by table {@code accounts_by_plan}: {@code plan = ?}.
   * Each index row is checked against the master row it points at; rows whose master no longer matches are left out and
   * repaired.
   */
  @Override
  public List<Account> findByPlan(String plan) {
    KeyChecks.argument("Account", "plan", plan);
    return indexList(accountsByPlanIndex, range(accountsByPlanIndex, List.<Object>of(plan)), 0);
  }

  /**
   * Served by table {@code accounts_by_plan}: {@code plan = ?}.
   * Each index row is checked against the master row it points at; rows whose master no longer matches are left out and
   * repaired.
   * Each {@code Account} read is returned as a {@link AccountCard} of its fields id, handle, bio.
   */
  @Override
  public List<AccountCard> findCardsByPlan(String plan) {
    return findCardsByPlan$rows(plan).stream().map(row -> new AccountCard(row.id, row.handle, row.bio)).toList();
  }

  private List<Account> findCardsByPlan$rows(String plan) {
    KeyChecks.argument("Account", "plan", plan);
    return indexList(accountsByPlanIndex, range(accountsByPlanIndex, List.<Object>of(plan)), 0);
  }

  /**
   * Served by table {@code accounts_by_handle}: {@code domain = ? AND handle = ?}.
   * Each index row is checked against the master row it points at; rows whose master no longer matches are left out and
   * repaired.
   */
  @Override
  public Optional<Account> findByDomainAndHandle(String domain, String handle) {
    KeyChecks.argument("Account", "domain", domain);
    KeyChecks.argument("Account", "handle", handle);
    return indexOne(accountsByHandleIndex, range(accountsByHandleIndex, List.<Object>of(domain, handle)));
  }
}
