package io.denorm.examples.users;

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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import javax.annotation.processing.Generated;

/**
 * Maps {@link User} to rows of table {@code users}.
 *
 * <p>Column order of {@link #bindAll} and {@link #fromRow}: id, name, email, state, city, categories, skills.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.users.User"
)
public final class CassandraUserMapper {
  /**
   * Index table {@code users_by_location}: key (state, city), then the master key, including name.
   */
  public static final IndexDefinition USERS_BY_LOCATION = new IndexDefinition("User", "users_by_location", 2, 1, 1,
      false);

  /**
   * Index table {@code users_by_email}: key (email), then the master key.
   */
  public static final IndexDefinition USERS_BY_EMAIL = new IndexDefinition("User", "users_by_email", 1, 1, 0, true);

  /**
   * Index table {@code users_by_category}: key (categories (each element)), then the master key.
   */
  public static final IndexDefinition USERS_BY_CATEGORY = new IndexDefinition("User", "users_by_category", 1, 1, 0,
      false);

  /**
   * Index table {@code users_by_skill}: key (skills.name (each element), skills.level (each element)), then the master
   * key.
   */
  public static final IndexDefinition USERS_BY_SKILL = new IndexDefinition("User", "users_by_skill", 2, 1, 0, false);

  private CassandraUserMapper() {
  }

  /**
   * Throws {@link io.denorm.InvalidEntityException} when a key component is null or too large, or a converter refuses a
   * value.
   */
  public static void requireValidKey(User entity) {
    Objects.requireNonNull(entity, "User to write");
    KeyChecks.keyComponent("User", "id", entity.id);
  }

  /**
   * Binds every column, in table order, from index 0.
   */
  public static BoundStatementBuilder bindAll(BoundStatementBuilder statement, User entity) {
    statement = statement.setUuid(0, entity.id);
    statement = statement.setString(1, entity.name);
    statement = statement.setString(2, entity.email);
    statement = statement.setString(3, entity.state);
    statement = statement.setString(4, entity.city);
    statement = statement.setSet(5, entity.categories, String.class);
    statement = statement.set(6, CassandraValues.toList(entity.skills,
        CassandraValues.elementType(statement.getType(6)), (t1, e1) ->
        CassandraUserMapper.skillToUdt((UserDefinedType) t1, e1)), GenericType.listOf(GenericType.of(UdtValue.class)));
    return statement;
  }

  /**
   * Binds the primary key columns, in key order, from index 0.
   */
  public static BoundStatementBuilder bindKey(BoundStatementBuilder statement, User entity) {
    statement = statement.setUuid(0, entity.id);
    return statement;
  }

  /**
   * Binds the primary key columns, in key order, from index 0, from the key values {@code key} (in key order).
   */
  public static BoundStatementBuilder bindKeyValues(BoundStatementBuilder statement,
      List<Object> key) {
    statement = statement.setUuid(0, (UUID) key.get(0));
    return statement;
  }

  /**
   * The key values of {@code entity}, in key order.
   */
  public static List<Object> keyOf(User entity) {
    return Arrays.asList(entity.id);
  }

  /**
   * Reads one entity from a row whose columns are in table order.
   */
  public static User fromRow(Row row) {
    User entity = new User();
    entity.id = row.getUuid(0);
    entity.name = row.getString(1);
    entity.email = row.getString(2);
    entity.state = row.getString(3);
    entity.city = row.getString(4);
    entity.categories = row.getSet(5, String.class);
    entity.skills = Conversions.list(row.get(6, GenericType.listOf(GenericType.of(UdtValue.class))), e1 ->
        CassandraUserMapper.skillFromUdt(e1));
    return entity;
  }

  private static UdtValue skillToUdt(UserDefinedType type, Skill element) {
    if (element == null) {
      return null;
    }
    UdtValue value = type.newValue();
    value = value.setString(0, element.name());
    value = value.setString(1, element.level());
    return value;
  }

  private static Skill skillFromUdt(UdtValue value) {
    if (value == null) {
      return null;
    }
    return new Skill(value.getString(0), value.getString(1));
  }

  /**
   * Every index row {@code entity} needs, values in stored form. A null key value means no row.
   */
  public static List<IndexEntry> indexEntries(User entity) {
    List<IndexEntry> entries = new ArrayList<>();
    // users_by_location
    if (entity.state != null && entity.city != null) {
      entries.add(new IndexEntry(USERS_BY_LOCATION, Arrays.asList(entity.state, entity.city, entity.id, entity.name)));
    }
    // users_by_email
    if (entity.email != null) {
      entries.add(new IndexEntry(USERS_BY_EMAIL, Arrays.asList(entity.email, entity.id)));
    }
    // users_by_category
    if (entity.categories != null) {
      for (String element : entity.categories) {
        if (element != null) {
          entries.add(new IndexEntry(USERS_BY_CATEGORY, Arrays.asList(element, entity.id)));
        }
      }
    }
    // users_by_skill
    if (entity.skills != null) {
      for (Skill element : entity.skills) {
        if (element != null && element.name() != null && element.level() != null) {
          entries.add(new IndexEntry(USERS_BY_SKILL, Arrays.asList(element.name(), element.level(), entity.id)));
        }
      }
    }
    return entries;
  }
}
