package io.denorm.examples.accounts;

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
import io.denorm.write.DeletePipeline;
import io.denorm.write.SavePipeline;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import javax.annotation.processing.Generated;

/**
 * Cassandra implementation of {@link AccountDao}, storing {@link Account} in table {@code accounts}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.accounts.AccountDao"
)
public final class CassandraAccountDao extends CassandraDaoBase<Account> implements AccountDao, ScannableDao<Account>,
    IndexedDao<Account> {
  /**
   * {@code SELECT id, email, domain, handle, plan, bio FROM accounts WHERE id = ?}
   */
  private final PreparedCql selectById;

  /**
   * {@code SELECT email, id FROM accounts_by_email WHERE email = ?}
   */
  private final PreparedCql selectByEmail;

  /**
   * {@code SELECT domain, handle, id FROM accounts_by_handle WHERE domain = ?}
   */
  private final PreparedCql selectByDomain;

  /**
   * {@code SELECT plan, id, email, domain, handle, bio, verified FROM accounts_by_plan WHERE plan = ?}
   */
  private final PreparedCql selectByPlan;

  /**
   * {@code SELECT domain, handle, id FROM accounts_by_handle WHERE domain = ? AND handle = ?}
   */
  private final PreparedCql selectByDomainAndHandle;

  /**
   * {@code SELECT id, email, domain, handle, plan, bio FROM accounts WHERE token(id) >= ? AND token(id) <= ?}
   */
  private final PreparedCql scanAccount;

  /**
   * {@code SELECT id, email, domain, handle, plan, bio, WRITETIME(email), WRITETIME(domain), WRITETIME(handle),
   * WRITETIME(plan), WRITETIME(bio) FROM accounts WHERE id = ?}
   */
  private final PreparedCql selectAccountRow;

  /**
   * {@code INSERT INTO accounts (id, email, domain, handle, plan, bio) VALUES (?, ?, ?, ?, ?, ?)}
   */
  private final PreparedCql insertAccount;

  /**
   * {@code DELETE FROM accounts WHERE id = ?}
   */
  private final PreparedCql deleteAccount;

  /**
   * Index table {@code accounts_by_email}.
   */
  private final CassandraIndexTable accountsByEmailIndex;

  /**
   * Index table {@code accounts_by_handle}.
   */
  private final CassandraIndexTable accountsByHandleIndex;

  /**
   * Index table {@code accounts_by_plan}.
   */
  private final CassandraIndexTable accountsByPlanIndex;

  /**
   * Reads the master row an index row points at.
   */
  private final Function<List<Object>, CompletionStage<Optional<Account>>> accountByKey;

  private final IndexMaintenance<Account> maintenance;

  /**
   * The steps of a save of Account, each feature hooked into its step; every save method is one call of it.
   */
  private final SavePipeline<Account> saves;

  /**
   * The steps of a delete of Account; every delete method is one call of it.
   */
  private final DeletePipeline<Account> deletes;

  /**
   * A DAO over {@code session} whose tables live in {@code keyspace}. Statements are prepared on first use.
   */
  public CassandraAccountDao(CqlSession session, String keyspace) {
    super(session, keyspace);
    this.selectById = prepare("SELECT id, email, domain, handle, plan, bio FROM {keyspace}.accounts WHERE id = ?");
    this.selectByEmail = prepare("SELECT email, id FROM {keyspace}.accounts_by_email WHERE email = ?");
    this.selectByDomain = prepare("SELECT domain, handle, id FROM {keyspace}.accounts_by_handle WHERE domain = ?");
    this.selectByPlan = prepare("SELECT plan, id, email, domain, handle, bio, verified FROM "
        + "{keyspace}.accounts_by_plan WHERE plan = ?");
    this.selectByDomainAndHandle = prepare("SELECT domain, handle, id FROM {keyspace}.accounts_by_handle WHERE domain "
        + "= ? AND handle = ?");
    this.scanAccount = prepare("SELECT id, email, domain, handle, plan, bio FROM {keyspace}.accounts WHERE token(id) "
        + ">= ? AND token(id) <= ?");
    this.selectAccountRow = prepare("SELECT id, email, domain, handle, plan, bio, WRITETIME(email), WRITETIME(domain), "
        + "WRITETIME(handle), WRITETIME(plan), WRITETIME(bio) FROM {keyspace}.accounts WHERE id = ?");
    this.insertAccount = prepare("INSERT INTO {keyspace}.accounts (id, email, domain, handle, plan, bio) VALUES (?, ?, "
        + "?, ?, ?, ?)");
    this.deleteAccount = prepare("DELETE FROM {keyspace}.accounts WHERE id = ?");
    this.accountsByEmailIndex = indexTable(CassandraAccountMapper.ACCOUNTS_BY_EMAIL, "accounts_by_email", 1,
        List.of("email", "id"));
    this.accountsByHandleIndex = indexTable(CassandraAccountMapper.ACCOUNTS_BY_HANDLE, "accounts_by_handle", 1,
        List.of("domain", "handle", "id"));
    this.accountsByPlanIndex = indexTable(CassandraAccountMapper.ACCOUNTS_BY_PLAN, "accounts_by_plan", 1,
        List.of("plan", "id", "email", "domain", "handle", "bio"))
        .covering(CassandraAccountMapper::fromAccountsByPlanRow);
    this.accountByKey = masterLookup(selectAccountRow, CassandraAccountMapper::fromRow);
    this.maintenance = indexMaintenance(scanAccount, CassandraAccountMapper::fromRow,
        CassandraAccountMapper::indexEntries, accountByKey);
    master(MasterTable.<Account>of("Account", selectAccountRow, CassandraAccountMapper::fromRow,
        CassandraAccountMapper::keyOf, CassandraAccountMapper::bindKeyValues)
        .inserting(insertAccount, CassandraAccountMapper::bindAll)
        .deleting(deleteAccount, null)
        .indexed(CassandraAccountMapper::indexEntries));
    this.saves = savePipeline()
        .checking(CassandraAccountMapper::requireValidKey)
        .build();
    this.deletes = deletePipeline(CassandraAccountMapper::keyOf)
        .checking(CassandraAccountMapper::requireValidKey)
        .build();
  }

  /**
   * Writes every column of the {@code Account} row in table {@code accounts}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   */
  @Override
  public void save(Account a) {
    join(saves.save(a));
  }

  /**
   * Writes every column of the {@code Account} row in table {@code accounts}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   */
  @Override
  public CompletionStage<Void> saveAsync(Account a) {
    return saves.save(a);
  }

  /**
   * Writes every column of the {@code Account} row in table {@code accounts}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   * An insert: the row is taken to be new, so nothing of its stored state is read (as {@code save(entity, null)}).
   * When a row with this key exists, it is replaced (a {@code @Version} entity fails instead), and the index entries
   * only it needed stay behind as stale entries (reads leave them out and repair them, {@code rebuild} removes them),
   * as do its memberships: counts and inverse sides keep them until repaired; an insert made just after a delete of the
   * key stamped by a clock ahead of this one is hidden by that delete.
   * On this store the stored row is read all the same: the rows of accounts_by_plan, a covering index, are trusted once
   * verified,
   * and a save that replaced a state it did not read would leave that state's verified rows marked.
   */
  @Override
  public void insert(Account a) {
    join(saves.insert(a));
  }

  /**
   * Writes every column of the {@code Account} row in table {@code accounts}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   * The previous state is taken from {@code previous} (null: a new row) instead of read; a wrong one can leave stale
   * entries, never missing ones.
   * On this store the stored row is read all the same: the rows of accounts_by_plan, a covering index, are trusted once
   * verified,
   * and a save that replaced a state it did not read would leave that state's verified rows marked.
   */
  @Override
  public void save(Account a, Account previous) {
    join(saves.save(a, previous));
  }

  /**
   * Deletes one row of table {@code accounts} by its primary key, at one client-side write timestamp.
   * Returns whether the row existed when it was read just before the delete.
   * Index entries of the deleted row are removed after the master row.
   */
  @Override
  public boolean deleteById(String id) {
    KeyChecks.keyComponent("Account", "id", id);
    return join(deletes.deleteByKey(Arrays.<Object>asList(id), true));
  }

  /**
   * Served by table {@code accounts}: {@code id = ?}.
   */
  @Override
  public Optional<Account> findById(String id) {
    KeyChecks.argument("Account", "id", id);
    return one(
        selectById.sync().boundStatementBuilder()
            .setString(0, id),
        CassandraAccountMapper::fromRow);
  }

  /**
   * Served by table {@code accounts_by_email}: {@code email = ?}.
   * Each index row is checked against the master row it points at; rows whose master no longer matches are left out and
   * repaired.
   */
  @Override
  public Optional<Account> findByEmail(String email) {
    KeyChecks.argument("Account", "email", email);
    return indexOne(
        selectByEmail.sync().boundStatementBuilder()
            .setString(0, email)
            .build(),
        accountsByEmailIndex, accountByKey, CassandraAccountMapper::indexEntries);
  }

  /**
   * Served by table {@code accounts_by_handle}: {@code domain = ?}.
   * Each index row is checked against the master row it points at; rows whose master no longer matches are left out and
   * repaired.
   */
  @Override
  public List<Account> findByDomain(String domain) {
    KeyChecks.argument("Account", "domain", domain);
    return indexList(
        selectByDomain.sync().boundStatementBuilder()
            .setString(0, domain)
            .build(),
        accountsByHandleIndex, accountByKey, CassandraAccountMapper::indexEntries);
  }

  /**
   * Served by table {@code accounts_by_plan}: {@code plan = ?}.
   * Each index row is checked against the master row it points at; rows whose master no longer matches are left out and
   * repaired.
   */
  @Override
  public List<Account> findByPlan(String plan) {
    KeyChecks.argument("Account", "plan", plan);
    return indexList(
        selectByPlan.sync().boundStatementBuilder()
            .setString(0, plan)
            .build(),
        accountsByPlanIndex, accountByKey, CassandraAccountMapper::indexEntries);
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
    return indexList(
        selectByPlan.sync().boundStatementBuilder()
            .setString(0, plan)
            .build(),
        accountsByPlanIndex, accountByKey, CassandraAccountMapper::indexEntries);
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
    return indexOne(
        selectByDomainAndHandle.sync().boundStatementBuilder()
            .setString(0, domain)
            .setString(1, handle)
            .build(),
        accountsByHandleIndex, accountByKey, CassandraAccountMapper::indexEntries);
  }

  @Override
  public List<IndexScans.Segment<Account>> scanSegments(int segments) {
    return masterSegments(scanAccount, CassandraAccountMapper::fromRow, segments);
  }

  @Override
  public IndexScans.Segment<Account> scanSegment(String range) {
    return masterSegment(scanAccount, CassandraAccountMapper::fromRow, range);
  }

  /**
   * Verify, rebuild and back-fill of the index tables of {@code accounts}: accounts_by_email, accounts_by_handle,
   * accounts_by_plan.
   */
  @Override
  public IndexMaintenance<Account> indexMaintenance() {
    return maintenance;
  }

  /**
   * This DAO with other statement options, for the calls that need them: another instance over the same session and
   * keyspace (the session prepares each statement once), with this one's clock, repair grace, observer and list limit.
   */
  public CassandraAccountDao withStatementOptions(StatementOptions options) {
    CassandraAccountDao other = new CassandraAccountDao(session(), keyspace().asInternal());
    other.copySettingsFrom(this);
    other.setStatementOptions(options);
    return other;
  }
}
