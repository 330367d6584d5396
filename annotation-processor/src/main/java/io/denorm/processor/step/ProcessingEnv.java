package io.denorm.processor.step;

import io.denorm.annotations.Recent;
import io.denorm.processor.backend.Backend;
import io.denorm.processor.diag.Messages;
import io.denorm.processor.model.Dependents;
import io.denorm.processor.generation.SourceFileGenerator;
import io.denorm.processor.model.DaoModel;
import io.denorm.processor.model.DaoModelFactory;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.EntityModelFactory;
import io.denorm.processor.model.InverseLink;
import io.denorm.processor.model.RecentModel;
import io.denorm.processor.model.SnippetHolder;
import io.denorm.processor.validation.DaoMethodValidator;
import io.denorm.processor.validation.EntityValidator;
import io.denorm.processor.validation.ModelingAdvice;
import io.denorm.processor.validation.FinderValidator;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.ServiceLoader;
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
  final EntityValidator entityValidator;
  final EntityValidator.TableRegistry tables = new EntityValidator.TableRegistry();
  final DaoMethodValidator daoValidator;
  /** The backends found on the processor path whose runtime is on the compile classpath. */
  final List<Backend> backends;
  final SourceFileGenerator files;

  /** Per entity: its model when valid, empty when its report had errors. */
  private final Map<String, Optional<EntityModel>> checkedEntities = new HashMap<>();
  final List<EntityModel> validEntities = new ArrayList<>();
  final List<DaoModel> validDaos = new ArrayList<>();
  /**
   * Whether entities were deferred to a later round this round. A DAO is generated only when none
   * is: a deferred entity may hold snippets of the DAO's entity, link to it or keep its recent rows,
   * and the DAO's saves must write to it.
   */
  boolean entitiesPending;

  public ProcessingEnv(ProcessingEnvironment env) {
    this.env = env;
    this.messager = env.getMessager();
    this.entities = new EntityModelFactory(env.getElementUtils(), env.getTypeUtils());
    this.daos = new DaoModelFactory(env.getElementUtils(), env.getTypeUtils(), entities);
    this.entityValidator = new EntityValidator(option(env, MAX_FAN_OUT, ModelingAdvice.DEFAULT_MAX_FAN_OUT));
    this.daoValidator = new DaoMethodValidator(new FinderValidator(env.getTypeUtils(),
        (int) option(env, MAX_PARTITIONS_PER_CALL, ModelingAdvice.DEFAULT_MAX_PARTITIONS_PER_CALL)));
    this.files = new SourceFileGenerator(env.getFiler(), env.getElementUtils());
    this.backends = available(env);
  }

  /** {@code -Adenorm.maxFanOut=N}: the rows one write should rewrite before a snippet is flagged. */
  public static final String MAX_FAN_OUT = "denorm.maxFanOut";
  /** {@code -Adenorm.maxPartitionsPerCall=N}: the partitions one finder call should read before it is flagged. */
  public static final String MAX_PARTITIONS_PER_CALL = "denorm.maxPartitionsPerCall";

  private static long option(ProcessingEnvironment env, String name, long fallback) {
    String v = env.getOptions().get(name);
    if (v == null || v.isBlank()) {
      return fallback;
    }
    try {
      long n = Long.parseLong(v.strip());
      if (n > 0) {
        return n;
      }
    } catch (NumberFormatException ignored) {
      // reported below
    }
    env.getMessager().printMessage(Diagnostic.Kind.WARNING, "[denorm:Option] -A" + name + "=" + v + " is not a positive whole number; using " + fallback);
    return fallback;
  }

  /** The backends listed on the processor path, in name order, whose runtime the compilation can see. */
  private static List<Backend> available(ProcessingEnvironment env) {
    List<Backend> out = new ArrayList<>();
    for (Backend backend : ServiceLoader.load(Backend.class, Backend.class.getClassLoader())) {
      if (env.getElementUtils().getTypeElement(backend.runtimeClass()) != null) {
        out.add(backend);
      }
    }
    out.sort(Comparator.comparing(Backend::name));
    return out;
  }

  /** The fanned-out snippet fields, among the valid entities, that copy {@code source}. */
  List<SnippetHolder> holdersOf(EntityModel source) {
    List<SnippetHolder> out = new ArrayList<>();
    for (EntityModel e : validEntities) {
      for (var ref : e.fannedOutSnippets()) {
        if (ref.targetType().getQualifiedName().contentEquals(source.element().getQualifiedName())) {
          out.add(new SnippetHolder(e, ref));
        }
      }
    }
    return out;
  }

  /** The owning sides, among the valid entities, of the {@code @References} fields of {@code inverse}. */
  List<InverseLink> linksOf(EntityModel inverse) {
    List<InverseLink> out = new ArrayList<>();
    for (EntityModel e : validEntities) {
      for (var index : e.indexes()) {
        if (index.inverse().isPresent() && index.inverse().get().type().getQualifiedName().contentEquals(inverse.element().getQualifiedName())) {
          out.add(new InverseLink(e, index));
        }
      }
    }
    return out;
  }

  /** The {@code @Recent} lists, among the valid entities, whose child is {@code child}. */
  List<RecentModel> recentsOf(EntityModel child) {
    List<RecentModel> out = new ArrayList<>();
    for (EntityModel e : validEntities) {
      for (var c : e.columns()) {
        if (c.isRecent() && EntityModelFactory.same(c.features().recent().of(), child.element())) {
          out.add(new RecentModel(e, c));
        }
      }
    }
    return out;
  }

  /**
   * Generates a valid DAO for every backend it is declared for; false, with the error printed on
   * the DAO, when a generated type's name is taken.
   */
  boolean generateDaos(DaoModel model) {
    Dependents dependents = new Dependents(holdersOf(model.entity()), linksOf(model.entity()), recentsOf(model.entity()));
    try {
      for (Backend backend : backendsOf(model)) {
        backend.generateDao(model, dependents, files);
      }
      return true;
    } catch (SourceFileGenerator.NameTaken taken) {
      reportNameTaken(model.element(), taken);
      return false;
    }
  }

  /**
   * The error for a generated type whose name is taken, on the element it was generated for: by a
   * type Denorm generated for another element, by a type of the sources (a copy of Denorm's own
   * output when it says so), or refused by the Filer for a reason it gives.
   */
  private void reportNameTaken(TypeElement element, SourceFileGenerator.NameTaken taken) {
    String simple = element.getSimpleName().toString();
    String message;
    if (taken.owner() != null) {
      message = Messages.GENERATED_NAME_TAKEN.format(taken.name(), taken.owner().getSimpleName(), simple);
    } else {
      TypeElement existing = env.getElementUtils().getTypeElement(taken.name());
      if (existing == null) {
        message = Messages.GENERATED_FILE_REFUSED.format(taken.name(), simple, taken.getMessage());
      } else if (generatedByDenorm(existing)) {
        message = Messages.GENERATED_NAME_TAKEN_STALE.format(taken.name(), simple);
      } else {
        message = Messages.GENERATED_NAME_TAKEN_SOURCE.format(taken.name(), simple, simple);
      }
    }
    messager.printMessage(Diagnostic.Kind.ERROR, message, element);
  }

  /** Whether {@code type} carries {@code @Generated} naming Denorm's processor. */
  private static boolean generatedByDenorm(TypeElement type) {
    return type.getAnnotationMirrors().stream()
        .filter(a -> a.getAnnotationType().toString().equals("javax.annotation.processing.Generated"))
        .flatMap(a -> a.getElementValues().values().stream())
        .anyMatch(v -> String.valueOf(v.getValue()).contains(SourceFileGenerator.PROCESSOR));
  }

  /** The backends of this compilation that {@code dao} is declared for ({@code @Dao(stores = …)}). */
  List<Backend> backendsOf(DaoModel dao) {
    return backendsOf(dao.element(), backends);
  }

  /** The backends of {@code available} that the {@code @Dao} {@code dao} is declared for. */
  public static List<Backend> backendsOf(javax.lang.model.element.TypeElement dao, List<Backend> available) {
    io.denorm.annotations.Dao annotation = dao.getAnnotation(io.denorm.annotations.Dao.class);
    if (annotation == null) {
      return available;
    }
    java.util.Set<String> stores = new java.util.HashSet<>();
    for (io.denorm.annotations.Store store : annotation.stores()) {
      stores.add(store.name());
    }
    return available.stream().filter(b -> stores.contains(b.name().toUpperCase(java.util.Locale.ROOT))).toList();
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
    for (Backend backend : backends) {
      if (report.isClean()) {
        backend.checkEntity(model, report);
      }
    }
    tables.claim(model, report);
    report.printTo(messager);
    Optional<EntityModel> result = report.isClean() ? Optional.of(model) : Optional.empty();
    checkedEntities.put(name, result);
    if (result.isPresent()) {
      try {
        for (Backend backend : backends) {
          backend.generateEntity(model, files);
        }
      } catch (SourceFileGenerator.NameTaken taken) {
        reportNameTaken(type, taken);
        checkedEntities.put(name, Optional.empty());
        return Optional.empty();
      }
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
