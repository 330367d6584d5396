package io.denorm.examples.users;

import io.denorm.Conversions;
import io.denorm.hbase.HBaseValues;
import io.denorm.index.IndexDefinition;
import io.denorm.index.IndexEntry;
import io.denorm.key.KeyReader;
import io.denorm.key.RowKeyCodec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import javax.annotation.processing.Generated;

/**
 * Maps {@link User} to rows of HBase table {@code users}: row key (id), qualifiers name, email, state, city,
 * categories, skills.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.users.User"
)
public final class HBaseUserMapper {
  /**
   * The row key of table {@code users}.
   */
  public static final RowKeyCodec KEY = new RowKeyCodec("User", List.of(
      new RowKeyCodec.Component("id", RowKeyCodec.Kind.UUID, false, false, null)));

  /**
   * The qualifiers of the non-key columns, in the order of {@link #cells} and of the cells {@link #fromRow} reads.
   */
  public static final List<String> COLUMNS = List.of("name", "email", "state", "city", "categories", "skills");

  /**
   * Index table {@code users_by_location}: key (state, city), then the master key, including name.
   */
  public static final IndexDefinition USERS_BY_LOCATION = new IndexDefinition("User", "users_by_location", 2, 1, 1,
      false);

  /**
   * The row key of index table {@code users_by_location}.
   */
  public static final RowKeyCodec USERS_BY_LOCATION_KEY = new RowKeyCodec("User", List.of(
      new RowKeyCodec.Component("state", RowKeyCodec.Kind.STRING, false, false, null),
      new RowKeyCodec.Component("city", RowKeyCodec.Kind.STRING, false, false, null),
      new RowKeyCodec.Component("id", RowKeyCodec.Kind.UUID, false, false, null)));

  /**
   * Index table {@code users_by_email}: key (email), then the master key.
   */
  public static final IndexDefinition USERS_BY_EMAIL = new IndexDefinition("User", "users_by_email", 1, 1, 0, true);

  /**
   * The row key of index table {@code users_by_email}.
   */
  public static final RowKeyCodec USERS_BY_EMAIL_KEY = new RowKeyCodec("User", List.of(
      new RowKeyCodec.Component("email", RowKeyCodec.Kind.STRING, false, false, null)));

  /**
   * Index table {@code users_by_category}: key (categories (each element)), then the master key.
   */
  public static final IndexDefinition USERS_BY_CATEGORY = new IndexDefinition("User", "users_by_category", 1, 1, 0,
      false);

  /**
   * The row key of index table {@code users_by_category}.
   */
  public static final RowKeyCodec USERS_BY_CATEGORY_KEY = new RowKeyCodec("User", List.of(
      new RowKeyCodec.Component("categories", RowKeyCodec.Kind.STRING, false, false, null),
      new RowKeyCodec.Component("id", RowKeyCodec.Kind.UUID, false, false, null)));

  /**
   * Index table {@code users_by_skill}: key (skills.name (each element), skills.level (each element)), then the master
   * key.
   */
  public static final IndexDefinition USERS_BY_SKILL = new IndexDefinition("User", "users_by_skill", 2, 1, 0, false);

  /**
   * The row key of index table {@code users_by_skill}.
   */
  public static final RowKeyCodec USERS_BY_SKILL_KEY = new RowKeyCodec("User", List.of(
      new RowKeyCodec.Component("skills.name", RowKeyCodec.Kind.STRING, false, false, null),
      new RowKeyCodec.Component("skills.level", RowKeyCodec.Kind.STRING, false, false, null),
      new RowKeyCodec.Component("id", RowKeyCodec.Kind.UUID, false, false, null)));

  private HBaseUserMapper() {
  }

  /**
   * The key values of {@code entity}, stored form, in key order.
   */
  public static List<Object> key(User entity) {
    return Arrays.asList(
            entity.id);
  }

  /**
   * The non-key values of {@code entity}, stored form, in {@link #COLUMNS} order.
   */
  public static List<Object> cells(User entity) {
    return Arrays.asList(
            entity.name,
            entity.email,
            entity.state,
            entity.city,
            entity.categories,
            Conversions.list(entity.skills, e1 -> skillToStored(e1)));
  }

  /**
   * The row key of {@code entity} (without a salt byte): the bytes of {@code KEY.encode(key(entity))}, with no value
   * list.
   */
  public static byte[] rowKey(User entity) {
    Object key0 = HBaseValues.keyValue(entity.id);
    return KEY.writer(0)
            .value(key0)
            .toKey();
  }

  /**
   * An entity from its row key (from {@code offset}, after any salt byte) and its non-key values, stored form (absent
   * cells: null), in {@link #COLUMNS} order.
   */
  public static User fromRow(byte[] row, int offset, List<Object> cells) {
    KeyReader reader = KEY.reader(row, offset);
    Object key0 = HBaseValues.storedValue(reader.value());
    reader.end();
    User entity = new User();
    entity.id = (UUID) key0;
    entity.name = (String) cells.get(0);
    entity.email = (String) cells.get(1);
    entity.state = (String) cells.get(2);
    entity.city = (String) cells.get(3);
    entity.categories = HBaseValues.set(cells.get(4), element -> (String) element);
    entity.skills = HBaseValues.list(cells.get(5), element -> skillFromStored(element));
    return entity;
  }

  private static List<Object> skillToStored(Skill element) {
    return element == null ? null : Arrays.asList(element.name(), element.level());
  }

  private static Skill skillFromStored(Object stored) {
    if (stored == null) {
      return null;
    }
    return new Skill((String) HBaseValues.field(stored, 0), (String) HBaseValues.field(stored, 1));
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
