package io.denorm.processor.validation;

import io.denorm.processor.diag.DaoMessages;
import io.denorm.processor.diag.ValidationReport;
import io.denorm.processor.model.ColumnModel;
import io.denorm.processor.model.Criterion;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.QueryMethodModel;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;

/**
 * The checks of methods whose shape maps values onto the entity's fields outside its mapper:
 * projections (records of some fields) and partial updates. Both are generated into the DAO, which
 * may live in another package than the entity, so they also check that the fields, accessors and
 * constructor the generated code uses are reachable from there.
 */
final class WriteShapeChecks {

  private final Types types;
  private final FinderValidator finders;

  WriteShapeChecks(Types types, FinderValidator finders) {
    this.types = types;
    this.finders = finders;
  }

  /**
   * A projection: a record each of whose components is a stored field of the entity (same name), of a
   * type the field's value can be assigned to.
   */
  boolean checkProjection(EntityModel entity, QueryMethodModel.Find find, ValidationReport report) {
    javax.lang.model.element.TypeElement p = find.projection();
    for (javax.lang.model.element.RecordComponentElement c : p.getRecordComponents()) {
      String name = c.getSimpleName().toString();
      var column = entity.column(name);
      if (column.isEmpty()) {
        report.error(find.method(), DaoMessages.PROJECTION_UNKNOWN, p.getSimpleName(), name, entity.simpleName(), Signatures.of(find.method()),
            String.join(", ", entity.columns().stream().map(col -> col.fieldName()).toList()));
        return false;
      }
      if (!types.isAssignable(column.get().javaType(), c.asType())
          || c.asType().getKind().isPrimitive() && !column.get().javaType().getKind().isPrimitive()) { // a null would not unbox
        report.error(find.method(), DaoMessages.PROJECTION_TYPE, p.getSimpleName(), name, Signatures.simple(c.asType()), entity.simpleName(),
            Signatures.simple(column.get().javaType()));
        return false;
      }
      if (!packageOf(find.method()).equals(packageOf(entity.element())) && !reachable(entity, column.get(), false)) {
        report.error(find.method(), DaoMessages.PROJECTION_ACCESS, p.getSimpleName(), name, entity.simpleName(), Signatures.of(find.method()));
        return false;
      }
    }
    return true;
  }

  /** {@code update<Fields>By<Key>}: the whole key, stored fields its saves write, key values then field values. */
  void validateUpdate(EntityModel entity, QueryMethodModel.Update update, ValidationReport report) {
    ExecutableElement m = update.method();
    String sig = Signatures.of(m);
    String name = entity.simpleName();
    if (update.parseProblem() != null) {
      report.error(m, update.parseProblem(), sig);
      return;
    }
    if (!update.shapeOk()) {
      report.error(m, DaoMessages.UPDATE_SIGNATURE, sig, Signatures.simple(m.getReturnType()));
      return;
    }
    if (entity.materializedPath().isPresent() || entity.nestedSet().isPresent()) {
      report.error(m, DaoMessages.UPDATE_TREE, sig, name, entity.materializedPath().isPresent() ? "@MaterializedPath" : "@NestedSet");
      return;
    }
    if (!io.denorm.processor.model.DaoModelFactory.bindsWholeKey(update.criteria(), entity)) {
      report.error(m, DaoMessages.UPDATE_KEY, sig, name, FinderValidator.fields(entity.primaryKey()));
      return;
    }
    String updatable = String.join(", ", entity.columns().stream().filter(WriteShapeChecks::updatable).map(ColumnModel::fieldName).toList());
    for (int i = 0; i < update.fields().size(); i++) {
      ColumnModel c = update.columns().get(i);
      String why = c == null ? "is not a stored field of " + name
          : c.isKey() ? "is part of the key (a row with another key is another row: save it, then delete the old one)"
          : !updatable(c) ? "is kept by Denorm (a count, an inverse side, a recent list, a @Version or a @Sequence)" : null;
      if (why != null) {
        report.error(m, DaoMessages.UPDATE_FIELD, sig, update.fields().get(i), why, name, updatable);
        return;
      }
    }
    List<? extends VariableElement> params = m.getParameters();
    int keys = update.criteria().size();
    boolean ok = params.size() == keys + update.fields().size();
    for (int i = 0; ok && i < update.fields().size(); i++) {
      TypeMirror given = params.get(keys + i).asType();
      TypeMirror column = update.columns().get(i).javaType();
      ok = types.isAssignable(given, column) && !(column.getKind().isPrimitive() && !given.getKind().isPrimitive()); // a null would not unbox
    }
    for (Criterion c : update.criteria()) {
      ok = ok && FinderValidator.expectedType(c) != null && finders.sameBoxed(params.get(c.firstParameter()).asType(), FinderValidator.expectedType(c));
    }
    if (!ok) {
      List<String> expected = new ArrayList<>();
      update.criteria().forEach(c -> expected.add(Signatures.simple(c.column().javaType()) + " " + c.property()));
      update.columns().forEach(c -> expected.add(Signatures.simple(c.javaType()) + " " + c.fieldName()));
      report.error(m, DaoMessages.UPDATE_PARAMETERS, sig, String.join(", ", expected));
      return;
    }
    if (!entity.isRecord() && !packageOf(m).equals(packageOf(entity.element()))) {
      for (ColumnModel c : entity.tableOrder()) {
        if (!reachable(entity, c, true) || !publicNoArgConstructor(entity.element())) {
          report.error(m, DaoMessages.UPDATE_ACCESS, sig, name, c.fieldName());
          return;
        }
      }
    }
  }

