package io.denorm.processor.step;

import io.denorm.processor.diag.Messages;
import io.denorm.processor.generation.SourceFileGenerator;
import io.denorm.processor.generation.cassandra.CassandraDaoGenerator;
import io.denorm.processor.generation.cassandra.CassandraMapperGenerator;
import io.denorm.processor.model.DaoModel;
import io.denorm.processor.model.DaoModelFactory;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.EntityModelFactory;
import io.denorm.processor.validation.DaoMethodValidator;
import io.denorm.processor.validation.EntityValidator;
import io.denorm.processor.validation.FinderValidator;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

/**
 * The state the steps share for one compilation: factories, validators, generators, and the
 * entities and DAOs found valid so far (the schema step writes them at the end).
 */
public final class ProcessingEnv {

  final ProcessingEnvironment env;
  final Messager messager;
  final EntityModelFactory entities;
  final DaoModelFactory daos;
  final EntityValidator entityValidator = new EntityValidator();
  final EntityValidator.TableRegistry tables = new EntityValidator.TableRegistry();
  final DaoMethodValidator daoValidator;
  final CassandraMapperGenerator mapperGenerator;
  final CassandraDaoGenerator daoGenerator;
  final io.denorm.processor.generation.hbase.HBaseMapperGenerator hbaseMapperGenerator;
  final io.denorm.processor.generation.hbase.HBaseDaoGenerator hbaseDaoGenerator;
  /** Whether the Cassandra runtime is on the compile classpath: its code is generated only then. */
  final boolean cassandra;
  /** Whether the HBase runtime is on the compile classpath: its code is generated only then. */
  final boolean hbase;
  final SourceFileGenerator files;

  /** Per entity: its model when valid, empty when its report had errors. */
  private final Map<String, Optional<EntityModel>> checkedEntities = new HashMap<>();
  final List<EntityModel> validEntities = new ArrayList<>();
  final List<DaoModel> validDaos = new ArrayList<>();

  public ProcessingEnv(ProcessingEnvironment env) {
    this.env = env;
    this.messager = env.getMessager();
    this.entities = new EntityModelFactory(env.getElementUtils(), env.getTypeUtils());
    this.daos = new DaoModelFactory(env.getElementUtils(), env.getTypeUtils(), entities);
    this.daoValidator = new DaoMethodValidator(new FinderValidator(env.getTypeUtils()));
    this.files = new SourceFileGenerator(env.getFiler(), env.getElementUtils());
    this.mapperGenerator = new CassandraMapperGenerator(files);
    this.daoGenerator = new CassandraDaoGenerator(files);
    this.hbaseMapperGenerator = new io.denorm.processor.generation.hbase.HBaseMapperGenerator(files);
    this.hbaseDaoGenerator = new io.denorm.processor.generation.hbase.HBaseDaoGenerator(files);
    this.cassandra = env.getElementUtils().getTypeElement("io.denorm.cassandra.CassandraDaoBase") != null;
    this.hbase = env.getElementUtils().getTypeElement("io.denorm.hbase.HBaseDaoBase") != null;
  }

  /** Generates the mapper of a valid entity for every backend whose runtime is on the classpath. */
  void generateMappers(EntityModel model) {
    boolean holds = !model.fannedOutSnippets().isEmpty() || model.indexes().stream().anyMatch(i -> i.inverse() != null);
    if (cassandra) {
      mapperGenerator.generate(model);
      if (holds) {
        daoGenerator.generateHolders(model);
      }
    }
    if (hbase) {
      hbaseMapperGenerator.generate(model);
      if (holds) {
        hbaseDaoGenerator.generateHolders(model);
      }
    }
  }

  /** The fanned-out snippet fields, among the valid entities, that copy {@code source}. */
  List<io.denorm.processor.model.SnippetHolder> holdersOf(EntityModel source) {
    List<io.denorm.processor.model.SnippetHolder> out = new ArrayList<>();
    for (EntityModel e : validEntities) {
      for (var ref : e.fannedOutSnippets()) {
        if (ref.targetType().getQualifiedName().contentEquals(source.element().getQualifiedName())) {
          out.add(new io.denorm.processor.model.SnippetHolder(e, ref));
        }
      }
    }
    return out;
  }

  /** The owning sides, among the valid entities, of the {@code @References} fields of {@code inverse}. */
  List<io.denorm.processor.model.InverseLink> linksOf(EntityModel inverse) {
    List<io.denorm.processor.model.InverseLink> out = new ArrayList<>();
    for (EntityModel e : validEntities) {
      for (var index : e.indexes()) {
        if (index.inverse() != null && index.inverse().type().getQualifiedName().contentEquals(inverse.element().getQualifiedName())) {
          out.add(new io.denorm.processor.model.InverseLink(e, index));
        }
      }
    }
    return out;
  }

  /** The {@code @Recent} lists, among the valid entities, whose child is {@code child}. */
  List<io.denorm.processor.model.RecentModel> recentsOf(EntityModel child) {
    List<io.denorm.processor.model.RecentModel> out = new ArrayList<>();
    for (EntityModel e : validEntities) {
      for (var c : e.columns()) {
        if (EntityModelFactory.same(EntityModelFactory.classValue(c.element(), io.denorm.annotations.Recent.class, "of"), child.element())) {
          out.add(new io.denorm.processor.model.RecentModel(e, c));
        }
      }
    }
    return out;
  }

  /** Generates a valid DAO for every backend whose runtime is on the classpath. */
  void generateDaos(io.denorm.processor.model.DaoModel model) {
    var holders = holdersOf(model.entity());
    var links = linksOf(model.entity());
    var recents = recentsOf(model.entity());
    if (cassandra) {
      daoGenerator.generate(model, holders, links, recents);
    }
    if (hbase) {
      hbaseDaoGenerator.generate(model, holders, links, recents);
    }
  }

  /**
   * Validates {@code type} as an entity once per compilation, prints its report, and generates its
   * mapper when it is valid. Entities compiled elsewhere (a library jar) are handled the same way
   * when a DAO of this compilation serves them.
   */
  Optional<EntityModel> checkEntity(TypeElement type) {
    String name = type.getQualifiedName().toString();
    Optional<EntityModel> known = checkedEntities.get(name);
    if (known != null) {
      return known;
    }
    EntityModel model = entities.of(type);
    var report = entityValidator.validate(model);
    if (hbase && report.isClean()) {
      entityValidator.validateForHBase(model, report);
    }
    tables.claim(model, report);
    report.printTo(messager);
    Optional<EntityModel> result = report.isClean() ? Optional.of(model) : Optional.empty();
    checkedEntities.put(name, result);
    if (result.isPresent()) {
      generateMappers(model);
      validEntities.add(model);
    }
    return result;
  }

  /** Reports an exception thrown while processing {@code element} on it, never as a javac crash. */
  void reportCrash(Element element, Throwable t) {
    StringWriter trace = new StringWriter();
    t.printStackTrace(new PrintWriter(trace));
    messager.printMessage(Diagnostic.Kind.ERROR, Messages.PROCESSOR_ERROR.format(element, trace), element);
  }
}
