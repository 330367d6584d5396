package io.denorm.processor.validation;

import io.denorm.processor.diag.Messages;
import io.denorm.processor.diag.ValidationReport;
import io.denorm.processor.model.DaoModel;
import io.denorm.processor.model.QueryMethodModel;
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
      String kind = dao.getKind().toString().toLowerCase(java.util.Locale.ROOT);
      report.error(dao, Messages.DAO_NOT_INTERFACE, kind.equals("class") ? "class" : kind, dao.getSimpleName(), dao.getSimpleName());
    }
    return report;
  }

  public ValidationReport validate(DaoModel dao) {
    ValidationReport report = new ValidationReport();
    if (dao.entity() == null) {
      report.error(dao.element(), Messages.DAO_ENTITY_UNKNOWN, dao.entityProblem());
      return report;
    }
    String entity = dao.entity().simpleName();
    for (QueryMethodModel method : dao.methods()) {
      if (method instanceof QueryMethodModel.Save save) {
        if (save.previousGiven() && dao.entity().materializedPath().isPresent()) {
          report.error(save.method(), Messages.SAVE_SIGNATURE, Signatures.of(save.method()), entity,
              String.join(", ", save.method().getParameters().stream().map(p -> Signatures.simple(p.asType())).toList()),
              Signatures.simple(save.method().getReturnType()) + " (the previous state cannot be given to a save that reads it to move a path: declare save(" + entity + ")");
        } else if (!save.parameterIsEntity() || !save.returnTypeOk()) {
          report.error(save.method(), Messages.SAVE_SIGNATURE, Signatures.of(save.method()), entity,
              String.join(", ", save.method().getParameters().stream().map(p -> Signatures.simple(p.asType())).toList()),
              Signatures.simple(save.method().getReturnType()));
        }
      } else if (method instanceof QueryMethodModel.Delete delete) {
        if (!delete.returnTypeOk()) {
          report.error(delete.method(), Messages.DELETE_SIGNATURE, Signatures.of(delete.method()), Signatures.simple(delete.method().getReturnType()));
        } else if (!delete.byEntity()) {
          finders.validateDelete(dao.entity(), delete, report);
        }
      } else if (method instanceof QueryMethodModel.Load load) {
        if (load.problem() != null) {
          report.error(load.method(), Messages.LOAD_METHOD, Signatures.of(load.method()), load.problem());
        }
      } else if (method instanceof QueryMethodModel.Find find) {
        finders.validateFind(dao.entity(), find, report);
      } else if (method instanceof QueryMethodModel.NestedSetOp op) {
        finders.validateNestedSet(dao.entity(), op, report);
      } else if (method instanceof QueryMethodModel.Descendants d) {
        finders.validateDescendants(dao.entity(), d, report);
      } else if (method instanceof QueryMethodModel.TreeRead t) {
        finders.validateTree(dao.entity(), t, report);
      } else if (method instanceof QueryMethodModel.FindAll fa) {
        finders.validateFindAll(dao.entity(), fa, report);
      } else if (method instanceof QueryMethodModel.DistinctCount dc) {
        finders.validateDistinctCount(dao.entity(), dc, report);
      } else if (method instanceof QueryMethodModel.Geo geo) {
        finders.validateGeo(dao.entity(), geo, report);
      } else if (method instanceof QueryMethodModel.Neighbor neighbor) {
        finders.validateNeighbor(dao.entity(), neighbor, report);
      } else {
        report.error(method.method(), Messages.UNRECOGNIZED_METHOD, Signatures.of(method.method()), entity, entity);
      }
    }
    return report;
  }
}
