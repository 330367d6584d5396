package io.denorm.processor.generation;

import com.palantir.javapoet.ClassName;
import io.denorm.processor.model.DaoModel;
import io.denorm.processor.model.DistinctModel;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.IndexModel;
import io.denorm.processor.model.Names;
import io.denorm.processor.model.ReferenceModel;
import java.util.Locale;

/** The one place that names generated classes and the generated members other generated code refers to. */
public final class GeneratedNames {
  private GeneratedNames() {}

  /** {@code CassandraReadingDao}, beside the DAO interface. */
  public static ClassName cassandraDao(DaoModel dao) {
    return ClassName.get(dao.className().packageName(), "Cassandra" + flat(dao.className()));
  }

  /** {@code CassandraReadingMapper}, beside the entity, so it can use package-private fields. */
  public static ClassName cassandraMapper(EntityModel entity) {
    return ClassName.get(entity.className().packageName(), "Cassandra" + flat(entity.className()) + "Mapper");
  }

  /** {@code HBaseReadingDao}, beside the DAO interface. */
  public static ClassName hbaseDao(DaoModel dao) {
    return ClassName.get(dao.className().packageName(), "HBase" + flat(dao.className()));
  }

  /** {@code HBaseReadingMapper}, beside the entity. */
  public static ClassName hbaseMapper(EntityModel entity) {
    return ClassName.get(entity.className().packageName(), "HBase" + flat(entity.className()) + "Mapper");
  }

  /** {@code CassandraBookSnippetHolders}, beside the entity: what a fan-out reaches its rows through. */
  public static ClassName cassandraSnippetHolders(EntityModel entity) {
    return ClassName.get(entity.className().packageName(), "Cassandra" + flat(entity.className()) + "SnippetHolders");
  }

  /** {@code HBaseBookSnippetHolders}, beside the entity. */
  public static ClassName hbaseSnippetHolders(EntityModel entity) {
    return ClassName.get(entity.className().packageName(), "HBase" + flat(entity.className()) + "SnippetHolders");
  }

  /**
   * The constant of the mapper holding an index's definition: {@code USERS_BY_LOCATION}, its
   * name in capitals. The HBase mapper also holds {@code KEY}, {@code COLUMNS}, {@code SALT} and, per index, the
   * index's constant followed by {@code _KEY}: an index whose name would give a constant taken by
   * one of those (an index named {@code key}, or {@code by_city_key} beside {@code by_city}) gets
   * {@code _INDEX} appended until neither its constant nor its {@code _KEY} is taken, the indexes
   * taken in the order the entity declares them.
   */
  public static String indexConstant(EntityModel entity, IndexModel index) {
    java.util.Set<String> taken = new java.util.HashSet<>(java.util.Set.of("KEY", "COLUMNS", "SALT"));
    for (IndexModel each : entity.indexes()) {
      String name = each.name().toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]+", "_");
      while (taken.contains(name) || taken.contains(name + "_KEY")) {
        name += "_INDEX";
      }
      if (each.name().equals(index.name())) {
        return name;
      }
      taken.add(name);
      taken.add(name + "_KEY");
    }
    throw new IllegalArgumentException("index " + index.name() + " is not one of " + entity.simpleName() + "'s");
  }

  /** The HBase mapper's constant holding the row-key codec of {@code index}'s table: {@code USERS_BY_EMAIL_KEY}. */
  public static String indexKeyConstant(EntityModel entity, IndexModel index) {
    return indexConstant(entity, index) + "_KEY";
  }

  /** The mapper method reading an entity from a row of a covering index: {@code fromUsersByLocationRow}. */
  public static String coveringRowMethod(IndexModel index) {
    return "from" + index.camelName() + "Row";
  }

  /** The DAO field holding an index's table: {@code usersByEmailIndex}. */
  public static String indexField(IndexModel index) {
    return Names.decapitalize(index.camelName()) + "Index";
  }

  /** {@code authorsReferences}: the mapper method listing the ids an entity references through a field. */
  public static String idsMethod(ReferenceModel ref) {
    return ref.column().fieldName() + "References";
  }

  /** {@code refreshAuthors}: the mapper method bringing a field's snippets up to date. */
  public static String refreshMethod(ReferenceModel ref) {
    return "refresh" + Names.capitalize(ref.column().fieldName());
  }

  /** {@code authorsSourceChanged}: whether two states of the source differ in a field the snippet copies. */
  public static String changedMethod(ReferenceModel ref) {
    return ref.column().fieldName() + "SourceChanged";
  }

  /** {@code uniqueVisitorsCount}: the DAO field holding a {@code @CountDistinct}. */
  public static String distinctField(DistinctModel distinct) {
    return distinct.readMethod() + "Count";
  }

  private static String flat(ClassName name) {
    return String.join("_", name.simpleNames());
  }
}
