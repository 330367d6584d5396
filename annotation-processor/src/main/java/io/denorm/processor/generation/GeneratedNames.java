package io.denorm.processor.generation;

import com.palantir.javapoet.ClassName;
import io.denorm.processor.model.DaoModel;
import io.denorm.processor.model.EntityModel;

/** The one place that names generated classes. */
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

  private static String flat(ClassName name) {
    return String.join("_", name.simpleNames());
  }
}
