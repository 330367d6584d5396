package io.denorm.examples.people;

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
 * HBase implementation of {@link PersonDao}, storing {@link Person} in table {@code people}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.people.PersonDao"
)
public final class HBasePersonDao extends HBaseDaoBase<Person> implements PersonDao {
  /**
   * Index table {@code people_by_last_name}.
   */
  private final HBaseIndexTable peopleByLastNameIndex;

  /**
   * A DAO over {@code connection} whose tables live in {@code namespace}. It runs on an asynchronous connection opened
   * once per {@code connection}.
   */
  public HBasePersonDao(Connection connection, String namespace) {
    this(HBaseConnections.async(connection), namespace);
  }

  /**
   * A DAO over {@code connection} whose tables live in {@code namespace}.
   */
  public HBasePersonDao(AsyncConnection connection, String namespace) {
    super(connection, namespace, "Person", "people", HBasePersonMapper.KEY, HBasePersonMapper.COLUMNS,
        HBasePersonMapper::key, HBasePersonMapper::cells, HBasePersonMapper::fromRow, HBasePersonMapper::indexEntries);
    typedKeys(HBasePersonMapper::rowKey);
    this.peopleByLastNameIndex = indexTable(HBasePersonMapper.PEOPLE_BY_LAST_NAME, "people_by_last_name",
        HBasePersonMapper.PEOPLE_BY_LAST_NAME_KEY);
    versioned("version", HBasePersonMapper::versionOf, HBasePersonMapper::setVersion);
  }

  /**
   * Writes every column of the {@code Person} row in table {@code people} at one timestamp; null columns are deleted.
   * The key (and every index key) is encoded before anything is sent.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   */
  @Override
  public void save(Person person) {
    write(person);
  }

  /**
   * Writes every column of the {@code Person} row in table {@code people} at one timestamp; null columns are deleted.
   * The key (and every index key) is encoded before anything is sent.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   */
  @Override
  public CompletionStage<Void> saveAsync(Person person) {
    return writeAsync(person);
  }

  /**
   * Served by table {@code people}: {@code id = ?}.
   */
  @Override
  public Optional<Person> findById(String id) {
    KeyChecks.argument("Person", "id", id);
    return get(List.<Object>of(id));
  }

  /**
   * Served by table {@code people_by_last_name}: {@code last_name = ?}.
   * Each index row is checked against the master row it points at; rows whose master no longer matches are left out and
   * repaired.
   */
  @Override
  public List<Person> findByLastName(String lastName) {
    KeyChecks.argument("Person", "lastName", lastName);
    return indexList(peopleByLastNameIndex, range(peopleByLastNameIndex, List.<Object>of(lastName)), 0);
  }

  /**
   * Deletes one row of table {@code people} by its key, at one timestamp.
   * Returns whether the row existed when it was read just before the delete.
   */
  @Override
  public boolean deleteById(String id) {
    KeyChecks.keyComponent("Person", "id", id);
    return join(removeAsync(List.<Object>of(id)));
  }

  /**
   * Deletes one row of table {@code people} by its key, at one timestamp.
   */
  @Override
  public void delete(Person person) {
    join(removeEntityAsync(person));
  }
}
