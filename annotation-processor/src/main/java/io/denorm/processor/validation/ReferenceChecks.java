package io.denorm.processor.validation;

import static io.denorm.processor.validation.Checks.*;

import io.denorm.annotations.ChangesOften;
import io.denorm.annotations.Entity;
import io.denorm.processor.diag.Messages;
import io.denorm.processor.diag.ValidationReport;
import io.denorm.processor.model.ColumnFeatures;
import io.denorm.processor.model.ColumnModel;
import io.denorm.processor.model.ColumnType;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.Estimates;
import io.denorm.processor.model.KeyColumn;
import io.denorm.processor.model.ReferenceModel;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Checks of references between entities ({@code @Reference}, {@code @Denormalized}) and advice on embedded collections. */
final class ReferenceChecks {
  private ReferenceChecks() {}

  /** The embed-or-reference advice: a warning on each collection that nothing bounds. */
  static void adviseOnCollections(EntityModel entity, ValidationReport report) {
    for (ColumnModel c : entity.columns()) {
      if (c.type() instanceof ColumnType.JsonColumn j && j.inner().isTree()) {
        String tree = j.inner().parts().stream().filter(t -> t instanceof ColumnType.Recursive).map(t -> ((ColumnType.Recursive) t).qualifiedName())
            .map(n -> n.substring(n.lastIndexOf('.') + 1)).findFirst().orElseThrow();
        report.warning(placed(entity, c), c.element(), Messages.TREE_AGGREGATE, c.fieldName(), entity.simpleName(), tree, entity.simpleName(), tree);
      }
    }
    Set<ColumnModel> references = new HashSet<>();
    for (ReferenceModel ref : entity.references()) {
      references.add(ref.column());
      if (ref.many() && !ref.isSnippet()) {
        String kind = ref.column().type() instanceof ColumnType.ListOf ? "List" : "Set";
        String target = ref.targetType().getSimpleName().toString();
        report.warning(placed(entity, ref.column()), ref.column().element(), Messages.REFERENCE_COLLECTION, ref.column().fieldName(), entity.simpleName(), kind, target,
            entity.simpleName(), target);
      }
    }
    for (ColumnModel c : entity.inverseSides()) {
      ColumnFeatures.Inverse inverse = c.features().inverse();
      var other = inverse.of();
      if (other != null) {
        String owner = other.getSimpleName().toString();
        if (Estimates.of(entity.element()) != null || Estimates.of(other) != null) {
          long members = Estimates.rows(other);
          long sides = Estimates.rows(entity.element());
          report.warning(placed(entity, c), c.element(), Messages.UNBOUNDED_INVERSE_ESTIMATED, c.fieldName(), entity.simpleName(), owner,
              inverse.mappedBy(), ModelingAdvice.count((double) members / Math.max(1, sides)), entity.simpleName(), ModelingAdvice.count(members),
              owner, ModelingAdvice.count(sides), entity.simpleName(), owner, entity.simpleName(), owner, owner, inverse.mappedBy());
        } else {
          report.warning(placed(entity, c), c.element(), Messages.UNBOUNDED_INVERSE, c.fieldName(), entity.simpleName(), owner, inverse.mappedBy(),
              entity.simpleName(), owner, inverse.mappedBy());
        }
      }
    }
    for (ColumnModel c : entity.columns()) {
      if (references.contains(c) || c.isRecent() || !c.type().isCollection() || c.type() instanceof ColumnType.MapOf) {
        continue;
      }
      if (KeyColumn.elementType(c.type()) instanceof ColumnType.Embedded e) {
        String element = e.qualifiedName().substring(e.qualifiedName().lastIndexOf('.') + 1);
        String kind = c.type() instanceof ColumnType.ListOf ? "List" : "Set";
        report.warning(placed(entity, c), c.element(), Messages.EMBEDDED_COLLECTION, c.fieldName(), entity.simpleName(), kind, element, entity.simpleName(),
            element, entity.simpleName());
      }
    }
  }

