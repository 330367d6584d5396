package io.denorm.examples.users;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.KeyChecks;
import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.Publishers;
import io.denorm.ScannableDao;
import io.denorm.cassandra.CassandraDaoBase;
import io.denorm.cassandra.CassandraIndexTable;
import io.denorm.cassandra.MasterTable;
import io.denorm.cassandra.PreparedCql;
import io.denorm.cassandra.StatementOptions;
import io.denorm.index.IndexMaintenance;
import io.denorm.index.IndexScans;
import io.denorm.index.IndexedDao;
import io.denorm.write.BulkWrites;
import io.denorm.write.DeletePipeline;
import io.denorm.write.SavePipeline;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.function.Function;
import java.util.stream.Stream;
import javax.annotation.processing.Generated;

/**
 * Cassandra implementation of {@link UserDao}, storing {@link User} in table {@code users}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.users.UserDao"
)
public final class CassandraUserDao extends CassandraDaoBase<User> implements UserDao, ScannableDao<User>,
    IndexedDao<User> {
  /**
   * {@code SELECT id, name, email, state, city, categories, skills FROM users WHERE id = ?}
   */
  private final PreparedCql selectById;

  /**
   * {@code SELECT email, id FROM users_by_email WHERE email = ?}
   */
  private final PreparedCql selectByEmail;

  /**
   * {@code SELECT state, city, id, name FROM users_by_location WHERE state = ?}
   */
  private final PreparedCql selectByState;

  /**
   * {@code SELECT state, city, id, name FROM users_by_location WHERE state = ? AND city = ?}
   */
  private final PreparedCql selectByStateAndCity;

  /**
   * {@code SELECT categories, id FROM users_by_category WHERE categories = ?}
   */
  private final PreparedCql selectByCategoriesContains;

  /**
   * {@code SELECT skills_name, skills_level, id FROM users_by_skill WHERE skills_name = ? AND skills_level = ?}
   */
  private final PreparedCql selectBySkillsNameAndSkillsLevel;

  /**
   * {@code SELECT id, name, email, state, city, categories, skills FROM users WHERE token(id) >= ? AND token(id) <= ?}
   */
  private final PreparedCql scanUser;

  /**
   * {@code SELECT id, name, email, state, city, categories, skills, WRITETIME(name), WRITETIME(email),
   * WRITETIME(state), WRITETIME(city), MAXWRITETIME(categories), MAXWRITETIME(skills) FROM users WHERE id = ?}
   */
  private final PreparedCql selectUserRow;

  /**
   * {@code INSERT INTO users (id, name, email, state, city, categories, skills) VALUES (?, ?, ?, ?, ?, ?, ?)}
   */
  private final PreparedCql insertUser;

  /**
   * {@code DELETE FROM users WHERE id = ?}
   */
  private final PreparedCql deleteUser;

  /**
   * Index table {@code users_by_location}.
   */
  private final CassandraIndexTable usersByLocationIndex;

  /**
   * Index table {@code users_by_email}.
   */
  private final CassandraIndexTable usersByEmailIndex;

  /**
   * Index table {@code users_by_category}.
   */
  private final CassandraIndexTable usersByCategoryIndex;

  /**
   * Index table {@code users_by_skill}.
   */
  private final CassandraIndexTable usersBySkillIndex;

  /**
   * Reads the master row an index row points at.
   */
  private final Function<List<Object>, CompletionStage<Optional<User>>> userByKey;

  private final IndexMaintenance<User> maintenance;

  /**
   * The steps of a save of User, each feature hooked into its step; every save method is one call of it.
   */
  private final SavePipeline<User> saves;

  /**
   * The steps of a delete of User; every delete method is one call of it.
   */
  private final DeletePipeline<User> deletes;

  /**
   * A DAO over {@code session} whose tables live in {@code keyspace}. Statements are prepared on first use.
   */
  public CassandraUserDao(CqlSession session, String keyspace) {
    super(session, keyspace);
    this.selectById = prepare("SELECT id, name, email, state, city, categories, skills FROM {keyspace}.users WHERE id "
        + "= ?");
    this.selectByEmail = prepare("SELECT email, id FROM {keyspace}.users_by_email WHERE email = ?");
    this.selectByState = prepare("SELECT state, city, id, name FROM {keyspace}.users_by_location WHERE state = ?");
    this.selectByStateAndCity = prepare("SELECT state, city, id, name FROM {keyspace}.users_by_location WHERE state = "
        + "? AND city = ?");
    this.selectByCategoriesContains = prepare("SELECT categories, id FROM {keyspace}.users_by_category WHERE "
        + "categories = ?");
    this.selectBySkillsNameAndSkillsLevel = prepare("SELECT skills_name, skills_level, id FROM "
        + "{keyspace}.users_by_skill WHERE skills_name = ? AND skills_level = ?");
    this.scanUser = prepare("SELECT id, name, email, state, city, categories, skills FROM {keyspace}.users WHERE "
        + "token(id) >= ? AND token(id) <= ?");
    this.selectUserRow = prepare("SELECT id, name, email, state, city, categories, skills, WRITETIME(name), "
        + "WRITETIME(email), WRITETIME(state), WRITETIME(city), MAXWRITETIME(categories), MAXWRITETIME(skills) FROM "
        + "{keyspace}.users WHERE id = ?");
    this.insertUser = prepare("INSERT INTO {keyspace}.users (id, name, email, state, city, categories, skills) VALUES "
        + "(?, ?, ?, ?, ?, ?, ?)");
    this.deleteUser = prepare("DELETE FROM {keyspace}.users WHERE id = ?");
    this.usersByLocationIndex = indexTable(CassandraUserMapper.USERS_BY_LOCATION, "users_by_location", 1,
        List.of("state", "city", "id", "name"));
    this.usersByEmailIndex = indexTable(CassandraUserMapper.USERS_BY_EMAIL, "users_by_email", 1, List.of("email",
        "id"));
    this.usersByCategoryIndex = indexTable(CassandraUserMapper.USERS_BY_CATEGORY, "users_by_category", 1,
        List.of("categories", "id"));
    this.usersBySkillIndex = indexTable(CassandraUserMapper.USERS_BY_SKILL, "users_by_skill", 1, List.of("skills_name",
        "skills_level", "id"));
    this.userByKey = masterLookup(selectUserRow, CassandraUserMapper::fromRow);
    this.maintenance = indexMaintenance(scanUser, CassandraUserMapper::fromRow, CassandraUserMapper::indexEntries,
        userByKey);
    master(MasterTable.<User>of("User", selectUserRow, CassandraUserMapper::fromRow, CassandraUserMapper::keyOf,
        CassandraUserMapper::bindKeyValues)
        .inserting(insertUser, CassandraUserMapper::bindAll)
        .deleting(deleteUser, null)
        .indexed(CassandraUserMapper::indexEntries));
    this.saves = savePipeline()
        .checking(CassandraUserMapper::requireValidKey)
        .build();
    this.deletes = deletePipeline(CassandraUserMapper::keyOf)
        .checking(CassandraUserMapper::requireValidKey)
        .build();
  }

  /**
   * Writes every column of the {@code User} row in table {@code users}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   */
  @Override
  public void save(User u) {
    join(saves.save(u));
  }

  /**
   * Reads the {@code User} row of the key given, sets state, city, and saves it as {@code save} does (its index rows,
   * counts and snippets
   * kept in step); the other fields are written again with the values read. Returns false when there is no row (nothing
   * is written).
   */
  @Override
  public boolean updateStateAndCityById(UUID id, String state, String city) {
    KeyChecks.keyComponent("User", "id", id);
    CompletionStage<Boolean> updated = storedAsync(Arrays.<Object>asList(id)).thenCompose(found -> {
      if (found.isEmpty()) {
        return CompletableFuture.completedFuture(false);
      }
      User next = updateStateAndCityById$apply(found.get(), state, city);
      return saves.save(next).thenApply(saved -> true);
    });
    return join(updated);
  }

  /**
   * A copy of {@code stored} with state, city set.
   */
  private static User updateStateAndCityById$apply(User stored, String value0, String value1) {
    User entity = new User();
    entity.id = stored.id;
    entity.name = stored.name;
    entity.email = stored.email;
    entity.state = value0;
    entity.city = value1;
    entity.categories = stored.categories;
    entity.skills = stored.skills;
    return entity;
  }

  /**
   * Reads the {@code User} row of the key given, sets email, and saves it as {@code save} does (its index rows, counts
   * and snippets
   * kept in step); the other fields are written again with the values read. Returns false when there is no row (nothing
   * is written).
   */
  @Override
  public CompletionStage<Boolean> updateEmailByIdAsync(UUID id, String email) {
    KeyChecks.keyComponent("User", "id", id);
    CompletionStage<Boolean> updated = storedAsync(Arrays.<Object>asList(id)).thenCompose(found -> {
      if (found.isEmpty()) {
        return CompletableFuture.completedFuture(false);
      }
      User next = updateEmailByIdAsync$apply(found.get(), email);
      return saves.save(next).thenApply(saved -> true);
    });
    return updated;
  }

  /**
   * A copy of {@code stored} with email set.
   */
  private static User updateEmailByIdAsync$apply(User stored, String value0) {
    User entity = new User();
    entity.id = stored.id;
    entity.name = stored.name;
    entity.email = value0;
    entity.state = stored.state;
    entity.city = stored.city;
    entity.categories = stored.categories;
    entity.skills = stored.skills;
    return entity;
  }

  /**
   * Reads the {@code User} row of the key given, sets categories, and saves it as {@code save} does (its index rows,
   * counts and snippets
   * kept in step); the other fields are written again with the values read. Does nothing when there is no row (nothing
   * is written).
   */
  @Override
  public void updateCategoriesById(UUID id, Set<String> categories) {
    KeyChecks.keyComponent("User", "id", id);
    CompletionStage<Boolean> updated = storedAsync(Arrays.<Object>asList(id)).thenCompose(found -> {
      if (found.isEmpty()) {
        return CompletableFuture.completedFuture(false);
      }
      User next = updateCategoriesById$apply(found.get(), categories);
      return saves.save(next).thenApply(saved -> true);
    });
    join(updated);
  }

  /**
   * A copy of {@code stored} with categories set.
   */
  private static User updateCategoriesById$apply(User stored, Set<String> value0) {
    User entity = new User();
    entity.id = stored.id;
    entity.name = stored.name;
    entity.email = stored.email;
    entity.state = stored.state;
    entity.city = stored.city;
    entity.categories = value0;
    entity.skills = stored.skills;
    return entity;
  }

  /**
   * Writes every column of the {@code User} row in table {@code users}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   */
  @Override
  public CompletionStage<Void> saveAsync(User u) {
    return saves.save(u);
  }

  /**
   * Writes every column of the {@code User} row in table {@code users}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   * The previous state is taken from {@code previous} (null: a new row) instead of read; a wrong one can leave stale
   * entries, never missing ones.
   */
  @Override
  public void save(User u, User previous) {
    join(saves.save(u, previous));
  }

  /**
   * Writes every column of the {@code User} row in table {@code users}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   * An insert: the row is taken to be new, so nothing of its stored state is read (as {@code save(entity, null)}).
   * When a row with this key exists, it is replaced (a {@code @Version} entity fails instead), and the index entries
   * only it needed stay behind as stale entries (reads leave them out and repair them, {@code rebuild} removes them),
   * as do its memberships: counts and inverse sides keep them until repaired; an insert made just after a delete of the
   * key stamped by a clock ahead of this one is hidden by that delete.
   */
  @Override
  public void insert(User u) {
    join(saves.insert(u));
  }

  /**
   * Saves every {@code User} of {@code users} as {@code save} does; all are checked before anything is sent, and those
   * with one key are saved one after the other in the order given (the last one is stored).
   * A failed save does not stop the others: the call then fails with {@link io.denorm.BulkWriteException}, naming each.
   * Each entity is one INSERT (with its index protocol, where it has indexes), {@value
   * io.denorm.write.BulkWrites#DEFAULT_IN_FLIGHT} in flight.
   */
  @Override
  public void saveAll(Iterable<User> users) {
    join(saves.saveAll("User", users, CassandraUserMapper::keyOf, BulkWrites.DEFAULT_IN_FLIGHT));
  }

  /**
   * Deletes every {@code User} of {@code users} as {@code delete} does, with its index rows and the rows it keeps in
   * step;
   * all are checked before anything is sent, {@value io.denorm.write.BulkWrites#DEFAULT_IN_FLIGHT} in flight, those
   * with one key one after the other.
   * A failed delete does not stop the others: the call then fails with {@link io.denorm.BulkWriteException}, naming
   * each.
   */
  @Override
  public void deleteAll(Collection<User> users) {
    join(deletes.deleteAll("User", users, BulkWrites.DEFAULT_IN_FLIGHT));
  }

  /**
   * Writes every column of the {@code User} row in table {@code users}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   * An insert: the row is taken to be new, so nothing of its stored state is read (as {@code save(entity, null)}).
   * When a row with this key exists, it is replaced (a {@code @Version} entity fails instead), and the index entries
   * only it needed stay behind as stale entries (reads leave them out and repair them, {@code rebuild} removes them),
   * as do its memberships: counts and inverse sides keep them until repaired; an insert made just after a delete of the
   * key stamped by a clock ahead of this one is hidden by that delete.
   */
  @Override
  public CompletionStage<Void> insertAsync(User u) {
    return saves.insert(u);
  }

  /**
   * Deletes one row of table {@code users} by its primary key, at one client-side write timestamp.
   * Returns whether the row existed when it was read just before the delete.
   * Index entries of the deleted row are removed after the master row.
   */
  @Override
  public boolean deleteById(UUID id) {
    KeyChecks.keyComponent("User", "id", id);
    return join(deletes.deleteByKey(Arrays.<Object>asList(id), true));
  }

  /**
   * Served by table {@code users}: {@code id = ?}.
   */
  @Override
  public Optional<User> findById(UUID id) {
    KeyChecks.argument("User", "id", id);
    return one(
        selectById.sync().boundStatementBuilder()
            .setUuid(0, id),
        CassandraUserMapper::fromRow);
  }

  /**
   * Served by table {@code users_by_email}: {@code email = ?}.
   * Each index row is checked against the master row it points at; rows whose master no longer matches are left out and
   * repaired.
   */
  @Override
  public Optional<User> findByEmail(String email) {
    KeyChecks.argument("User", "email", email);
    return indexOne(
        selectByEmail.sync().boundStatementBuilder()
            .setString(0, email)
            .build(),
        usersByEmailIndex, userByKey, CassandraUserMapper::indexEntries);
  }

  /**
   * Served by table {@code users_by_location}: {@code state = ?}.
   * Each index row is checked against the master row it points at; rows whose master no longer matches are left out and
   * repaired.
   */
  @Override
  public Stream<User> findByState(String state) {
    KeyChecks.argument("User", "state", state);
    return indexStream(
        selectByState.sync().boundStatementBuilder()
            .setString(0, state)
            .build(),
        usersByLocationIndex, userByKey, CassandraUserMapper::indexEntries);
  }

  /**
   * Served by table {@code users_by_location}: {@code state = ?}.
   * Each index row is checked against the master row it points at; rows whose master no longer matches are left out and
   * repaired.
   * Published with back-pressure: each subscriber runs the read anew, and a page is read only when the rows before it
   * are delivered and more are requested ({@link Publishers}).
   */
  @Override
  public Flow.Publisher<User> findEachByState(String state) {
    return Publishers.ofStream(() -> findEachByState$stream(state));
  }

  private Stream<User> findEachByState$stream(String state) {
    KeyChecks.argument("User", "state", state);
    return indexStream(
        selectByState.sync().boundStatementBuilder()
            .setString(0, state)
            .build(),
        usersByLocationIndex, userByKey, CassandraUserMapper::indexEntries);
  }

  /**
   * Served by table {@code users_by_location}: {@code state = ? AND city = ?}.
   * Each index row is checked against the master row it points at; rows whose master no longer matches are left out and
   * repaired.
   */
  @Override
  public Page<User> findByStateAndCity(String state, String city, PageRequest page) {
    KeyChecks.argument("User", "state", state);
    KeyChecks.argument("User", "city", city);
    return indexPage(
        selectByStateAndCity.sync().boundStatementBuilder()
            .setString(0, state)
            .setString(1, city)
            .build(),
        usersByLocationIndex, userByKey, CassandraUserMapper::indexEntries, page);
  }

  /**
   * Served by table {@code users_by_location}: {@code state = ? AND city = ?}.
   * Each index row is checked against the master row it points at; rows whose master no longer matches are left out and
   * repaired.
   */
  @Override
  public List<User> findByStateAndCity(String state, String city) {
    KeyChecks.argument("User", "state", state);
    KeyChecks.argument("User", "city", city);
    return indexList(
        selectByStateAndCity.sync().boundStatementBuilder()
            .setString(0, state)
            .setString(1, city)
            .build(),
        usersByLocationIndex, userByKey, CassandraUserMapper::indexEntries);
  }

  /**
   * Served by table {@code users_by_category}: {@code categories = ?}.
   * Each index row is checked against the master row it points at; rows whose master no longer matches are left out and
   * repaired.
   */
  @Override
  public Stream<User> findByCategoriesContains(String category) {
    KeyChecks.argument("User", "categories", category);
    return indexStream(
        selectByCategoriesContains.sync().boundStatementBuilder()
            .setString(0, category)
            .build(),
        usersByCategoryIndex, userByKey, CassandraUserMapper::indexEntries);
  }

  /**
   * Served by table {@code users_by_location}: {@code state = ?}.
   * Each index row is checked against the master row it points at; rows whose master no longer matches are left out and
   * repaired.
   */
  @Override
  public CompletionStage<List<User>> findByStateAsync(String state) {
    KeyChecks.argument("User", "state", state);
    return selectByState.async().thenCompose(prepared -> indexListAsync(
        prepared.boundStatementBuilder()
            .setString(0, state)
            .build(),
        usersByLocationIndex, userByKey, CassandraUserMapper::indexEntries));
  }

  /**
   * Served by table {@code users_by_skill}: {@code skills_name = ? AND skills_level = ?}.
   * Each index row is checked against the master row it points at; rows whose master no longer matches are left out and
   * repaired.
   */
  @Override
  public Stream<User> findBySkillsNameAndSkillsLevel(String name, String level) {
    KeyChecks.argument("User", "skills.name", name);
    KeyChecks.argument("User", "skills.level", level);
    return indexStream(
        selectBySkillsNameAndSkillsLevel.sync().boundStatementBuilder()
            .setString(0, name)
            .setString(1, level)
            .build(),
        usersBySkillIndex, userByKey, CassandraUserMapper::indexEntries);
  }

  /**
   * Counts the rows of index table {@code users_by_location} under {@code state = ? AND city = ?}, each checked against
   * the master row it points at;
   * rows whose master no longer matches are left out and repaired.
   */
  @Override
  public long countByStateAndCity(String state, String city) {
    KeyChecks.argument("User", "state", state);
    KeyChecks.argument("User", "city", city);
    return indexCount(
        selectByStateAndCity.sync().boundStatementBuilder()
            .setString(0, state)
            .setString(1, city)
            .build(),
        usersByLocationIndex, userByKey, CassandraUserMapper::indexEntries);
  }

  /**
   * Counts the rows of index table {@code users_by_category} under {@code categories = ?}, each checked against the
   * master row it points at;
   * rows whose master no longer matches are left out and repaired.
   */
  @Override
  public CompletionStage<Long> countByCategoriesContainsAsync(String category) {
    KeyChecks.argument("User", "categories", category);
    return selectByCategoriesContains.async().thenCompose(prepared -> indexCountAsync(
        prepared.boundStatementBuilder()
            .setString(0, category)
            .build(),
        usersByCategoryIndex, userByKey, CassandraUserMapper::indexEntries));
  }

  /**
   * Looks for one of the rows of index table {@code users_by_email} under {@code email = ?}, each checked against the
   * master row it points at;
   * rows whose master no longer matches are left out and repaired.
   */
  @Override
  public boolean existsByEmail(String email) {
    KeyChecks.argument("User", "email", email);
    return indexOne(
        selectByEmail.sync().boundStatementBuilder()
            .setString(0, email)
            .build(),
        usersByEmailIndex, userByKey, CassandraUserMapper::indexEntries).isPresent();
  }

  /**
   * Looks for one of the rows of index table {@code users_by_location} under {@code state = ?}, each checked against
   * the master row it points at;
   * rows whose master no longer matches are left out and repaired.
   */
  @Override
  public CompletionStage<Boolean> existsByStateAsync(String state) {
    KeyChecks.argument("User", "state", state);
    return selectByState.async().thenCompose(prepared -> indexOneAsync(
        prepared.boundStatementBuilder()
            .setString(0, state)
            .build(),
        usersByLocationIndex, userByKey, CassandraUserMapper::indexEntries).thenApply(Optional::isPresent));
  }

  @Override
  public List<IndexScans.Segment<User>> scanSegments(int segments) {
    return masterSegments(scanUser, CassandraUserMapper::fromRow, segments);
  }

  @Override
  public IndexScans.Segment<User> scanSegment(String range) {
    return masterSegment(scanUser, CassandraUserMapper::fromRow, range);
  }

  /**
   * Verify, rebuild and back-fill of the index tables of {@code users}: users_by_location, users_by_email,
   * users_by_category, users_by_skill.
   */
  @Override
  public IndexMaintenance<User> indexMaintenance() {
    return maintenance;
  }

  /**
   * This DAO with other statement options, for the calls that need them: another instance over the same session and
   * keyspace (the session prepares each statement once), with this one's clock, repair grace, observer and list limit.
   */
  public CassandraUserDao withStatementOptions(StatementOptions options) {
    CassandraUserDao other = new CassandraUserDao(session(), keyspace().asInternal());
    other.copySettingsFrom(this);
    other.setStatementOptions(options);
    return other;
  }
}
