package io.denorm.processor.validation;

import io.denorm.processor.diag.DaoMessages;
import io.denorm.processor.diag.Message;
import io.denorm.processor.diag.Messages;
import io.denorm.processor.diag.ValidationReport;
import io.denorm.processor.model.DaoModel;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.QueryMethodModel;
import java.util.Locale;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;

/**
 * Checks the DAO as a whole (an interface serving one entity) and the methods that are not finders:
 * save and delete signatures, and methods of no known kind. Finders and the criteria of deletes go
 * to {@link FinderValidator}.
 */
public final class DaoMethodValidator {

  private final FinderValidator finders;

  public DaoMethodValidator(FinderValidator finders) {
    this.finders = finders;
  }

  /** Checks done before a model is read: @Dao on something that is not an interface. */
  public ValidationReport validateShape(TypeElement dao) {
    ValidationReport report = new ValidationReport();
    if (dao.getKind() != ElementKind.INTERFACE) {
      String kind = dao.getKind().toString().toLowerCase(Locale.ROOT);
      report.error(dao, DaoMessages.DAO_NOT_INTERFACE, kind.equals("class") ? "class" : kind, dao.getSimpleName(), dao.getSimpleName());
    }
    return report;
  }

  public ValidationReport validate(DaoModel dao) {
    ValidationReport report = new ValidationReport();
    if (dao.entity() == null) {
      report.error(dao.element(), dao.entityProblem());
      return report;
    }
    javax.lang.model.element.AnnotationMirror attributes = dao.element().getAnnotationMirrors().stream()
        .filter(a -> a.getAnnotationType().toString().equals(io.denorm.annotations.StatementAttributes.class.getName())).findFirst().orElse(null);
    if (attributes != null) {
      io.denorm.annotations.StatementAttributes a = dao.element().getAnnotation(io.denorm.annotations.StatementAttributes.class);
      AttributeChecks.check(dao.element(), attributes, dao.simpleName(),
          new String[] {a.consistency(), "consistency", a.serialConsistency(), "serialConsistency"}, a.timeoutMillis(), report);
    }
    MethodChecks checks = new MethodChecks(dao, report);
    for (QueryMethodModel method : dao.methods()) {
      method.accept(checks);
    }
    return report;
  }

  /** The checks of each kind of method; a kind added to {@link QueryMethodModel} without one does not compile. */
  private final class MethodChecks implements QueryMethodModel.Visitor<Void> {

    private final DaoModel dao;
    private final EntityModel entity;
    private final ValidationReport report;

    MethodChecks(DaoModel dao, ValidationReport report) {
      this.dao = dao;
      this.entity = dao.entity();
      this.report = report;
    }

    @Override
    public Void visitWithAttributes(QueryMethodModel.WithAttributes with) {
      if (!with.shapeOk()) {
        report.error(with.method(), DaoMessages.WITH_ATTRIBUTES_SIGNATURE, Signatures.of(with.method()), dao.simpleName(),
            String.join(", ", with.method().getParameters().stream().map(p -> Signatures.simple(p.asType())).toList()),
            Signatures.simple(with.method().getReturnType()));
      }
      return null;
    }

    @Override
    public Void visitSave(QueryMethodModel.Save save) {
      String name = entity.simpleName();
      String parameters = String.join(", ", save.method().getParameters().stream().map(p -> Signatures.simple(p.asType())).toList());
      if (save.insert()) {
        if (!save.parameterIsEntity() || !save.returnTypeOk()) {
          report.error(save.method(), DaoMessages.INSERT_SIGNATURE, Signatures.of(save.method()), name, parameters,
              Signatures.simple(save.method().getReturnType()));
        } else if (entity.materializedPath().isPresent()) {
          report.error(save.method(), DaoMessages.INSERT_PATH, Signatures.of(save.method()), name);
        }
      } else if (save.previousGiven() && entity.materializedPath().isPresent()) {
        report.error(save.method(), DaoMessages.SAVE_SIGNATURE_PATH, Signatures.of(save.method()), name, parameters,
            Signatures.simple(save.method().getReturnType()));
      } else if (!save.parameterIsEntity() || !save.returnTypeOk()) {
        report.error(save.method(), DaoMessages.SAVE_SIGNATURE, Signatures.of(save.method()), name, parameters, Signatures.simple(save.method().getReturnType()));
      }
      return null;
    }

    @Override
    public Void visitSaveAll(QueryMethodModel.SaveAll saveAll) {
      bulk(saveAll.method(), saveAll.shapeOk(), DaoMessages.SAVE_ALL_SIGNATURE, DaoMessages.SAVE_ALL_TREE);
      return null;
    }

