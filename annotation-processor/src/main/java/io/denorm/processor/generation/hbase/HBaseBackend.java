package io.denorm.processor.generation.hbase;

import com.palantir.javapoet.ClassName;
import io.denorm.processor.backend.Backend;
import io.denorm.processor.diag.Messages;
import io.denorm.processor.diag.ValidationReport;
import io.denorm.processor.generation.GeneratedNames;
import io.denorm.processor.generation.SourceFileGenerator;
import io.denorm.processor.model.ColumnType;
import io.denorm.processor.model.DaoModel;
import io.denorm.processor.model.Dependents;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.KeyColumn;
import io.denorm.processor.model.ScalarKind;
import io.denorm.processor.model.TableView;
import io.denorm.processor.schema.HBaseTablesWriter;
import java.util.List;
import java.util.Map;

/** Apache HBase: typed client calls over an {@code AsyncConnection}, and {@code hbase-tables.yaml}. */
public final class HBaseBackend implements Backend {

  @Override
  public String name() {
    return "HBase";
  }

  @Override
  public String runtimeClass() {
    return "io.denorm.hbase.HBaseDaoBase";
  }

  /** Key types HBase row keys cannot encode in order. */
  @Override
  public void checkEntity(EntityModel entity, ValidationReport report) {
    for (TableView table : entity.tables()) {
      for (KeyColumn k : table.primaryKey()) {
        if (k.type().storedForm() instanceof ColumnType.Scalar s && s.kind() == ScalarKind.DECIMAL) {
          report.error(k.source().element(), Messages.HBASE_KEY_TYPE, k.fieldName(), k.source().javaType(), table.name());
        }
      }
    }
  }

  @Override
  public void generateEntity(EntityModel entity, SourceFileGenerator files) {
    new HBaseMapperGenerator(files).generate(entity);
    if (entity.isWrittenByOthers()) {
      new HBaseDaoGenerator(files).generateHolders(entity);
    }
  }

  @Override
  public void generateDao(DaoModel dao, Dependents dependents, SourceFileGenerator files) {
    new HBaseDaoGenerator(files).generate(dao, dependents);
  }

  @Override
  public ClassName daoClass(DaoModel dao) {
    return GeneratedNames.hbaseDao(dao);
  }

  @Override
  public Map<String, String> schemaFiles(List<EntityModel> entities) {
    return Map.of(HBaseTablesWriter.RESOURCE, new HBaseTablesWriter().write(entities));
  }
}
