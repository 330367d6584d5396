package io.denorm.processor.model;

import io.denorm.annotations.Bucket;
import io.denorm.annotations.ClusteringKey;
import io.denorm.annotations.Column;
import io.denorm.annotations.Count;
import io.denorm.annotations.MaterializedPath;
import io.denorm.annotations.Order;
import io.denorm.annotations.ParentId;
import io.denorm.annotations.PartitionKey;
import io.denorm.annotations.Recent;
import io.denorm.annotations.References;
import io.denorm.annotations.Sequence;
import io.denorm.annotations.Transient;
import io.denorm.annotations.Version;
import io.denorm.processor.diag.Messages;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Reads the stored properties of one entity class or record: which fields are stored, each one's
 * column type (scalars, collections, embedded types, JSON), its key role and feature annotations,
 * and how generated code in the entity's package reads and writes it.
 */
final class ColumnReader {

  private final Elements elements;
  private final Types types;
  /** The entity being read: embedded types are accessed from its package. */
  private final TypeElement owner;

  ColumnReader(Elements elements, Types types, TypeElement owner) {
    this.elements = elements;
    this.types = types;
    this.owner = owner;
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


  ColumnModel column(Element element, TypeMirror javaType, PropertyAccess access) {
    String fieldName = element.getSimpleName().toString();
    Column column = element.getAnnotation(Column.class);
    String columnName = column == null || column.name().isEmpty() ? Names.snakeCase(fieldName) : column.name();
    AnnotationMirror partition = EntityModelFactory.mirror(element, PartitionKey.class);
    AnnotationMirror clustering = EntityModelFactory.mirror(element, ClusteringKey.class);
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
    AnnotationMirror convert = EntityModelFactory.mirror(element, io.denorm.annotations.Convert.class);
    ColumnType type = convert != null ? converted(javaType, convert, column != null && column.json(), fieldName) : columnType(javaType);
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
        count == null ? null : new ColumnFeatures.Counted(EntityModelFactory.classValue(element, Count.class, "of"), count.by()),
        inverse == null ? null : new ColumnFeatures.Inverse(EntityModelFactory.classValue(element, References.class, "value"), inverse.mappedBy()),
        recent == null ? null : new ColumnFeatures.Recent(EntityModelFactory.classValue(element, Recent.class, "of"), recent.by(), recent.limit()),
        sequence == null ? null : new ColumnFeatures.Sequence(sequence.value(), sequence.block()),
        bucket == null ? null : new ColumnFeatures.Bucket(bucket.field(), bucket.size(), bucket.unit()),
        element.getAnnotation(ParentId.class) != null,
        element.getAnnotation(MaterializedPath.class) != null,
        element.getAnnotation(Version.class) != null);
  }

