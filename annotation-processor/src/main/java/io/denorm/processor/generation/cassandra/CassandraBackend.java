package io.denorm.processor.generation.cassandra;

import com.palantir.javapoet.ClassName;
import io.denorm.processor.backend.Backend;
import io.denorm.processor.diag.ValidationReport;
import io.denorm.processor.generation.GeneratedNames;
import io.denorm.processor.generation.SourceFileGenerator;
import io.denorm.processor.model.DaoModel;
import io.denorm.processor.model.Dependents;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.schema.CqlSchemaWriter;
import java.util.List;
import java.util.Map;

/** Apache Cassandra: prepared CQL over the driver's {@code CqlSession}, and {@code schema.cql}. */
public final class CassandraBackend implements Backend {

  @Override
  public String name() {
    return "Cassandra";
  }

  @Override
  public String runtimeClass() {
    return "io.denorm.cassandra.CassandraDaoBase";
  }

  @Override
  public void checkEntity(EntityModel entity, ValidationReport report) {
    // Every key type Denorm accepts has a CQL type: nothing more to check.
  }

  @Override
  public void generateEntity(EntityModel entity, SourceFileGenerator files) {
    new CassandraMapperGenerator(files).generate(entity);
    if (entity.isWrittenByOthers()) {
      new CassandraDaoGenerator(files).generateHolders(entity);
    }
  }

  @Override
  public void generateDao(DaoModel dao, Dependents dependents, SourceFileGenerator files) {
    new CassandraDaoGenerator(files).generate(dao, dependents);
  }

  @Override
  public ClassName daoClass(DaoModel dao) {
    return GeneratedNames.cassandraDao(dao);
  }

  @Override
  public Map<String, String> schemaFiles(List<EntityModel> entities) {
    return Map.of(CqlSchemaWriter.RESOURCE, new CqlSchemaWriter().write(entities));
  }
}