  /** Whether an update may set {@code c}: a stored non-key field that saves write and Denorm does not assign. */
  private static boolean updatable(ColumnModel c) {
    return !c.isKey() && !c.isMaintained() && !c.features().version() && c.features().sequence() == null;
  }

  /** Whether code in another package can read (and, with {@code write}, write) {@code c} as generated code does. */
  private static boolean reachable(EntityModel entity, ColumnModel c, boolean write) {
    var access = c.access();
    if (access.read() == null || !(access.read().endsWith(")") ? publicMethod(entity.element(), access.read()) : isPublic(c.element()))) {
      return false;
    }
    if (!write) {
      return true;
    }
    return access.writeKind() == io.denorm.processor.model.PropertyAccess.Write.FIELD ? isPublic(c.element())
        : publicMethod(entity.element(), access.write());
  }

  private static boolean isPublic(javax.lang.model.element.Element e) {
    return e.getModifiers().contains(javax.lang.model.element.Modifier.PUBLIC);
  }

  /** Whether {@code type} (or a supertype) has a public method named as {@code call} ({@code "getName()"} or {@code "setName"}). */
  private static boolean publicMethod(javax.lang.model.element.TypeElement type, String call) {
    String name = call.contains("(") ? call.substring(0, call.indexOf('(')) : call;
    for (javax.lang.model.element.Element e = type; e instanceof javax.lang.model.element.TypeElement t;
        e = t.getSuperclass() instanceof javax.lang.model.type.DeclaredType d ? d.asElement() : null) {
      for (ExecutableElement method : javax.lang.model.util.ElementFilter.methodsIn(t.getEnclosedElements())) {
        if (method.getSimpleName().contentEquals(name) && isPublic(method)) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean publicNoArgConstructor(javax.lang.model.element.TypeElement type) {
    return javax.lang.model.util.ElementFilter.constructorsIn(type.getEnclosedElements()).stream()
        .anyMatch(c -> c.getParameters().isEmpty() && isPublic(c));
  }

  private static String packageOf(javax.lang.model.element.Element e) {
    javax.lang.model.element.Element at = e;
    while (at != null && !(at instanceof javax.lang.model.element.PackageElement)) {
      at = at.getEnclosingElement();
    }
    return at == null ? "" : ((javax.lang.model.element.PackageElement) at).getQualifiedName().toString();
  }
}
