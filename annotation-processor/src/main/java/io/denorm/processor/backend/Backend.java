package io.denorm.processor.backend;

import com.palantir.javapoet.ClassName;
import io.denorm.processor.diag.ValidationReport;
import io.denorm.processor.generation.SourceFileGenerator;
import io.denorm.processor.model.DaoModel;
import io.denorm.processor.model.Dependents;
import io.denorm.processor.model.EntityModel;
import java.util.List;
import java.util.Map;

/**
 * One store the processor generates code for. An implementation is listed in {@code
 * META-INF/services/io.denorm.processor.backend.Backend} of a jar on the processor path, and is used
 * for a compilation whose classpath holds its runtime ({@link #runtimeClass()}).
 *
 * <p>The processor validates and models each entity and DAO once; a backend turns the models into
 * its mapper, its DAO implementations, the holder classes that fan-outs write through, and its
 * schema files. Each backend generates every kind of DAO method through a {@link
 * io.denorm.processor.model.QueryMethodModel.Visitor}, so a new kind must be handled by every
 * backend before the processor compiles.
 */
public interface Backend {

  /** The store's name, as it prefixes the generated classes: {@code Cassandra}, {@code HBase}. */
  String name();

  /** The runtime class whose presence on the compile classpath turns this backend on. */
  String runtimeClass();

  /** The checks an entity valid for Denorm must also pass for this store (types its keys cannot encode). */
  void checkEntity(EntityModel entity, ValidationReport report);

  /** Writes the mapper of a valid entity and, when other entities write into its rows, its holders class. */
  void generateEntity(EntityModel entity, SourceFileGenerator files);

  /** Writes the implementation of a valid DAO; {@code dependents} are the entities its saves keep. */
  void generateDao(DaoModel dao, Dependents dependents, SourceFileGenerator files);

  /** The class {@link #generateDao} writes for {@code dao}. */
  ClassName daoClass(DaoModel dao);

  /** The schema files of the whole compilation: resource path to content, empty when none. */
  Map<String, String> schemaFiles(List<EntityModel> entities);
}
