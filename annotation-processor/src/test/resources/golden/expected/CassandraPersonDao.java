package io.denorm.examples.people;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.ConcurrentUpdateException;
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
 * Cassandra implementation of {@link PersonDao}, storing {@link Person} in table {@code people}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.people.PersonDao"
)
public final class CassandraPersonDao extends CassandraDaoBase<Person> implements PersonDao, ScannableDao<Person>,
    IndexedDao<Person> {
  /**
   * {@code SELECT id, first_name, last_name, addresses, contact_details, version FROM people WHERE id = ?}
   */
  private final PreparedCql selectById;

  /**
   * {@code SELECT last_name, id FROM people_by_last_name WHERE last_name = ?}
   */
  private final PreparedCql selectByLastName;

  /**
   * {@code SELECT id, first_name, last_name, addresses, contact_details, version FROM people WHERE token(id) >= ? AND
   * token(id) <= ?}
   */
  private final PreparedCql scanPerson;

  /**
   * {@code SELECT id, first_name, last_name, addresses, contact_details, version, WRITETIME(first_name),
   * WRITETIME(last_name), MAXWRITETIME(addresses), MAXWRITETIME(contact_details), WRITETIME(version) FROM people WHERE
   * id = ?}
   */
  private final PreparedCql selectPersonRow;

  /**
   * {@code INSERT INTO people (id, first_name, last_name, addresses, contact_details, version) VALUES (?, ?, ?, ?, ?,
   * ?)}
   */
  private final PreparedCql insertPerson;

  /**
   * {@code DELETE FROM people WHERE id = ?}
   */
  private final PreparedCql deletePerson;

  /**
   * {@code INSERT INTO people (id, first_name, last_name, addresses, contact_details, version) VALUES (?, ?, ?, ?, ?,
   * ?) IF NOT EXISTS}
   */
  private final PreparedCql insertPersonIfAbsent;

  /**
   * {@code UPDATE people SET first_name = ?, last_name = ?, addresses = ?, contact_details = ?, version = ? WHERE id =
   * ? IF version = ?}
   */
  private final PreparedCql updatePersonIfVersion;

  /**
   * {@code DELETE FROM people WHERE id = ? IF version = ?}
   */
  private final PreparedCql deletePersonIfVersion;

  /**
   * Index table {@code people_by_last_name}.
   */
  private final CassandraIndexTable peopleByLastNameIndex;

  /**
   * Reads the master row an index row points at.
   */
  private final Function<List<Object>, CompletionStage<Optional<Person>>> personByKey;

  private final IndexMaintenance<Person> maintenance;

  /**
   * The steps of a save of Person, each feature hooked into its step; every save method is one call of it.
   */
  private final SavePipeline<Person> saves;

  /**
   * The steps of a delete of Person; every delete method is one call of it.
   */
  private final DeletePipeline<Person> deletes;

  /**
   * A DAO over {@code session} whose tables live in {@code keyspace}. Statements are prepared on first use.
   */
  public CassandraPersonDao(CqlSession session, String keyspace) {
    super(session, keyspace);
    this.selectById = prepare("SELECT id, first_name, last_name, addresses, contact_details, version FROM "
        + "{keyspace}.people WHERE id = ?");
    this.selectByLastName = prepare("SELECT last_name, id FROM {keyspace}.people_by_last_name WHERE last_name = ?");
    this.scanPerson = prepare("SELECT id, first_name, last_name, addresses, contact_details, version FROM "
        + "{keyspace}.people WHERE token(id) >= ? AND token(id) <= ?");
    this.selectPersonRow = prepare("SELECT id, first_name, last_name, addresses, contact_details, version, "
        + "WRITETIME(first_name), WRITETIME(last_name), MAXWRITETIME(addresses), MAXWRITETIME(contact_details), "
        + "WRITETIME(version) FROM {keyspace}.people WHERE id = ?");
    this.insertPerson = prepare("INSERT INTO {keyspace}.people (id, first_name, last_name, addresses, contact_details, "
        + "version) VALUES (?, ?, ?, ?, ?, ?)");
    this.deletePerson = prepare("DELETE FROM {keyspace}.people WHERE id = ?");
    this.insertPersonIfAbsent = prepare("INSERT INTO {keyspace}.people (id, first_name, last_name, addresses, "
        + "contact_details, version) VALUES (?, ?, ?, ?, ?, ?) IF NOT EXISTS");
    this.updatePersonIfVersion = prepare("UPDATE {keyspace}.people SET first_name = ?, last_name = ?, addresses = ?, "
        + "contact_details = ?, version = ? WHERE id = ? IF version = ?");
    this.deletePersonIfVersion = prepare("DELETE FROM {keyspace}.people WHERE id = ? IF version = ?");
    this.peopleByLastNameIndex = indexTable(CassandraPersonMapper.PEOPLE_BY_LAST_NAME, "people_by_last_name", 1,
        List.of("last_name", "id"));
    this.personByKey = masterLookup(selectPersonRow, CassandraPersonMapper::fromRow);
    this.maintenance = indexMaintenance(scanPerson, CassandraPersonMapper::fromRow,
        CassandraPersonMapper::indexEntries, personByKey);
    master(MasterTable.<Person>of("Person", selectPersonRow, CassandraPersonMapper::fromRow,
        CassandraPersonMapper::keyOf, CassandraPersonMapper::bindKeyValues)
        .inserting(insertPerson, CassandraPersonMapper::bindAll)
        .deleting(deletePerson, null)
        .indexed(CassandraPersonMapper::indexEntries)
        .versioned(insertPersonIfAbsent, 5, updatePersonIfVersion, CassandraPersonMapper::bindUpdate,
        deletePersonIfVersion, CassandraPersonMapper::versionOf, CassandraPersonMapper::setVersion));
    this.saves = savePipeline()
        .checking(CassandraPersonMapper::requireValidKey)
        .build();
    this.deletes = deletePipeline(CassandraPersonMapper::keyOf)
        .checking(CassandraPersonMapper::requireValidKey)
        .build();
  }

  /**
   * Writes every column of the {@code Person} row in table {@code people}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   * A compare-and-set on {@code version}: written only if the stored version is still the one {@code person} carries
   * (0: no row),
   * as version + 1, which is then set on {@code person}; otherwise {@link ConcurrentUpdateException} is thrown and
   * nothing of this save remains.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   */
  @Override
  public void save(Person person) {
    join(saves.save(person));
  }

  /**
   * Writes every column of the {@code Person} row in table {@code people}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   * A compare-and-set on {@code version}: written only if the stored version is still the one {@code person} carries
   * (0: no row),
   * as version + 1, which is then set on {@code person}; otherwise {@link ConcurrentUpdateException} is thrown and
   * nothing of this save remains.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   */
  @Override
  public CompletionStage<Void> saveAsync(Person person) {
    return saves.save(person);
  }

  /**
   * Served by table {@code people}: {@code id = ?}.
   */
  @Override
  public Optional<Person> findById(String id) {
    KeyChecks.argument("Person", "id", id);
    return one(
        selectById.sync().boundStatementBuilder()
            .setString(0, id),
        CassandraPersonMapper::fromRow);
  }

  /**
   * Served by table {@code people_by_last_name}: {@code last_name = ?}.
   * Each index row is checked against the master row it points at; rows whose master no longer matches are left out and
   * repaired.
   */
  @Override
  public List<Person> findByLastName(String lastName) {
    KeyChecks.argument("Person", "lastName", lastName);
    return indexList(
        selectByLastName.sync().boundStatementBuilder()
            .setString(0, lastName)
            .build(),
        peopleByLastNameIndex, personByKey, CassandraPersonMapper::indexEntries);
  }

  /**
   * Deletes one row of table {@code people} by its primary key, at one client-side write timestamp.
   * Returns whether the row existed when it was read just before the delete.
   * A compare-and-set on {@code version}: the row is deleted only if its version is still the one read; otherwise
   * {@link ConcurrentUpdateException} is thrown.
   * Index entries of the deleted row are removed after the master row.
   */
  @Override
  public boolean deleteById(String id) {
    KeyChecks.keyComponent("Person", "id", id);
    return join(deletes.deleteByKey(Arrays.<Object>asList(id), true));
  }

  /**
   * Deletes one row of table {@code people} by its primary key, at one client-side write timestamp.
   * A compare-and-set on {@code version}: the row is deleted only if its version is still the one {@code person}
   * carries; otherwise {@link ConcurrentUpdateException} is thrown.
   * Index entries of the deleted row are removed after the master row.
   */
  @Override
  public void delete(Person person) {
    join(deletes.delete(person, false));
  }

  @Override
  public List<IndexScans.Segment<Person>> scanSegments(int segments) {
    return masterSegments(scanPerson, CassandraPersonMapper::fromRow, segments);
  }

  @Override
  public IndexScans.Segment<Person> scanSegment(String range) {
    return masterSegment(scanPerson, CassandraPersonMapper::fromRow, range);
  }

  /**
   * Verify, rebuild and back-fill of the index tables of {@code people}: people_by_last_name.
   */
  @Override
  public IndexMaintenance<Person> indexMaintenance() {
    return maintenance;
  }

  /**
   * This DAO with other statement options, for the calls that need them: another instance over the same session and
   * keyspace (the session prepares each statement once), with this one's clock, repair grace, observer and list limit.
   */
  public CassandraPersonDao withStatementOptions(StatementOptions options) {
    CassandraPersonDao other = new CassandraPersonDao(session(), keyspace().asInternal());
    other.copySettingsFrom(this);
    other.setStatementOptions(options);
    return other;
  }
}
