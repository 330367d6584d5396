package io.denorm.processor.model;

import com.palantir.javapoet.ClassName;
import io.denorm.annotations.Bucket;
import io.denorm.annotations.ClusteringKey;
import io.denorm.annotations.Column;
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
import io.denorm.annotations.Recent;
import io.denorm.annotations.Reference;
import io.denorm.annotations.References;
import io.denorm.annotations.Sequence;
import io.denorm.annotations.Transient;
import io.denorm.annotations.Version;
import io.denorm.annotations.WriteMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
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
import javax.lang.model.element.Modifier;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
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
    for (VariableElement field : storedFields(type)) {
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
    owner = type;
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
          columns.add(column(component, component.asType(), access));
        }
      }
    } else {
      for (VariableElement field : storedFields(type)) {
        columns.add(column(field, field.asType(), classAccess(type, field)));
      }
    }
    List<ReferenceModel> references = references(columns);
    List<IndexModel> indexes = new ArrayList<>(indexes(type, table, columns));
    geoIndexes(type, columns, indexes);
    parentIndex(table, columns, indexes);
    pathIndex(table, columns, indexes);
    reverseIndexes(table, references, indexes);
    countingIndexes(type, table, references, indexes);
    return new EntityModel(type, ClassName.get(type), table, isRecord, isRecord || hasUsableNoArgConstructor(type), List.copyOf(columns),
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
      for (VariableElement f : storedFields(ref.targetType())) {
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
            } else if (inverse != null && index.inverse() == null) {
              indexes.set(i, index.feeding(counter));
            }
            placed = true; // a second count of the same rows is the validator's error on the counting entity
          }
        }
        if (!placed) {
          String name = table + "_by_" + Names.snakeCase(ref.column().fieldName()) + (path == null ? "" : "_" + Names.snakeCase(path));
          indexes.add(new IndexModel(name, List.of(new KeyColumn(ref.column(), ref.many(), Order.ASC, path)), 1, List.of(), false, null, true,
              List.of(), count != null ? counter : null, count != null ? null : counter, null));
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
    for (VariableElement f : storedFields(source)) {
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
        List.of(new KeyColumn(path, false, Order.ASC, null, KeyColumn.GeoPart.pathRoot(path, root)), new KeyColumn(path, false, Order.ASC)), 1,
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

  /** Instance fields of the class and its superclasses, minus static, transient and @Transient. */
  List<VariableElement> storedFields(TypeElement type) {
    if (type.getKind() == ElementKind.RECORD) {
      List<VariableElement> fields = new ArrayList<>();
      for (RecordComponentElement c : type.getRecordComponents()) {
        ElementFilter.fieldsIn(type.getEnclosedElements()).stream()
            .filter(f -> f.getSimpleName().equals(c.getSimpleName()))
            .forEach(fields::add);
      }
      return fields;
    }
    List<TypeElement> hierarchy = new ArrayList<>();
    for (TypeElement t = type; t != null && !t.getQualifiedName().contentEquals("java.lang.Object"); t = superclass(t)) {
      hierarchy.add(0, t);
    }
    List<VariableElement> fields = new ArrayList<>();
    for (TypeElement t : hierarchy) {
      for (VariableElement field : ElementFilter.fieldsIn(t.getEnclosedElements())) {
        Set<Modifier> modifiers = field.getModifiers();
        if (modifiers.contains(Modifier.STATIC) || modifiers.contains(Modifier.TRANSIENT) || field.getAnnotation(Transient.class) != null) {
          continue;
        }
        fields.add(field);
      }
    }
    return fields;
  }

  private TypeElement superclass(TypeElement type) {
    TypeMirror superclass = type.getSuperclass();
    return superclass.getKind() == TypeKind.DECLARED ? (TypeElement) types.asElement(superclass) : null;
  }

  /** The entity being read: embedded types are accessed from its package. */
  private TypeElement owner;

  private ColumnModel column(Element element, TypeMirror javaType, PropertyAccess access) {
    String fieldName = element.getSimpleName().toString();
    Column column = element.getAnnotation(Column.class);
    String columnName = column == null || column.name().isEmpty() ? Names.snakeCase(fieldName) : column.name();
    AnnotationMirror partition = mirror(element, PartitionKey.class);
    AnnotationMirror clustering = mirror(element, ClusteringKey.class);
    KeyRole role = KeyRole.REGULAR;
    int position = -1;
    Order order = Order.ASC;
    AnnotationMirror keyAnnotation = null;
    if (partition != null) {
      role = KeyRole.PARTITION;
      position = element.getAnnotation(PartitionKey.class).value();
      keyAnnotation = partition;
      if (element.getAnnotation(Bucket.class) != null) {
        order = Order.DESC; // newest bucket first where keys are ordered (HBase row keys)
      }
    } else if (clustering != null) {
      role = KeyRole.CLUSTERING;
      ClusteringKey ck = element.getAnnotation(ClusteringKey.class);
      position = ck.value();
      order = ck.order();
      keyAnnotation = clustering;
    }
    ColumnType type = columnType(javaType);
    if (column != null && column.json() && !(type instanceof ColumnType.Unmappable)) {
      type = new ColumnType.JsonColumn(type);
    }
    return new ColumnModel(element, fieldName, columnName, javaType, type, role, position, order, keyAnnotation, access, features(element));
  }

  /** The feature annotations of a stored field, each read into its typed part. */
  private static ColumnFeatures features(Element element) {
    Count count = element.getAnnotation(Count.class);
    References inverse = element.getAnnotation(References.class);
    Recent recent = element.getAnnotation(Recent.class);
    Sequence sequence = element.getAnnotation(Sequence.class);
    Bucket bucket = element.getAnnotation(Bucket.class);
    return new ColumnFeatures(
        count == null ? null : new ColumnFeatures.Counted(classValue(element, Count.class, "of"), count.by()),
        inverse == null ? null : new ColumnFeatures.Inverse(classValue(element, References.class, "value"), inverse.mappedBy()),
        recent == null ? null : new ColumnFeatures.Recent(classValue(element, Recent.class, "of"), recent.by(), recent.limit()),
        sequence == null ? null : new ColumnFeatures.Sequence(sequence.value(), sequence.block()),
        bucket == null ? null : new ColumnFeatures.Bucket(bucket.field(), bucket.size(), bucket.unit()),
        element.getAnnotation(ParentId.class) != null,
        element.getAnnotation(MaterializedPath.class) != null,
        element.getAnnotation(Version.class) != null);
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

  // ---- types ----------------------------------------------------------------------------------

  ColumnType columnType(TypeMirror type) {
    switch (type.getKind()) {
      case BOOLEAN: return new ColumnType.Scalar(ScalarKind.BOOLEAN, true);
      case BYTE: return new ColumnType.Scalar(ScalarKind.BYTE, true);
      case SHORT: return new ColumnType.Scalar(ScalarKind.SHORT, true);
      case INT: return new ColumnType.Scalar(ScalarKind.INT, true);
      case LONG: return new ColumnType.Scalar(ScalarKind.LONG, true);
      case FLOAT: return new ColumnType.Scalar(ScalarKind.FLOAT, true);
      case DOUBLE: return new ColumnType.Scalar(ScalarKind.DOUBLE, true);
      case CHAR: return new ColumnType.Unmappable("char", "a char has no CQL type; use String");
      case ARRAY:
        if (type.toString().equals("byte[]")) {
          return new ColumnType.Scalar(ScalarKind.BLOB, false);
        }
        return new ColumnType.Unmappable(type.toString(), "arrays other than byte[] are not stored; use List<…>");
      case DECLARED:
        return declaredType((DeclaredType) type);
      default:
        return new ColumnType.Unmappable(type.toString(), "this kind of type cannot be stored");
    }
  }

  private ColumnType declaredType(DeclaredType type) {
    TypeElement element = (TypeElement) type.asElement();
    String name = element.getQualifiedName().toString();
    if (element.getKind() == ElementKind.ENUM) {
      return new ColumnType.EnumType(name);
    }
    if (name.equals("java.lang.Object")) {
      return new ColumnType.JsonValue();
    }
    if (isEmbeddable(element)) {
      return embedded(element);
    }
    ScalarKind scalar = ScalarKind.ofJavaName(name);
    if (scalar != null) {
      return new ColumnType.Scalar(scalar, false);
    }
    List<? extends TypeMirror> args = type.getTypeArguments();
    switch (name) {
      case "java.util.List":
      case "java.util.Set": {
        if (args.size() != 1) {
          return new ColumnType.Unmappable(type.toString(), "raw collections are not stored; give the element type");
        }
        ColumnType element1 = elementType(args.get(0));
        if (element1 instanceof ColumnType.Unmappable u) {
          return new ColumnType.Unmappable(type.toString(), "its elements cannot be stored: " + u.reason());
        }
        return name.equals("java.util.List") ? new ColumnType.ListOf(element1) : new ColumnType.SetOf(element1);
      }
      case "java.util.Map": {
        if (args.size() != 2) {
          return new ColumnType.Unmappable(type.toString(), "raw maps are not stored; give the key and value types");
        }
        ColumnType key = elementType(args.get(0));
        ColumnType value = elementType(args.get(1));
        if (key instanceof ColumnType.Unmappable u) {
          return new ColumnType.Unmappable(type.toString(), "its keys cannot be stored: " + u.reason());
        }
        if (value instanceof ColumnType.Unmappable u) {
          return new ColumnType.Unmappable(type.toString(), "its values cannot be stored: " + u.reason());
        }
        if (value instanceof ColumnType.EnumType) {
          return new ColumnType.Unmappable(type.toString(), "enum map values are not supported yet; store the names as Map<…, String>");
        }
        if (!key.isSingleValue()) {
          return new ColumnType.Unmappable(type.toString(), "map keys must be single values (String, a number, an enum, …)");
        }
        return new ColumnType.MapOf(key, value);
      }
      default:
        if (name.startsWith("java.util.") && isCollectionLike(type)) {
          return new ColumnType.Unmappable(type.toString(), "declare the field as List<…>, Set<…> or Map<…, …>, not an implementation");
        }
        return new ColumnType.Unmappable(type.toString(),
            "supported: String, primitives and their boxes, BigDecimal, BigInteger, UUID, Instant, LocalDate, LocalTime, byte[], enums, and List/Set/Map of those");
    }
  }

  private boolean isCollectionLike(DeclaredType type) {
    TypeMirror collection = types.erasure(elements.getTypeElement("java.util.Collection").asType());
    TypeMirror map = types.erasure(elements.getTypeElement("java.util.Map").asType());
    TypeMirror erased = types.erasure(type);
    return types.isAssignable(erased, collection) || types.isAssignable(erased, map);
  }

  private ColumnType elementType(TypeMirror type) {
    if (type.getKind() != TypeKind.DECLARED) {
      return new ColumnType.Unmappable(type.toString(), "elements must be reference types");
    }
    ColumnType t = declaredType((DeclaredType) type);
    if (t instanceof ColumnType.Scalar s && s.kind() == ScalarKind.BLOB) {
      return new ColumnType.Unmappable(type.toString(), "byte[] elements are not stored");
    }
    return t;
  }

  /** A class or record of the application (not a JDK type, not an enum) can be embedded. */
  private static boolean isEmbeddable(TypeElement element) {
    String name = element.getQualifiedName().toString();
    return (element.getKind() == ElementKind.CLASS || element.getKind() == ElementKind.RECORD)
        && !name.startsWith("java.") && !name.startsWith("javax.");
  }

  /**
   * An element class stored as a frozen UDT: its fields must be single values, readable and
   * writable from the entity's package, and the class instantiable (a record, or a class with a
   * non-private no-argument constructor).
   */
  private ColumnType embedded(TypeElement element) {
    String name = element.getQualifiedName().toString();
    if (!embedding.add(name)) {
      return new ColumnType.Recursive(name); // a tree: only a JSON column can hold it (the validator says so elsewhere)
    }
    try {
      return embeddedFields(element, name);
    } finally {
      embedding.remove(name);
    }
  }

  /** The embedded types being read, outermost first: a type met again inside itself is recursive. */
  private final Set<String> embedding = new LinkedHashSet<>();

  private ColumnType embeddedFields(TypeElement element, String name) {
    boolean isRecord = element.getKind() == ElementKind.RECORD;
    if (!isRecord && !hasUsableNoArgConstructor(element)) {
      return new ColumnType.Unmappable(name, "an embedded class needs a non-private constructor without parameters, or make it a record");
    }
    List<ColumnType.EmbeddedField> fields = new ArrayList<>();
    for (VariableElement field : storedFields(element)) {
      String fieldName = field.getSimpleName().toString();
      ColumnType t = columnType(field.asType());
      if (t instanceof ColumnType.Unmappable u) {
        return new ColumnType.Unmappable(name, "its field '" + fieldName + "' cannot be stored: " + u.reason());
      }
      if (t.holdsJson()) {
        return new ColumnType.Unmappable(name, "its field '" + fieldName + "' holds Object attribute values, which are stored at the top"
            + " level of an entity for now; declare the attribute bag (Map<String, Object>) on the entity");
      }
      PropertyAccess access = isRecord
          ? new PropertyAccess(fieldName + "()", PropertyAccess.Write.CONSTRUCTOR, null)
          : accessFrom(owner, element, field);
      if (!access.readable() || !access.writable()) {
        return new ColumnType.Unmappable(name, "its field '" + fieldName + "' cannot be read and written from package "
            + elements.getPackageOf(owner).getQualifiedName() + "; make it package-private in that package, public, or add a getter and setter");
      }
      fields.add(new ColumnType.EmbeddedField(fieldName, t, field.asType(), access));
    }
    if (fields.isEmpty()) {
      return new ColumnType.Unmappable(name, "it has no field to store");
    }
    return new ColumnType.Embedded(name, Names.snakeCase(element.getSimpleName().toString()), isRecord, List.copyOf(fields));
  }

  // ---- access ---------------------------------------------------------------------------------

  private PropertyAccess classAccess(TypeElement entity, VariableElement field) {
    return accessFrom(entity, entity, field);
  }

  /** How code in {@code from}'s package reads and writes {@code field} of {@code type}. */
  private PropertyAccess accessFrom(TypeElement from, TypeElement type, VariableElement field) {
    String name = field.getSimpleName().toString();
    boolean fieldVisible = visibleFrom(from, field);
    String read = null;
    if (fieldVisible) {
      read = name;
    } else {
      ExecutableElement getter = accessor(from, type, field, true);
      if (getter != null) {
        read = getter.getSimpleName() + "()";
      }
    }
    if (fieldVisible && !field.getModifiers().contains(Modifier.FINAL)) {
      return new PropertyAccess(read, PropertyAccess.Write.FIELD, name);
    }
    ExecutableElement setter = accessor(from, type, field, false);
    if (setter != null) {
      return new PropertyAccess(read, PropertyAccess.Write.SETTER, setter.getSimpleName().toString());
    }
    return new PropertyAccess(read, PropertyAccess.Write.NONE, null);
  }

  /** Whether code in the entity's package can use {@code member} directly. */
  private boolean visibleFrom(TypeElement entity, Element member) {
    Set<Modifier> m = member.getModifiers();
    if (m.contains(Modifier.PRIVATE)) {
      return false;
    }
    if (m.contains(Modifier.PUBLIC)) {
      return true;
    }
    PackageElement own = elements.getPackageOf(entity);
    return elements.getPackageOf(member).equals(own);
  }

  private ExecutableElement accessor(TypeElement from, TypeElement type, VariableElement field, boolean getter) {
    String cap = Names.capitalize(field.getSimpleName().toString());
    for (ExecutableElement method : ElementFilter.methodsIn(elements.getAllMembers(type))) {
      if (method.getModifiers().contains(Modifier.STATIC) || !visibleFrom(from, method)) {
        continue;
      }
      String name = method.getSimpleName().toString();
      if (getter) {
        boolean named = name.equals("get" + cap) || (name.equals("is" + cap) && field.asType().getKind() == TypeKind.BOOLEAN);
        if (named && method.getParameters().isEmpty() && types.isSameType(method.getReturnType(), field.asType())) {
          return method;
        }
      } else if (name.equals("set" + cap) && method.getParameters().size() == 1
          && types.isSameType(method.getParameters().get(0).asType(), field.asType())) {
        return method;
      }
    }
    return null;
  }

  private boolean hasUsableNoArgConstructor(TypeElement type) {
    if (type.getModifiers().contains(Modifier.ABSTRACT)) {
      return false;
    }
    if (type.getNestingKind().isNested() && !type.getModifiers().contains(Modifier.STATIC)) {
      return false;
    }
    for (ExecutableElement c : ElementFilter.constructorsIn(type.getEnclosedElements())) {
      if (c.getParameters().isEmpty() && !c.getModifiers().contains(Modifier.PRIVATE)) {
        return true;
      }
    }
    return false;
  }
}
