package io.denorm.processor.step;

import io.denorm.annotations.Dao;
import io.denorm.processor.diag.ValidationReport;
import io.denorm.processor.model.DaoModel;
import io.denorm.processor.model.QueryMethodModel;
import java.util.LinkedHashSet;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/** Validates each {@code @Dao} interface and generates its implementations. */
public final class DaoStep implements ProcessingStep {

  private final ProcessingEnv env;

  public DaoStep(ProcessingEnv env) {
    this.env = env;
  }

  @Override
  public Set<String> annotations() {
    return Set.of(Dao.class.getCanonicalName());
  }

  @Override
  public Set<Element> process(Set<? extends Element> elements) {
    if (env.entitiesPending) {
      return new LinkedHashSet<>(elements); // generated once every entity of the compilation is known
    }
    Set<Element> deferred = new LinkedHashSet<>();
    for (Element element : elements) {
      try {
        TypeElement dao = (TypeElement) element;
        ValidationReport shape = env.daoValidator.validateShape(dao);
        if (!shape.isClean()) {
          shape.printTo(env.messager);
          continue;
        }
        if (mentionsUnresolvedTypes(dao)) {
          deferred.add(element);
          continue;
        }
        DaoModel model = env.daos.of(dao);
        if (model.entity() != null && env.checkEntity(model.entity().element()).isEmpty()) {
          continue; // the entity's own errors are reported on the entity
        }
        ValidationReport report = env.daoValidator.validate(model);
        if (report.isClean() && !env.backends.isEmpty() && env.backendsOf(model).isEmpty()) {
          Dao declared = dao.getAnnotation(Dao.class);
          report.error(dao, io.denorm.processor.diag.DaoMessages.DAO_NO_STORE, model.simpleName(),
              declared.stores().length == 0 ? "no store (stores = {})" : java.util.Arrays.toString(declared.stores()),
              env.backends.stream().map(b -> b.name()).toList());
        }
        if (report.isClean()) {
          attributesOfOneStore(dao, model, report);
        }
        if (report.isClean() && model.entity() != null && model.entity().loggedBatch()
            && model.declares(QueryMethodModel.Save.class, QueryMethodModel.SaveAll.class, QueryMethodModel.Delete.class,
                QueryMethodModel.DeleteAll.class)
            && env.backendsOf(model).stream().anyMatch(b -> b.name().equals("HBase"))) {
          report.error(dao, io.denorm.processor.diag.DaoMessages.HBASE_LOGGED_BATCH, model.simpleName(), model.entity().simpleName());
        }
        if (report.isClean() && env.backendsOf(model).stream().anyMatch(b -> b.name().equals("HBase"))) {
          for (QueryMethodModel method : model.methods()) {
            if (method instanceof QueryMethodModel.CqlQuery query) {
              report.error(query.method(), io.denorm.processor.diag.Messages.QUERY_ON_HBASE,
                  query.method().getSimpleName() + "(…)", model.simpleName());
            }
          }
        }
        report.printTo(env.messager);
        if (report.isClean() && env.generateDaos(model)) {
          env.validDaos.add(model);
        }
      } catch (RuntimeException | Error e) {
        env.reportCrash(element, e);
      }
    }
    return deferred;
  }

  /**
   * A setting of {@code @StatementAttributes} that no store the DAO is generated for has: an error
   * on the attribute, instead of a setting silently ignored. A DAO generated for both stores takes
   * each store's settings on that store.
   */
  private void attributesOfOneStore(TypeElement dao, DaoModel model, io.denorm.processor.diag.ValidationReport report) {
    javax.lang.model.element.AnnotationMirror mirror = dao.getAnnotationMirrors().stream()
        .filter(a -> a.getAnnotationType().toString().equals(io.denorm.annotations.StatementAttributes.class.getName())).findFirst().orElse(null);
    if (mirror == null) {
      return;
    }
    // the stores the DAO is declared for, whatever runtimes this compilation has
    java.util.List<io.denorm.annotations.Store> declared = java.util.List.of(dao.getAnnotation(io.denorm.annotations.Dao.class).stores());
    boolean cassandra = declared.contains(io.denorm.annotations.Store.CASSANDRA);
    boolean hbase = declared.contains(io.denorm.annotations.Store.HBASE);
    mirror.getElementValues().forEach((name, value) -> {
      String attribute = name.getSimpleName().toString();
      Object v = value.getValue();
      if ("".equals(v) || Boolean.FALSE.equals(v) || String.valueOf(v).equals("USE_DEFAULT")) {
        return; // a default spelled out keeps the default: nothing of the other store is set
      }
      boolean hbaseOnly = attribute.equals("durability");
      boolean cassandraOnly = java.util.Set.of("consistency", "serialConsistency", "executionProfile", "tracing").contains(attribute);
      if (hbaseOnly && !hbase && cassandra) {
        report.error(dao, mirror, value, io.denorm.processor.diag.DaoMessages.ATTRIBUTE_NOT_CASSANDRA, model.simpleName(), attribute);
      } else if (cassandraOnly && !cassandra && hbase) {
        report.error(dao, mirror, value, io.denorm.processor.diag.DaoMessages.ATTRIBUTE_NOT_HBASE, model.simpleName(), attribute);
      }
    });
  }

  private boolean mentionsUnresolvedTypes(TypeElement dao) {
    for (ExecutableElement m : env.daos.abstractMethods(dao)) {
      if (hasError(m.getReturnType()) || m.getParameters().stream().anyMatch(p -> hasError(p.asType()))) {
        return true;
      }
    }
    return false;
  }

  private static boolean hasError(TypeMirror t) {
    if (t.getKind() == TypeKind.ERROR) {
      return true;
    }
    return t instanceof DeclaredType d && d.getTypeArguments().stream().anyMatch(DaoStep::hasError);
  }

  @Override
  public void finish(Set<? extends Element> stillDeferred) {
    for (Element element : stillDeferred) {
      if (mentionsUnresolvedTypes((TypeElement) element)) {
        Unresolved.report(env, element);
      } // else it waited for an entity that never resolved: that entity's error is reported on it
    }
  }
}
