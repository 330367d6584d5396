package io.denorm.examples.people;

import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.data.UdtValue;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import io.denorm.KeyChecks;
import io.denorm.cassandra.CassandraValues;
import io.denorm.index.IndexDefinition;
import io.denorm.index.IndexEntry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import javax.annotation.processing.Generated;

/**
 * Maps {@link Person} to rows of table {@code people}.
 *
 * <p>Column order of {@link #bindAll} and {@link #fromRow}: id, first_name, last_name, addresses, version.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.people.Person"
)
public final class CassandraPersonMapper {
  /**
   * Index table {@code people_by_last_name}: key (lastName), then the master key.
   */
  public static final IndexDefinition PEOPLE_BY_LAST_NAME = new IndexDefinition("Person", "people_by_last_name", 1, 1, 0, false);

  private CassandraPersonMapper() {
  }

  /**
   * Throws {@link io.denorm.InvalidEntityException} when a key component is null or too large.
   */
  public static void requireValidKey(Person entity) {
    Objects.requireNonNull(entity, "Person to write");
    KeyChecks.keyComponent("Person", "id", entity.id);
  }

  /**
   * Binds every column, in table order, from index 0.
   */
  public static BoundStatementBuilder bindAll(BoundStatementBuilder statement, Person entity) {
    statement = statement.setString(0, entity.id);
    statement = statement.setString(1, entity.firstName);
    statement = statement.setString(2, entity.lastName);
    statement = statement.setList(3, CassandraValues.toUdtList(statement.getType(3), entity.addresses, CassandraPersonMapper::addressToUdt), UdtValue.class);
    statement = statement.setLong(4, entity.version);
    return statement;
  }

  /**
   * Binds the primary key columns, in key order, from index 0.
   */
  public static BoundStatementBuilder bindKey(BoundStatementBuilder statement, Person entity) {
    statement = statement.setString(0, entity.id);
    return statement;
  }

  /**
   * Reads one entity from a row whose columns are in table order.
   */
  public static Person fromRow(Row row) {
    Person entity = new Person();
    entity.id = row.getString(0);
    entity.firstName = row.getString(1);
    entity.lastName = row.getString(2);
    entity.addresses = CassandraValues.fromUdtList(row.getList(3, UdtValue.class), CassandraPersonMapper::addressFromUdt);
    entity.version = row.getLong(4);
    return entity;
  }

  private static UdtValue addressToUdt(UserDefinedType type, Address element) {
    UdtValue value = type.newValue();
    value = value.setString(0, element.line1());
    value = value.setString(1, element.line2());
    value = value.setString(2, element.city());
    value = value.setString(3, element.state());
    value = value.setInt(4, element.zip());
    return value;
  }

  private static Address addressFromUdt(UdtValue value) {
    return new Address(value.getString(0), value.getString(1), value.getString(2), value.getString(3), value.getInt(4));
  }

  /**
   * The version {@code entity} carries: 0 for one never saved.
   */
  public static long versionOf(Person entity) {
    return entity.version;
  }

  /**
   * Sets the version a successful save wrote.
   */
  public static void setVersion(Person entity, long version) {
    entity.version = version;
  }

  /**
   * The key of {@code entity}, in key order, as a conflict reports it.
   */
  public static List<Object> keyOf(Person entity) {
    return Arrays.asList(entity.id);
  }

  /**
   * Binds the compare-and-set update: regular columns (version {@code expected} + 1), the key, then {@code expected} as the expected version.
   */
  public static BoundStatementBuilder bindUpdate(BoundStatementBuilder statement, Person entity,
      long expected) {
    statement = statement.setString(0, entity.firstName);
    statement = statement.setString(1, entity.lastName);
    statement = statement.setList(2, CassandraValues.toUdtList(statement.getType(2), entity.addresses, CassandraPersonMapper::addressToUdt), UdtValue.class);
    statement = statement.setLong(3, expected + 1);
    statement = statement.setString(4, entity.id);
    return statement.setLong(5, expected);
  }

  /**
   * Every index row {@code entity} needs, values in stored form. A null key value means no row.
   */
  public static List<IndexEntry> indexEntries(Person entity) {
    List<IndexEntry> entries = new ArrayList<>();
    // people_by_last_name
    if (entity.lastName != null) {
      entries.add(new IndexEntry(PEOPLE_BY_LAST_NAME, Arrays.asList(entity.lastName, entity.id)));
    }
    return entries;
  }
}