  static void checkReferences(EntityModel entity, ValidationReport report) {
    for (ReferenceModel ref : entity.references()) {
      ColumnModel c = ref.column();
      String target = ref.targetType().getSimpleName().toString();
      String label = ref.isSnippet() ? "@Denormalized" : "@Reference";
      if (ref.isSnippet() && !checkSnippet(entity, ref, report)) {
        continue;
      }
      if (ref.targetType().getAnnotation(Entity.class) == null) {
        report.error(c.element(), Messages.REFERENCE_NOT_ENTITY, label, c.fieldName(), entity.simpleName(), target);
        continue;
      }
      List<ColumnModel> key = ref.target().get().primaryKey();
      if (key.size() != 1) {
        report.error(c.element(), Messages.REFERENCE_COMPOSITE_KEY, label, c.fieldName(), entity.simpleName(), target, key.size(),
            String.join(", ", fieldNames(key)));
        continue;
      }
      ColumnModel targetKey = key.get(0);
      if (!ref.field().isEmpty() && ref.elementType().isEmpty()) {
        report.error(c.element(), Messages.REFERENCE_FIELD_NOT_EMBEDDED, label, c.fieldName(), entity.simpleName(), ref.field());
        continue;
      }
      if (!ref.field().isEmpty() && ref.elementType().get().field(ref.field()).isEmpty()) {
        report.error(c.element(), Messages.REFERENCE_FIELD_UNKNOWN, label, c.fieldName(), entity.simpleName(), ref.field(),
            String.join(", ", ref.elementType().get().fields().stream().map(f -> f.name()).toList()));
        continue;
      }
      ColumnType id = ref.idType();
      if (ref.field().isEmpty() && ref.elementType().isPresent()) {
        report.error(c.element(), Messages.REFERENCE_FIELD_MISSING, label, c.fieldName(), entity.simpleName(), target);
      } else if (id == null || !sameStoredType(id, targetKey.type())) {
        report.error(c.element(), id == null ? Messages.REFERENCE_VALUE_TYPE : Messages.REFERENCE_ID_TYPE, label, c.fieldName(), entity.simpleName(),
            id == null ? c.javaType() : id.cql(), target, targetKey.fieldName(), targetKey.javaType());
      }
    }
  }

  /**
   * The shape of a {@code @Denormalized} field: a List or Set of embedded objects holding the source
   * id and every copied field, of the source's types. Returns whether the reference checks may follow.
   */
  static boolean checkSnippet(EntityModel entity, ReferenceModel ref, ValidationReport report) {
    ColumnModel c = ref.column();
    String source = ref.targetType().getSimpleName().toString();
    if (ref.targetType().getAnnotation(Entity.class) == null) {
      report.error(c.element(), Messages.SNIPPET_NOT_ENTITY, c.fieldName(), entity.simpleName(), source);
      return false;
    }
    if (ref.elementType().isEmpty()) {
      report.error(c.element(), Messages.SNIPPET_TYPE, c.fieldName(), entity.simpleName(), c.javaType(), source);
      return false;
    }
    var element = ref.elementType().get();
    String elementName = element.qualifiedName().substring(element.qualifiedName().lastIndexOf('.') + 1);
    if (element.field(ref.field()).isEmpty()) {
      report.error(c.element(), Messages.SNIPPET_KEY_FIELD, c.fieldName(), entity.simpleName(), elementName, ref.field(), source);
      return false;
    }
    if (ref.snippet().fields().isEmpty()) {
      report.error(c.element(), Messages.SNIPPET_NO_FIELDS, c.fieldName(), entity.simpleName(), source);
      return false;
    }
    EntityModel sourceModel = ref.target().get();
    boolean ok = true;
    for (String f : ref.snippet().fields()) {
      var from = sourceModel.column(f);
      var to = element.field(f);
      if (from.isEmpty()) {
        report.error(c.element(), Messages.SNIPPET_UNKNOWN_FIELD, c.fieldName(), entity.simpleName(), f, source,
            String.join(", ", fieldNames(sourceModel.columns())));
        ok = false;
      } else if (to.isEmpty()) {
        report.error(c.element(), Messages.SNIPPET_MISSING_FIELD, c.fieldName(), entity.simpleName(), f, source, elementName, from.get().javaType());
        ok = false;
      } else if (!to.get().type().equals(from.get().type())) {
        report.error(c.element(), Messages.SNIPPET_FIELD_TYPE, c.fieldName(), entity.simpleName(), f, from.get().javaType(), source,
            to.get().javaType(), elementName);
        ok = false;
      } else if (from.get().element().getAnnotation(ChangesOften.class) != null) {
        report.warning(placed(entity, c), c.element(), Messages.SNIPPET_CHURN, c.fieldName(), entity.simpleName(), source, f, entity.simpleName(), source);
      }
    }
    if (ok && !ref.snippet().fanOut()) {
      report.warning(placed(entity, c), c.element(), Messages.NO_FAN_OUT, c.fieldName(), entity.simpleName(), String.join(", ", ref.snippet().fields()),
          source, entity.simpleName(), source);
    }
    return ok;
  }

  static boolean sameStoredType(ColumnType a, ColumnType b) {
    if (a instanceof ColumnType.Scalar x && b instanceof ColumnType.Scalar y) {
      return x.kind() == y.kind();
    }
    return a.equals(b);
  }
}
