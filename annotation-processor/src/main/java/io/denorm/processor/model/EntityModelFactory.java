package io.denorm.processor.model;

import com.palantir.javapoet.ClassName;
import io.denorm.annotations.Consistency;
import io.denorm.annotations.Count;
import io.denorm.annotations.CountDistinct;
import io.denorm.annotations.Denormalized;
import io.denorm.annotations.Entity;
import io.denorm.annotations.GeoIndex;
import io.denorm.annotations.Index;
import io.denorm.annotations.Indexes;
import io.denorm.annotations.MaterializedPath;
import io.denorm.annotations.NestedSet;
import io.denorm.annotations.Order;
import io.denorm.annotations.ParentId;
import io.denorm.annotations.PartitionKey;
import io.denorm.annotations.Reference;
import io.denorm.annotations.References;
import io.denorm.annotations.Transient;
import io.denorm.annotations.WriteMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Reads an {@link EntityModel} from a type element. It describes what it finds faithfully, broken
 * parts included (duplicate key positions, unmappable types, inaccessible fields); judging them is
 * the validators' job. Models are cached per type for the whole compilation.
 */
public final class EntityModelFactory {

  private final Elements elements;
  private final Types types;
  private final Map<String, EntityModel> cache = new HashMap<>();

  public EntityModelFactory(Elements elements, Types types) {
    this.elements = elements;
    this.types = types;
  }

  public EntityModel of(TypeElement type) {
    return cache.computeIfAbsent(type.getQualifiedName().toString(), k -> read(type));
  }

  /** True when {@code type} or one of its stored fields mentions a type javac has not resolved yet. */
  public boolean hasUnresolvedTypes(TypeElement type) {
    for (VariableElement field : new ColumnReader(elements, types, type).storedFields(type)) {
      if (field.asType().getKind() == TypeKind.ERROR || containsError(field.asType())) {
        return true;
      }
    }
    return false;
  }

  private boolean containsError(TypeMirror type) {
    if (type.getKind() == TypeKind.ERROR) {
      return true;
    }
    if (type instanceof DeclaredType declared) {
      return declared.getTypeArguments().stream().anyMatch(this::containsError);
    }
    return false;
  }

  private EntityModel read(TypeElement type) {
    ColumnReader reader = new ColumnReader(elements, types, type);
    Entity entity = type.getAnnotation(Entity.class);
    String table = entity == null || entity.table().isEmpty() ? Names.snakeCase(type.getSimpleName().toString()) : entity.table();
    boolean isRecord = type.getKind() == ElementKind.RECORD;
    List<ColumnModel> columns = new ArrayList<>();
    List<EntityModel.RecordComponent> components = new ArrayList<>();
    if (isRecord) {
      for (RecordComponentElement component : type.getRecordComponents()) {
        boolean stored = component.getAnnotation(Transient.class) == null;
        components.add(new EntityModel.RecordComponent(component.getSimpleName().toString(), component.asType().toString(), stored));
        if (stored) {
          String name = component.getSimpleName().toString();
          PropertyAccess access = new PropertyAccess(name + "()", PropertyAccess.Write.CONSTRUCTOR, null);
          columns.add(reader.column(component, component.asType(), access));
        }
      }
    } else {
      for (VariableElement field : reader.storedFields(type)) {
        columns.add(reader.column(field, field.asType(), reader.classAccess(type, field)));
      }
    }
    List<ReferenceModel> references = references(columns);
    List<IndexModel> indexes = new ArrayList<>(indexes(type, table, columns));
    geoIndexes(type, columns, indexes);
    parentIndex(table, columns, indexes);
    pathIndex(table, columns, indexes);
    reverseIndexes(table, references, indexes);
    countingIndexes(type, table, references, indexes);
    return new EntityModel(type, ClassName.get(type), table, isRecord, isRecord || reader.hasUsableNoArgConstructor(type), List.copyOf(columns),
        List.copyOf(components), List.copyOf(indexes),
        entity != null && entity.writeMode() == WriteMode.LOGGED_BATCH, salt(type, entity), references, nestedSet(type, columns),
        countDistinct(type, columns), consistency(type));
  }

  /**
   * Adds the reverse index of each fanned-out snippet field (source id → holder) that the entity
   * does not already declare. Fields the validator will reject get none.
   */
  private static void reverseIndexes(String table, List<ReferenceModel> references, List<IndexModel> indexes) {
    for (ReferenceModel ref : references) {
      if (!ref.isSnippet() || !ref.snippet().fanOut() || ref.elementType().isEmpty() || ref.elementType().get().field(ref.field()).isEmpty()) {
        continue;
      }
      if (indexes.stream().noneMatch(i -> i.isReverseIndexOf(ref))) {
        indexes.add(new IndexModel(ref.reverseIndexName(table), List.of(new KeyColumn(ref.column(), true, Order.ASC, ref.field())), 1,
            List.of(), false, null, true, List.of()));
      }
    }
  }

