package io.denorm.examples.users;

import io.denorm.KeyChecks;
import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.Publishers;
import io.denorm.hbase.HBaseConnections;
import io.denorm.hbase.HBaseDaoBase;
import io.denorm.hbase.HBaseIndexTable;
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
import java.util.stream.Stream;
import javax.annotation.processing.Generated;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Connection;

/**
 * HBase implementation of {@link UserDao}, storing {@link User} in table {@code users}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.users.UserDao"
)
public final class HBaseUserDao extends HBaseDaoBase<User> implements UserDao {
  /**
   * Index table {@code users_by_location}.
   */
  private final HBaseIndexTable usersByLocationIndex;

  /**
   * Index table {@code users_by_email}.
   */
  private final HBaseIndexTable usersByEmailIndex;

  /**
   * Index table {@code users_by_category}.
   */
  private final HBaseIndexTable usersByCategoryIndex;

  /**
   * Index table {@code users_by_skill}.
   */
  private final HBaseIndexTable usersBySkillIndex;

  /**
   * The steps of a save of User, each feature hooked into its step; every save method is one call of it.
   */
  private final SavePipeline<User> saves;

  /**
   * The steps of a delete of User; every delete method is one call of it.
   */
  private final DeletePipeline<User> deletes;

  /**
   * A DAO over {@code connection} whose tables live in {@code namespace}. It runs on an asynchronous connection opened
   * once per {@code connection}.
   */
  public HBaseUserDao(Connection connection, String namespace) {
    this(HBaseConnections.async(connection), namespace);
  }

  /**
   * A DAO over {@code connection} whose tables live in {@code namespace}.
   */
  public HBaseUserDao(AsyncConnection connection, String namespace) {
    super(connection, namespace, "User", "users", HBaseUserMapper.KEY, HBaseUserMapper.COLUMNS, HBaseUserMapper::key,
        HBaseUserMapper::cells, HBaseUserMapper::fromRow, HBaseUserMapper::indexEntries);
    typedKeys(HBaseUserMapper::rowKey);
    this.usersByLocationIndex = indexTable(HBaseUserMapper.USERS_BY_LOCATION, "users_by_location",
        HBaseUserMapper.USERS_BY_LOCATION_KEY);
    this.usersByEmailIndex = indexTable(HBaseUserMapper.USERS_BY_EMAIL, "users_by_email",
        HBaseUserMapper.USERS_BY_EMAIL_KEY);
    this.usersByCategoryIndex = indexTable(HBaseUserMapper.USERS_BY_CATEGORY, "users_by_category",
        HBaseUserMapper.USERS_BY_CATEGORY_KEY);
    this.usersBySkillIndex = indexTable(HBaseUserMapper.USERS_BY_SKILL, "users_by_skill",
        HBaseUserMapper.USERS_BY_SKILL_KEY);
    this.saves = savePipeline()
        .checking(this::checkKey)
        .build();
    this.deletes = deletePipeline(HBaseUserMapper::key)
        .checking(this::checkKey)
        .build();
  }

  /**
   * Writes every column of the {@code User} row in table {@code users} at one timestamp; null columns are deleted.
   * The key (and every index key) is encoded before anything is sent.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   */
  @Override
  public void save(User u) {
    write(u);
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
    CompletionStage<Boolean> updated = getAsync(Arrays.<Object>asList(id)).thenCompose(found -> {
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
    CompletionStage<Boolean> updated = getAsync(Arrays.<Object>asList(id)).thenCompose(found -> {
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
    CompletionStage<Boolean> updated = getAsync(Arrays.<Object>asList(id)).thenCompose(found -> {
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
   * Writes every column of the {@code User} row in table {@code users} at one timestamp; null columns are deleted.
   * The key (and every index key) is encoded before anything is sent.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   */
  @Override
  public CompletionStage<Void> saveAsync(User u) {
    return writeAsync(u);
  }

  /**
   * Writes every column of the {@code User} row in table {@code users} at one timestamp; null columns are deleted.
   * The key (and every index key) is encoded before anything is sent.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   */
  @Override
  public void save(User u, User previous) {
    write(u, previous);
  }

  /**
   * Writes every column of the {@code User} row in table {@code users} at one timestamp; null columns are deleted.
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
  public void insert(User u) {
    write(u, null);
  }

  /**
   * Saves every {@code User} of {@code users} as {@code save} does; all are checked before anything is sent.
   * Each goes through the index protocol, {@value io.denorm.write.BulkWrites#DEFAULT_IN_FLIGHT} in flight, those with
   * one key one after the other.
   * A failed one does not stop the others: the call then fails with {@link io.denorm.BulkWriteException}, naming each.
   */
  @Override
  public void saveAll(Iterable<User> users) {
    join(writeAllAsync(users));
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
   * Writes every column of the {@code User} row in table {@code users} at one timestamp; null columns are deleted.
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
  public CompletionStage<Void> insertAsync(User u) {
    return writeAsync(u, null);
  }

  /**
   * Deletes one row of table {@code users} by its key, at one timestamp.
   * Returns whether the row existed when it was read just before the delete.
   */
  @Override
  public boolean deleteById(UUID id) {
    KeyChecks.keyComponent("User", "id", id);
    return join(removeAsync(List.<Object>of(id)));
  }

  /**
   * Served by table {@code users}: {@code id = ?}.
   */
  @Override
  public Optional<User> findById(UUID id) {
    KeyChecks.argument("User", "id", id);
    return get(List.<Object>of(id));
  }

  /**
   * Served by table {@code users_by_email}: {@code email = ?}.
   * Each index row is checked against the master row it points at; rows whose master no longer matches are left out and
   * repaired.
   */
  @Override
  public Optional<User> findByEmail(String email) {
    KeyChecks.argument("User", "email", email);
    return indexOne(usersByEmailIndex, range(usersByEmailIndex, List.<Object>of(email)));
  }

  /**
   * Served by table {@code users_by_location}: {@code state = ?}.
   * Each index row is checked against the master row it points at; rows whose master no longer matches are left out and
   * repaired.
   */
  @Override
  public Stream<User> findByState(String state) {
    KeyChecks.argument("User", "state", state);
    return indexStream(usersByLocationIndex, range(usersByLocationIndex, List.<Object>of(state)), 0);
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
    return indexStream(usersByLocationIndex, range(usersByLocationIndex, List.<Object>of(state)), 0);
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
    return indexPage(usersByLocationIndex, range(usersByLocationIndex, List.<Object>of(state, city)), page);
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
    return indexList(usersByLocationIndex, range(usersByLocationIndex, List.<Object>of(state, city)), 0);
  }

  /**
   * Served by table {@code users_by_category}: {@code categories = ?}.
   * Each index row is checked against the master row it points at; rows whose master no longer matches are left out and
   * repaired.
   */
  @Override
  public Stream<User> findByCategoriesContains(String category) {
    KeyChecks.argument("User", "categories", category);
    return indexStream(usersByCategoryIndex, range(usersByCategoryIndex, List.<Object>of(category)), 0);
  }

  /**
   * Served by table {@code users_by_location}: {@code state = ?}.
   * Each index row is checked against the master row it points at; rows whose master no longer matches are left out and
   * repaired.
   */
  @Override
  public CompletionStage<List<User>> findByStateAsync(String state) {
    KeyChecks.argument("User", "state", state);
    return indexListAsync(usersByLocationIndex, range(usersByLocationIndex, List.<Object>of(state)), 0);
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
    return indexStream(usersBySkillIndex, range(usersBySkillIndex, List.<Object>of(name, level)), 0);
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
    return indexCount(usersByLocationIndex, range(usersByLocationIndex, List.<Object>of(state, city)));
  }

  /**
   * Counts the rows of index table {@code users_by_category} under {@code categories = ?}, each checked against the
   * master row it points at;
   * rows whose master no longer matches are left out and repaired.
   */
  @Override
  public CompletionStage<Long> countByCategoriesContainsAsync(String category) {
    KeyChecks.argument("User", "categories", category);
    return indexCountAsync(usersByCategoryIndex, range(usersByCategoryIndex, List.<Object>of(category)));
  }

  /**
   * Looks for one of the rows of index table {@code users_by_email} under {@code email = ?}, each checked against the
   * master row it points at;
   * rows whose master no longer matches are left out and repaired.
   */
  @Override
  public boolean existsByEmail(String email) {
    KeyChecks.argument("User", "email", email);
    return indexOne(usersByEmailIndex, range(usersByEmailIndex, List.<Object>of(email))).isPresent();
  }

  /**
   * Looks for one of the rows of index table {@code users_by_location} under {@code state = ?}, each checked against
   * the master row it points at;
   * rows whose master no longer matches are left out and repaired.
   */
  @Override
  public CompletionStage<Boolean> existsByStateAsync(String state) {
    KeyChecks.argument("User", "state", state);
    return indexOneAsync(usersByLocationIndex, range(usersByLocationIndex, List.<Object>of(state)))
        .thenApply(Optional::isPresent);
  }
}