  ColumnType columnType(TypeMirror type) {
    switch (type.getKind()) {
      case BOOLEAN: return new ColumnType.Scalar(ScalarKind.BOOLEAN, true);
      case BYTE: return new ColumnType.Scalar(ScalarKind.BYTE, true);
      case SHORT: return new ColumnType.Scalar(ScalarKind.SHORT, true);
      case INT: return new ColumnType.Scalar(ScalarKind.INT, true);
      case LONG: return new ColumnType.Scalar(ScalarKind.LONG, true);
      case FLOAT: return new ColumnType.Scalar(ScalarKind.FLOAT, true);
      case DOUBLE: return new ColumnType.Scalar(ScalarKind.DOUBLE, true);
      case CHAR: return new ColumnType.Unmappable("char", Messages.UNMAPPABLE_CHAR);
      case ARRAY:
        if (type.toString().equals("byte[]")) {
          return new ColumnType.Scalar(ScalarKind.BLOB, false);
        }
        return new ColumnType.Unmappable(type.toString(), Messages.UNMAPPABLE_ARRAY);
      case DECLARED:
        return declaredType((DeclaredType) type);
      default:
        return new ColumnType.Unmappable(type.toString(), Messages.UNMAPPABLE_KIND);
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
          return new ColumnType.Unmappable(type.toString(), Messages.UNMAPPABLE_RAW_COLLECTION);
        }
        ColumnType element1 = elementType(args.get(0));
        if (element1 instanceof ColumnType.Unmappable u) {
          return u.inside(type.toString(), "its elements cannot be stored: ");
        }
        return name.equals("java.util.List") ? new ColumnType.ListOf(element1) : new ColumnType.SetOf(element1);
      }
      case "java.util.Map": {
        if (args.size() != 2) {
          return new ColumnType.Unmappable(type.toString(), Messages.UNMAPPABLE_RAW_MAP);
        }
        ColumnType key = elementType(args.get(0));
        ColumnType value = elementType(args.get(1));
        if (key instanceof ColumnType.Unmappable u) {
          return u.inside(type.toString(), "its keys cannot be stored: ");
        }
        if (value instanceof ColumnType.Unmappable u) {
          return u.inside(type.toString(), "its values cannot be stored: ");
        }
        if (value instanceof ColumnType.EnumType) {
          return new ColumnType.Unmappable(type.toString(), Messages.UNMAPPABLE_ENUM_MAP_VALUES);
        }
        if (!key.isSingleValue()) {
          return new ColumnType.Unmappable(type.toString(), Messages.UNMAPPABLE_MAP_KEY);
        }
        return new ColumnType.MapOf(key, value);
      }
      default:
        if (name.startsWith("java.util.") && isCollectionLike(type)) {
          return new ColumnType.Unmappable(type.toString(), Messages.UNMAPPABLE_IMPLEMENTATION);
        }
        return new ColumnType.Unmappable(type.toString(), Messages.UNMAPPABLE_UNSUPPORTED);
    }
  }

  private boolean isCollectionLike(DeclaredType type) {
    TypeMirror collection = types.erasure(elements.getTypeElement("java.util.Collection").asType());
    TypeMirror map = types.erasure(elements.getTypeElement("java.util.Map").asType());
    TypeMirror erased = types.erasure(type);
    return types.isAssignable(erased, collection) || types.isAssignable(erased, map);
  }

  private ColumnType elementType(TypeMirror type) {
    if (type instanceof ArrayType array && array.getComponentType().getKind() == TypeKind.BYTE) {
      return new ColumnType.Unmappable(type.toString(), Messages.UNMAPPABLE_BYTES_ELEMENT);
    }
    if (type.getKind() != TypeKind.DECLARED) {
      return new ColumnType.Unmappable(type.toString(), Messages.UNMAPPABLE_PRIMITIVE_ELEMENT);
    }
    return declaredType((DeclaredType) type);
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

  /**
   * The type of a {@code @Convert} field: its converter's stored type, when the converter converts
   * the field's type to a single stored value and generated code can create it.
   */
  private ColumnType converted(TypeMirror javaType, AnnotationMirror convert, boolean json, String fieldName) {
    String shown = javaType.toString();
    if (json) {
      return new ColumnType.Unmappable(shown, Messages.CONVERT_PLACE, "it is also @Column(json = true), which stores the value as JSON text");
    }
    if (javaType.getKind().isPrimitive()) {
      return new ColumnType.Unmappable(shown, Messages.CONVERT_PLACE, "a primitive field cannot hold the null a column may hold; declare it with its box type");
    }
    TypeMirror converterType = (TypeMirror) EntityModelFactory.value(convert, "value").getValue();
    TypeElement converter = (TypeElement) types.asElement(converterType);
    String name = converter.getSimpleName().toString();
    boolean nestedInstance = converter.getNestingKind().isNested() && !converter.getModifiers().contains(Modifier.STATIC);
    if (converter.getKind() != ElementKind.CLASS || !converter.getModifiers().contains(Modifier.PUBLIC) || nestedInstance
        || !hasUsableNoArgConstructor(converter) || ElementFilter.constructorsIn(converter.getEnclosedElements()).stream()
            .noneMatch(c -> c.getParameters().isEmpty() && c.getModifiers().contains(Modifier.PUBLIC))) {
      return new ColumnType.Unmappable(shown, Messages.CONVERT_CONSTRUCTOR, name);
    }
    DeclaredType converterInterface = supertypeNamed(converterType, "io.denorm.Converter");
    if (converterInterface == null || converterInterface.getTypeArguments().size() != 2) {
      return new ColumnType.Unmappable(shown, Messages.CONVERT_TYPE, name, "nothing (a raw Converter)");
    }
    TypeMirror from = converterInterface.getTypeArguments().get(0);
    TypeMirror to = converterInterface.getTypeArguments().get(1);
    TypeMirror field = javaType.getKind().isPrimitive() ? types.boxedClass((javax.lang.model.type.PrimitiveType) javaType).asType() : javaType;
    if (!types.isSameType(from, field)) {
      return new ColumnType.Unmappable(shown, Messages.CONVERT_TYPE, name, from);
    }
    ColumnType stored = to.getKind() == TypeKind.DECLARED || to.getKind() == TypeKind.ARRAY ? columnType(to) : null;
    if (!(stored instanceof ColumnType.Scalar scalar)) {
      return new ColumnType.Unmappable(shown, Messages.CONVERT_STORED, name, to);
    }
    return new ColumnType.Converted(converter.getQualifiedName().toString(), shown, scalar, owner.getSimpleName().toString(), fieldName);
  }

  /** {@code type}'s supertype (itself included) whose erasure is the class {@code name}, with its type arguments as {@code type} gives them. */
  private DeclaredType supertypeNamed(TypeMirror type, String name) {
    java.util.ArrayDeque<TypeMirror> todo = new java.util.ArrayDeque<>(List.of(type));
    while (!todo.isEmpty()) {
      TypeMirror t = todo.poll();
      if (t instanceof DeclaredType d && ((TypeElement) d.asElement()).getQualifiedName().contentEquals(name)) {
        return d;
      }
      todo.addAll(types.directSupertypes(t));
    }
    return null;
  }

  /** The embedded types being read, outermost first: a type met again inside itself is recursive. */
  private final Set<String> embedding = new LinkedHashSet<>();

  private ColumnType embeddedFields(TypeElement element, String name) {
    boolean isRecord = element.getKind() == ElementKind.RECORD;
    if (!isRecord && !hasUsableNoArgConstructor(element)) {
      return new ColumnType.Unmappable(name, Messages.UNMAPPABLE_EMBEDDED_CONSTRUCTOR);
    }
    List<ColumnType.EmbeddedField> fields = new ArrayList<>();
    for (VariableElement field : storedFields(element)) {
      String fieldName = field.getSimpleName().toString();
      if (field.getAnnotation(io.denorm.annotations.Convert.class) != null) {
        return new ColumnType.Unmappable(name, Messages.CONVERT_PLACE,
            "it is on field '" + fieldName + "' of " + element.getSimpleName() + ", which is embedded in the row as a user type");
      }
      ColumnType t = columnType(field.asType());
      if (t instanceof ColumnType.Unmappable u) {
        return u.inside(name, "its field '" + fieldName + "' cannot be stored: ");
      }
      if (t.holdsJson()) {
        return new ColumnType.Unmappable(name, Messages.UNMAPPABLE_EMBEDDED_ATTRIBUTES, fieldName);
      }
      PropertyAccess access = isRecord
          ? new PropertyAccess(fieldName + "()", PropertyAccess.Write.CONSTRUCTOR, null)
          : accessFrom(owner, element, field);
      if (!access.readable() || !access.writable()) {
        return new ColumnType.Unmappable(name, Messages.UNMAPPABLE_EMBEDDED_ACCESS, fieldName, elements.getPackageOf(owner).getQualifiedName());
      }
      fields.add(new ColumnType.EmbeddedField(fieldName, t, field.asType(), access));
    }
    if (fields.isEmpty()) {
      return new ColumnType.Unmappable(name, Messages.UNMAPPABLE_EMBEDDED_EMPTY);
    }
    return new ColumnType.Embedded(name, Names.snakeCase(element.getSimpleName().toString()), isRecord, List.copyOf(fields));
  }

  // ---- access ---------------------------------------------------------------------------------

  PropertyAccess classAccess(TypeElement entity, VariableElement field) {
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

  boolean hasUsableNoArgConstructor(TypeElement type) {
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