  /**
   * Finds each {@code @Count(of = this entity, by = field)} declared on an entity this one references
   * through {@code field}, and makes an index of this entity by that field feed it: the snippet's
   * reverse index or a declared one-field index when there is one, else a new index
   * {@code <table>_by_<field>}. References the validator will reject feed nothing.
   */
  private void countingIndexes(TypeElement type, String table, List<ReferenceModel> references, List<IndexModel> indexes) {
    for (ReferenceModel ref : references) {
      if (ref.targetType().getKind() != ElementKind.CLASS && ref.targetType().getKind() != ElementKind.RECORD) {
        continue;
      }
      if (!ref.field().isEmpty() && (ref.elementType().isEmpty() || ref.elementType().get().field(ref.field()).isEmpty())) {
        continue;
      }
      if (ref.field().isEmpty() && ref.elementType().isPresent()) {
        continue;
      }
      for (VariableElement f : new ColumnReader(elements, types, ref.targetType()).storedFields(ref.targetType())) {
        Count count = f.getAnnotation(Count.class);
        References inverse = f.getAnnotation(References.class);
        TypeElement of = count != null ? classValue(f, Count.class, "of")
            : classValue(f, References.class, "value");
        String by = count != null ? count.by() : inverse != null ? inverse.mappedBy() : null;
        if (!same(of, type)
            || !ref.column().fieldName().equals(by)
            || inverse != null && !ref.many()) {
          continue;
        }
        CounterModel counter = new CounterModel(ref.targetType(), lazy(ref.targetType()), f.getSimpleName().toString());
        String path = ref.field().isEmpty() ? null : ref.field();
        boolean placed = false;
        for (int i = 0; i < indexes.size() && !placed; i++) {
          IndexModel index = indexes.get(i);
          KeyColumn k = index.key().get(0);
          if (index.key().size() == 1 && !index.unique() && k.source().equals(ref.column()) && Objects.equals(k.path(), path)) {
            if (count != null && !index.counts()) {
              indexes.set(i, index.counting(counter));
            } else if (inverse != null && index.inverse().isEmpty()) {
              indexes.set(i, index.feeding(counter));
            }
            placed = true; // a second count of the same rows is the validator's error on the counting entity
          }
        }
        if (!placed) {
          String name = table + "_by_" + Names.snakeCase(ref.column().fieldName()) + (path == null ? "" : "_" + Names.snakeCase(path));
          indexes.add(new IndexModel(name, List.of(new KeyColumn(ref.column(), ref.many(), Order.ASC, path)), 1, List.of(), false, null, true,
              List.of(), count != null ? Optional.of(counter) : Optional.empty(), count != null ? Optional.empty() : Optional.of(counter),
              Optional.empty()));
        }
      }
    }
  }

  /** The {@code @Reference} fields among {@code columns}; each target's model is read when first asked for. */
  private List<ReferenceModel> references(List<ColumnModel> columns) {
    List<ReferenceModel> out = new ArrayList<>();
    for (ColumnModel c : columns) {
      AnnotationMirror mirror = mirror(c.element(), Reference.class);
      if (mirror == null) {
        continue;
      }
      AnnotationValue value = value(mirror, "value");
      AnnotationValue field = value(mirror, "field");
      if (value == null || !(value.getValue() instanceof DeclaredType target)) {
        continue; // unresolved class: javac reports it
      }
      TypeElement targetType = (TypeElement) target.asElement();
      out.add(new ReferenceModel(c, targetType, lazy(targetType), field == null ? "" : (String) field.getValue(), mirror));
    }
    for (ColumnModel c : columns) {
      AnnotationMirror mirror = mirror(c.element(), Denormalized.class);
      if (mirror == null) {
        continue;
      }
      AnnotationValue source = value(mirror, "source");
      if (source == null || !(source.getValue() instanceof DeclaredType target)) {
        continue;
      }
      Denormalized d = c.element().getAnnotation(Denormalized.class);
      TypeElement sourceType = (TypeElement) target.asElement();
      String key = d.key().isEmpty() ? sourceKeyField(sourceType) : d.key();
      out.add(new ReferenceModel(c, sourceType, lazy(sourceType), key, mirror, new ReferenceModel.Snippet(List.of(d.fields()), d.fanOut())));
    }
    return List.copyOf(out);
  }

  /** The model of {@code type}, read when first asked for (references may form cycles). */
  private Supplier<EntityModel> lazy(TypeElement type) {
    EntityModel[] memo = new EntityModel[1];
    return () -> memo[0] != null ? memo[0] : (memo[0] = of(type));
  }