    @Override
    public Void visitDeleteAll(QueryMethodModel.DeleteAll deleteAll) {
      bulk(deleteAll.method(), deleteAll.shapeOk(), DaoMessages.DELETE_ALL_SIGNATURE, DaoMessages.DELETE_ALL_TREE);
      return null;
    }

    /** {@code saveAll} / {@code deleteAll}: one iterable of the entity, returning nothing; not for tree entities. */
    private void bulk(javax.lang.model.element.ExecutableElement method, boolean shapeOk, Message signature, Message tree) {
      String name = entity.simpleName();
      if (!shapeOk) {
        String parameters = String.join(", ", method.getParameters().stream().map(p -> Signatures.simple(p.asType())).toList());
        report.error(method, signature, Signatures.of(method), name, parameters, Signatures.simple(method.getReturnType()));
      } else if (entity.materializedPath().isPresent() || entity.nestedSet().isPresent()) {
        report.error(method, tree, Signatures.of(method), name, entity.materializedPath().isPresent() ? "@MaterializedPath" : "@NestedSet");
      }
    }

    @Override
    public Void visitUpdate(QueryMethodModel.Update update) {
      finders.validateUpdate(entity, update, report);
      return null;
    }

    @Override
    public Void visitCqlQuery(QueryMethodModel.CqlQuery query) {
      if (query.shape() == null) {
        report.error(query.method(), Messages.QUERY_SHAPE, Signatures.of(query.method()), Signatures.simple(query.method().getReturnType()),
            entity.simpleName());
      } else if (query.problem() != null) {
        report.error(query.method(), query.problem(), Signatures.of(query.method()));
      }
      return null;
    }

    @Override
    public Void visitDeleteRange(QueryMethodModel.DeleteRange delete) {
      if (!delete.shapeOk()) {
        report.error(delete.method(), DaoMessages.DELETE_RANGE_SIGNATURE, Signatures.of(delete.method()), entity.simpleName(),
            Signatures.simple(delete.method().getReturnType()));
      } else {
        // (a tree's key is one column: nothing but the whole key can be bound, so a tree has no key range)
        finders.validateDeleteRange(entity, delete, report);
      }
      return null;
    }

    @Override
    public Void visitDelete(QueryMethodModel.Delete delete) {
      if (!delete.returnTypeOk()) {
        report.error(delete.method(), DaoMessages.DELETE_SIGNATURE, Signatures.of(delete.method()), Signatures.simple(delete.method().getReturnType()));
      } else if (!delete.byEntity()) {
        finders.validateDelete(entity, delete, report);
      }
      return null;
    }

    @Override
    public Void visitLoad(QueryMethodModel.Load load) {
      if (load.problem() != null) {
        report.error(load.method(), load.problem(), Signatures.of(load.method()));
      }
      return null;
    }

    @Override
    public Void visitFind(QueryMethodModel.Find find) {
      finders.validateFind(entity, find, report);
      return null;
    }

    @Override
    public Void visitNestedSetOp(QueryMethodModel.NestedSetOp op) {
      finders.validateNestedSet(entity, op, report);
      return null;
    }

    @Override
    public Void visitDescendants(QueryMethodModel.Descendants descendants) {
      finders.validateDescendants(entity, descendants, report);
      return null;
    }

    @Override
    public Void visitTreeRead(QueryMethodModel.TreeRead read) {
      finders.validateTree(entity, read, report);
      return null;
    }

    @Override
    public Void visitFindAll(QueryMethodModel.FindAll findAll) {
      finders.validateFindAll(entity, findAll, report);
      return null;
    }

    @Override
    public Void visitCount(QueryMethodModel.Count count) {
      finders.validateCount(entity, count, report);
      return null;
    }

    @Override
    public Void visitDistinctCount(QueryMethodModel.DistinctCount count) {
      finders.validateDistinctCount(entity, count, report);
      return null;
    }

    @Override
    public Void visitGeo(QueryMethodModel.Geo geo) {
      finders.validateGeo(entity, geo, report);
      return null;
    }

    @Override
    public Void visitNeighbor(QueryMethodModel.Neighbor neighbor) {
      finders.validateNeighbor(entity, neighbor, report);
      return null;
    }

    @Override
    public Void visitUnrecognized(QueryMethodModel.Unrecognized method) {
      report.error(method.method(), DaoMessages.UNRECOGNIZED_METHOD, Signatures.of(method.method()), entity.simpleName(), entity.simpleName());
      return null;
    }
  }
}
