package io.denorm.examples.people;

import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.data.UdtValue;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import com.datastax.oss.driver.api.core.type.reflect.GenericType;
import io.denorm.Conversions;
import io.denorm.KeyChecks;
import io.denorm.cassandra.CassandraValues;
import io.denorm.index.IndexDefinition;
import io.denorm.index.IndexEntry;
import io.denorm.json.JsonValues;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import javax.annotation.processing.Generated;

/**
 * Maps {@link Person} to rows of table {@code people}.
 *
 * <p>Column order of {@link #bindAll} and {@link #fromRow}: id, first_name, last_name, addresses, contact_details,
 * version.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.people.Person"
)
public final class CassandraPersonMapper {
  /**
   * Index table {@code people_by_last_name}: key (lastName), then the master key.
   */
  public static final IndexDefinition PEOPLE_BY_LAST_NAME = new IndexDefinition("Person", "people_by_last_name", 1, 1,
      0, false);

  private CassandraPersonMapper() {
  }

  /**
   * Throws {@link io.denorm.InvalidEntityException} when a key component is null or too large, or a converter refuses a
   * value.
   */
  public static void requireValidKey(Person entity) {
    Objects.requireNonNull(entity, "Person to write");
    KeyChecks.keyComponent("Person", "id", entity.id);
    JsonValues.check("Person", "contactDetails", entity.contactDetails);
  }

  /**
   * Binds every column, in table order, from index 0.
   */
  public static BoundStatementBuilder bindAll(BoundStatementBuilder statement, Person entity) {
    statement = statement.setString(0, entity.id);
    statement = statement.setString(1, entity.firstName);
    statement = statement.setString(2, entity.lastName);
    statement = statement.set(3, CassandraValues.toList(entity.addresses,
        CassandraValues.elementType(statement.getType(3)), (t1, e1) ->
        CassandraPersonMapper.addressToUdt((UserDefinedType) t1, e1)),
        GenericType.listOf(GenericType.of(UdtValue.class)));
    statement = statement.set(4, CassandraValues.toList(entity.contactDetails,
        CassandraValues.elementType(statement.getType(4)), (t1, e1) -> CassandraValues.toMap(e1, t1, (t2, k2) -> k2,
        (t2, e2) -> JsonValues.writeElement(e2))), GenericType.listOf(GenericType.mapOf(GenericType.of(String.class),
        GenericType.of(String.class))));
    statement = statement.setLong(5, entity.version);
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
   * Binds the primary key columns, in key order, from index 0, from the key values {@code key} (in key order).
   */
  public static BoundStatementBuilder bindKeyValues(BoundStatementBuilder statement,
      List<Object> key) {
    statement = statement.setString(0, (String) key.get(0));
    return statement;
  }

  /**
   * The key values of {@code entity}, in key order.
   */
  public static List<Object> keyOf(Person entity) {
    return Arrays.asList(entity.id);
  }

  /**
   * Reads one entity from a row whose columns are in table order.
   */
  public static Person fromRow(Row row) {
    Person entity = new Person();
    entity.id = row.getString(0);
    entity.firstName = row.getString(1);
    entity.lastName = row.getString(2);
    entity.addresses = Conversions.list(row.get(3, GenericType.listOf(GenericType.of(UdtValue.class))), e1 ->
        CassandraPersonMapper.addressFromUdt(e1));
    entity.contactDetails = Conversions.list(row.get(4,
        GenericType.listOf(GenericType.mapOf(GenericType.of(String.class), GenericType.of(String.class)))), e1 ->
        Conversions.map(e1, k2 -> k2, e2 -> JsonValues.read(e2)));
    entity.version = row.getLong(5);
    return entity;
  }

  private static UdtValue addressToUdt(UserDefinedType type, Address element) {
    if (element == null) {
      return null;
    }
    UdtValue value = type.newValue();
    value = value.setString(0, element.line1());
    value = value.setString(1, element.line2());
    value = value.setString(2, element.city());
    value = value.setString(3, element.state());
    value = value.setInt(4, element.zip());
    return value;
  }

  private static Address addressFromUdt(UdtValue value) {
    if (value == null) {
      return null;
    }
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
   * Binds the compare-and-set update: regular columns (version {@code expected} + 1), the key, then {@code expected} as
   * the expected version.
   */
  public static BoundStatementBuilder bindUpdate(BoundStatementBuilder statement, Person entity,
      long expected) {
    statement = statement.setString(0, entity.firstName);
    statement = statement.setString(1, entity.lastName);
    statement = statement.set(2, CassandraValues.toList(entity.addresses,
        CassandraValues.elementType(statement.getType(2)), (t1, e1) ->
        CassandraPersonMapper.addressToUdt((UserDefinedType) t1, e1)),
        GenericType.listOf(GenericType.of(UdtValue.class)));
    statement = statement.set(3, CassandraValues.toList(entity.contactDetails,
        CassandraValues.elementType(statement.getType(3)), (t1, e1) -> CassandraValues.toMap(e1, t1, (t2, k2) -> k2,
        (t2, e2) -> JsonValues.writeElement(e2))), GenericType.listOf(GenericType.mapOf(GenericType.of(String.class),
        GenericType.of(String.class))));
    statement = statement.setLong(4, expected + 1);
    statement = statement.setString(5, entity.id);
    return statement.setLong(6, expected);
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