  /**
   * The name of the source's {@code @PartitionKey} field (the first, if several; on a record the
   * annotation is on the component's field too), or "id" when it has none.
   */
  private String sourceKeyField(TypeElement source) {
    for (VariableElement f : new ColumnReader(elements, types, source).storedFields(source)) {
      if (f.getAnnotation(PartitionKey.class) != null) {
        return f.getSimpleName().toString();
      }
    }
    return "id";
  }

  /** The salt of {@code @Entity(salt = …)}, or null when not given. */
  private static SaltModel salt(TypeElement type, Entity entity) {
    AnnotationMirror mirror = mirror(type, Entity.class);
    AnnotationValue value = value(mirror, "salt");
    if (entity == null || value == null || entity.salt().buckets() == 0 && entity.salt().on().length == 0) {
      return null;
    }
    return new SaltModel(entity.salt().buckets(), List.of(entity.salt().on()), mirror, value);
  }

  private List<IndexModel> indexes(TypeElement type, String table, List<ColumnModel> columns) {
    Index[] declared = type.getAnnotationsByType(Index.class);
    List<AnnotationMirror> mirrors = new ArrayList<>();
    List<Boolean> repeated = new ArrayList<>();
    indexMirrors(type, mirrors, repeated);
    List<IndexModel> out = new ArrayList<>();
    for (int i = 0; i < declared.length; i++) {
      Index index = declared[i];
      List<String> unknown = new ArrayList<>();
      List<KeyColumn> key = new ArrayList<>();
      for (String field : index.key()) {
        int dot = field.indexOf('.');
        ColumnModel c = find(columns, dot < 0 ? field : field.substring(0, dot));
        boolean collection = c != null && (c.type() instanceof ColumnType.ListOf || c.type() instanceof ColumnType.SetOf);
        if (c == null) {
          unknown.add(field);
        } else if (dot < 0) {
          key.add(new KeyColumn(c, collection, Order.ASC));
        } else {
          // skills.name: a field of the embedded elements of a List or Set field
          String path = field.substring(dot + 1);
          ColumnType element = collection ? KeyColumn.elementType(c.type()) : null;
          if (element instanceof ColumnType.Embedded e && e.field(path).isPresent()) {
            key.add(new KeyColumn(c, true, Order.ASC, path));
          } else {
            unknown.add(field);
          }
        }
      }
      List<ColumnModel> include = new ArrayList<>();
      for (String field : index.include()) {
        ColumnModel c = find(columns, field);
        if (c == null) {
          unknown.add(field);
        } else {
          include.add(c);
        }
      }
      String name = !index.name().isEmpty() ? index.name()
          : table + "_by_" + (index.key().length == 0 ? "nothing" : Names.snakeCase(index.key()[0]));
      out.add(new IndexModel(name, List.copyOf(key), index.partition(), List.copyOf(include), index.unique(),
          i < mirrors.size() ? mirrors.get(i) : null, i >= mirrors.size() || repeated.get(i), List.copyOf(unknown)));
    }
    return List.copyOf(out);
  }

  /** The index of the nodes by parent of a {@code @ParentId} field, unless an {@code @Index} keyed by it alone exists. */
  private static void parentIndex(String table, List<ColumnModel> columns, List<IndexModel> indexes) {
    ColumnModel parent = columns.stream().filter(c -> c.element().getAnnotation(ParentId.class) != null).findFirst().orElse(null);
    if (parent == null || indexes.stream().anyMatch(i -> !i.unique() && i.key().size() == 1 && i.key().get(0).source().equals(parent))) {
      return;
    }
    indexes.add(new IndexModel(table + "_by_" + Names.snakeCase(parent.fieldName()), List.of(new KeyColumn(parent, false, Order.ASC)), 1, List.of(),
        false, null, true, List.of()));
  }

  /** The index of the nodes by materialized path: partitioned by the root's id, ordered by path. */
  private static void pathIndex(String table, List<ColumnModel> columns, List<IndexModel> indexes) {
    ColumnModel path = columns.stream().filter(c -> c.element().getAnnotation(MaterializedPath.class) != null).findFirst().orElse(null);
    if (path == null || !path.javaType().toString().equals("java.lang.String") || path.isKey()) {
      return; // the validator reports the field
    }
    String root = path.columnName() + "_root";
    indexes.add(new IndexModel(table + "_by_" + Names.snakeCase(path.fieldName()),
        List.of(new KeyColumn(path, false, Order.ASC, null, new KeyColumn.PathRoot(path, root)), new KeyColumn(path, false, Order.ASC)), 1,
        List.of(), false, null, true, List.of()));
  }

  /** The entity's {@code @GeoIndex}, after its {@code @Index}es. */
  private static void geoIndexes(TypeElement type, List<ColumnModel> columns, List<IndexModel> indexes) {
    GeoIndex geo = type.getAnnotation(GeoIndex.class);
    if (geo == null) {
      return;
    }
    AnnotationMirror mirror = mirror(type, GeoIndex.class);
    ColumnModel lat = find(columns, geo.lat());
    ColumnModel lon = find(columns, geo.lon());
    List<String> unknown = new ArrayList<>();
    if (lat == null) {
      unknown.add(geo.lat());
    }
    if (lon == null) {
      unknown.add(geo.lon());
    }
    GeoModel model = new GeoModel(geo.lat(), lat, geo.lon(), lon, geo.precision(), geo.partitionLength(), mirror);
    indexes.add(IndexModel.geo(geo.name(), model, mirror, List.copyOf(unknown)));
  }

  private static ColumnModel find(List<ColumnModel> columns, String field) {
    for (ColumnModel c : columns) {
      if (c.fieldName().equals(field)) {
        return c;
      }
    }
    return null;
  }

  /** The @Index mirrors in declaration order, written directly or inside the @Indexes container. */
  private static void indexMirrors(TypeElement type, List<AnnotationMirror> mirrors, List<Boolean> repeated) {
    for (AnnotationMirror m : type.getAnnotationMirrors()) {
      String name = ((TypeElement) m.getAnnotationType().asElement()).getQualifiedName().toString();
      if (name.equals(Index.class.getCanonicalName())) {
        mirrors.add(m);
        repeated.add(false);
      } else if (name.equals(Indexes.class.getCanonicalName())) {
        AnnotationValue value = value(m, "value");
        if (value != null) {
          for (Object v : (List<?>) value.getValue()) {
            mirrors.add((AnnotationMirror) ((AnnotationValue) v).getValue());
            repeated.add(true);
          }
        }
      }
    }
  }

  /** The entity's {@code @NestedSet}, its order field resolved among {@code columns}. */
  private static Optional<NestedSetModel> nestedSet(TypeElement type, List<ColumnModel> columns) {
    NestedSet n = type.getAnnotation(NestedSet.class);
    if (n == null) {
      return Optional.empty();
    }
    return Optional.of(new NestedSetModel(n.name(), n.order(), n.order().isEmpty() ? null : find(columns, n.order()), mirror(type, NestedSet.class)));
  }

  /** The entity's {@code @CountDistinct}, its fields resolved among {@code columns}. */
  private static Optional<DistinctModel> countDistinct(TypeElement type, List<ColumnModel> columns) {
    CountDistinct d = type.getAnnotation(CountDistinct.class);
    if (d == null) {
      return Optional.empty();
    }
    return Optional.of(new DistinctModel(d.name(), d.group(), find(columns, d.group()), d.distinct(), find(columns, d.distinct()),
        mirror(type, CountDistinct.class)));
  }

  /** The entity's {@code @Consistency}, or null. */
  private static ConsistencyModel consistency(TypeElement type) {
    Consistency c = type.getAnnotation(Consistency.class);
    return c == null ? null : new ConsistencyModel(c.level(), c.serial(), c.timeoutMillis(), c.executionProfile(), mirror(type, Consistency.class));
  }

  /**
   * The class named by attribute {@code attribute} of {@code annotation} on {@code element} ({@code
   * @Count(of = Book.class)}), or null when the annotation is absent or the class does not resolve
   * (javac reports that).
   */
  public static TypeElement classValue(Element element, Class<?> annotation, String attribute) {
    AnnotationValue v = value(mirror(element, annotation), attribute);
    return v != null && v.getValue() instanceof DeclaredType d ? (TypeElement) d.asElement() : null;
  }

  /** Whether {@code a} and {@code b} are the same class (null: no). */
  public static boolean same(TypeElement a, TypeElement b) {
    return a != null && b != null && a.getQualifiedName().contentEquals(b.getQualifiedName());
  }

  /** The mirror of {@code annotation} on {@code element}, or null. */
  public static AnnotationMirror mirror(Element element, Class<?> annotation) {
    for (AnnotationMirror m : element.getAnnotationMirrors()) {
      if (((TypeElement) m.getAnnotationType().asElement()).getQualifiedName().contentEquals(annotation.getCanonicalName())) {
        return m;
      }
    }
    return null;
  }

  /** The value of {@code name} set explicitly on {@code mirror}, or null when it is defaulted. */
  public static AnnotationValue value(AnnotationMirror mirror, String name) {
    if (mirror == null) {
      return null;
    }
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e : mirror.getElementValues().entrySet()) {
      if (e.getKey().getSimpleName().contentEquals(name)) {
        return e.getValue();
      }
    }
    return null;
  }

}
