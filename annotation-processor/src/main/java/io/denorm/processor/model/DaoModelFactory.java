package io.denorm.processor.model;

import com.palantir.javapoet.ClassName;
import io.denorm.annotations.Entity;
import io.denorm.annotations.Transient;
import io.denorm.processor.diag.DaoMessages;
import io.denorm.processor.diag.Problem;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/** Reads a {@link DaoModel} from a {@code @Dao} interface. */
public final class DaoModelFactory {

  /**
   * {@code find[<Words>][First[N]][<Words>]By…}: the words (a name for what is returned, e.g. {@code
   * findSummariesBy…}) are ignored; none may start with By, First, or Spring Data's Top and Distinct,
   * whose meanings Denorm does not give them.
   */
  private static final Pattern FIND = Pattern.compile("find(?:(?!By|First|Top|Distinct)[A-Z][a-z0-9]*)*?(First(\\d*))?(?:(?!By|First|Top|Distinct)[A-Z][a-z0-9]*)*?By(.*)");
  private static final Pattern FIND_IDS = Pattern.compile("findIdsBy(.*)");
  /** A trailing {@code OrderBy<Property>Asc|Desc} of a finder's criteria. */
  private static final Pattern ORDER_BY = Pattern.compile("(.+?)OrderBy([A-Z]\\w*?)(Asc|Desc)");
  private static final Pattern DELETE = Pattern.compile("delete(?:All)?By(.*)");
  private static final Pattern COUNT = Pattern.compile("(count|exists)By(.*)");
  private static final Pattern UPDATE = Pattern.compile("update([A-Z]\\w*?)By([A-Z]\\w*)");

  public static final String PAGE = "io.denorm.Page";
  public static final String PAGE_REQUEST = "io.denorm.PageRequest";
  public static final String ATTRIBUTES = "io.denorm.Attributes";
  private static final String COMPLETION_STAGE = "java.util.concurrent.CompletionStage";
  private static final String FLOW_PUBLISHER = "java.util.concurrent.Flow.Publisher";

  private final Elements elements;
  private final Types types;
  private final EntityModelFactory entities;

  public DaoModelFactory(Elements elements, Types types, EntityModelFactory entities) {
    this.elements = elements;
    this.types = types;
    this.entities = entities;
  }

  /** The abstract methods Denorm has to implement, inherited ones included. */
  public List<ExecutableElement> abstractMethods(TypeElement dao) {
    return ElementFilter.methodsIn(elements.getAllMembers(dao)).stream()
        .filter(m -> m.getModifiers().contains(Modifier.ABSTRACT))
        .filter(m -> m.getEnclosingElement().getKind() == ElementKind.INTERFACE)
        .toList();
  }

  public DaoModel of(TypeElement dao) {
    List<ExecutableElement> methods = abstractMethods(dao);
    Set<TypeElement> candidates = new LinkedHashSet<>();
    for (ExecutableElement m : methods) {
      mentionedEntity(m).ifPresent(candidates::add);
    }
    EntityModel entity = null;
    Problem problem = null;
    if (candidates.size() == 1) {
      entity = entities.of(candidates.iterator().next());
    } else if (candidates.isEmpty()) {
      problem = Problem.of(DaoMessages.DAO_ENTITY_UNKNOWN, dao.getSimpleName());
    } else {
      problem = Problem.of(DaoMessages.DAO_SEVERAL_ENTITIES, dao.getSimpleName(),
          String.join(", ", candidates.stream().map(t -> t.getSimpleName().toString()).toList()));
    }
    List<QueryMethodModel> models = new ArrayList<>();
    if (entity != null) {
      for (ExecutableElement m : methods) {
        models.add(m.getSimpleName().contentEquals("withAttributes") ? withAttributes(m, dao) : method(m, entity));
      }
    }
    return new DaoModel(dao, ClassName.get(dao), entity, problem, List.copyOf(models));
  }

  /** {@code withAttributes}: one {@code io.denorm.Attributes} in, the DAO interface out. */
  private QueryMethodModel withAttributes(ExecutableElement m, TypeElement dao) {
    boolean shapeOk = m.getParameters().size() == 1 && isType(m.getParameters().get(0).asType(), ATTRIBUTES)
        && types.isSameType(types.erasure(m.getReturnType()), types.erasure(dao.asType()));
    return new QueryMethodModel.WithAttributes(m, shapeOk);
  }

  private Optional<TypeElement> mentionedEntity(ExecutableElement m) {
    String name = m.getSimpleName().toString();
    if (name.startsWith("load")) {
      return Optional.empty(); // returns the referenced entity, not the one served
    }
    if ((name.startsWith("save") || name.startsWith("insert") || name.startsWith("delete")) && m.getParameters().size() == 1) {
      TypeMirror param = m.getParameters().get(0).asType();
      TypeElement t = asEntity(iterableElement(param) != null ? iterableElement(param) : param);
      if (t != null) {
        return Optional.of(t);
      }
    }
    TypeMirror returned = unwrap(m.getReturnType(), COMPLETION_STAGE);
    for (String wrapper : List.of("java.util.Optional", "java.util.List", "java.util.stream.Stream", PAGE)) {
      TypeMirror element = unwrap(returned, wrapper);
      if (element != returned) {
        TypeElement t = asEntity(element);
        if (t != null) {
          return Optional.of(t);
        }
      }
    }
    return Optional.empty();
  }

  private TypeElement asEntity(TypeMirror type) {
    if (type.getKind() != TypeKind.DECLARED) {
      return null;
    }
    TypeElement element = (TypeElement) ((DeclaredType) type).asElement();
    return element.getAnnotation(Entity.class) != null ? element : null;
  }

  private QueryMethodModel method(ExecutableElement m, EntityModel entity) {
    String name = m.getSimpleName().toString();
    boolean async = isType(erasure(m.getReturnType()), COMPLETION_STAGE);
    String baseName = async && name.endsWith("Async") ? name.substring(0, name.length() - "Async".length()) : name;
    boolean insert = name.startsWith("insert");
    io.denorm.annotations.Query query = m.getAnnotation(io.denorm.annotations.Query.class);
    if (query != null) {
      TypeMirror returned = async ? unwrap(m.getReturnType(), COMPLETION_STAGE) : m.getReturnType();
      // a publisher is a finder's shape only (a @Query method returns Optional, List or Stream)
      ReturnShape shape = isType(erasure(returned), FLOW_PUBLISHER) ? null : shape(returned, entity, async, null);
      CqlQueryParser.Result parsed = new CqlQueryParser(types).parse(query.value(), m, entity);
      return new QueryMethodModel.CqlQuery(m, query.value(), shape == ReturnShape.PAGE ? null : shape, async, parsed.where(), parsed.order(),
          parsed.limit(), parsed.markers(), parsed.problem());
    }
    if ((baseName.equals("saveAll") || baseName.equals("deleteAll")) && m.getParameters().size() == 1
        && iterableElement(m.getParameters().get(0).asType()) != null) {
      TypeMirror element = iterableElement(m.getParameters().get(0).asType());
      boolean returnOk = async ? isVoidStage(m.getReturnType()) : m.getReturnType().getKind() == TypeKind.VOID;
      boolean shapeOk = returnOk && isEntity(element, entity);
      return baseName.equals("saveAll") ? new QueryMethodModel.SaveAll(m, async, shapeOk) : new QueryMethodModel.DeleteAll(m, async, shapeOk);
    }
    if (name.startsWith("save") || insert) {
      List<? extends VariableElement> ps = m.getParameters();
      boolean paramIsEntity = (ps.size() == 1 || (ps.size() == 2 && !insert)) && ps.stream().allMatch(p -> isEntity(p.asType(), entity));
      boolean returnsEntity = isEntity(async ? unwrap(m.getReturnType(), COMPLETION_STAGE) : m.getReturnType(), entity)
          && (!async || unwrap(m.getReturnType(), COMPLETION_STAGE) != m.getReturnType());
      boolean returnOk = returnsEntity || (async ? isVoidStage(m.getReturnType()) : m.getReturnType().getKind() == TypeKind.VOID);
      return new QueryMethodModel.Save(m, async, paramIsEntity, returnOk, ps.size() == 2 && !insert, returnsEntity, insert);
    }
    if (entity.countDistinct().isPresent()) {
      DistinctModel d = entity.countDistinct().get();
      if (baseName.equals(d.readMethod()) || baseName.equals(d.recountMethod())) {
        return new QueryMethodModel.DistinctCount(m, async, baseName.equals(d.recountMethod()), d);
      }
    }
    for (QueryMethodModel.NestedSetOp.Kind kind : QueryMethodModel.NestedSetOp.Kind.values()) {
      if (baseName.equals(kind.methodName())) {
        return new QueryMethodModel.NestedSetOp(m, async, kind, nestedSetReturnOk(m, kind, entity, async));
      }
    }
    if (baseName.equals("findDescendants")) {
      return new QueryMethodModel.Descendants(m, async, returnsEntityIn(m, "java.util.List", entity, async));
    }
    if (baseName.equals("findChildren") || baseName.equals("findSubtree")) {
      return new QueryMethodModel.TreeRead(m, async, baseName.equals("findSubtree"), returnsEntityIn(m, "java.util.List", entity, async));
    }
    if (baseName.equals("findNear") || baseName.equals("findWithin")) {
      return new QueryMethodModel.Geo(m, async, baseName.equals("findNear"), returnsEntityIn(m, "java.util.List", entity, async));
    }
    if (baseName.equals("findPrevious") || baseName.equals("findNext")) {
      return new QueryMethodModel.Neighbor(m, async, baseName.equals("findPrevious"), returnsEntityIn(m, "java.util.Optional", entity, async));
    }
    if (baseName.equals("findAllById")) {
      boolean paramOk = m.getParameters().size() == 1 && isType(erasure(m.getParameters().get(0).asType()), "java.util.Collection");
      return new QueryMethodModel.FindAll(m, async, returnsEntityIn(m, "java.util.List", entity, async) && paramOk);
    }
    Matcher ids = FIND_IDS.matcher(baseName);
    Matcher find = ids.matches() ? ids : FIND.matcher(baseName);
    if (find.matches()) {
      boolean idsOnly = find == ids;
      int limit = idsOnly || find.group(1) == null ? 0 : find.group(2).isEmpty() ? 1 : parseLimit(find.group(2));
      String criteriaPart = find.group(idsOnly ? 1 : 3);
      String orderBy = null;
      boolean ascending = false;
      Matcher order = ORDER_BY.matcher(criteriaPart);
      if (order.matches()) {
        criteriaPart = order.group(1);
        orderBy = Names.decapitalize(order.group(2));
        ascending = order.group(3).equals("Asc");
      }
      FinderNameParser.Result parsed = parser(entity).parse(criteriaPart);
      TypeMirror returned = async ? unwrap(m.getReturnType(), COMPLETION_STAGE) : m.getReturnType();
      TypeElement projection = idsOnly ? null : projection(returned, entity);
      ReturnShape shape = idsOnly ? idShape(returned, entity, async) : shape(returned, entity, async, projection);
      int pageParam = -1;
      List<? extends VariableElement> params = m.getParameters();
      for (int i = 0; i < params.size(); i++) {
        if (isType(params.get(i).asType(), PAGE_REQUEST)) {
          pageParam = i;
        }
      }
      boolean publisher = !async && !idsOnly && isType(erasure(returned), FLOW_PUBLISHER);
      return new QueryMethodModel.Find(m, shape, async, limit, parsed.criteria(), parsed.problem(), pageParam, orderBy, ascending, idsOnly,
          projection, publisher);
    }
    Matcher count = COUNT.matcher(baseName);
    if (count.matches()) {
      boolean exists = count.group(1).equals("exists");
      FinderNameParser.Result parsed = parser(entity).parse(count.group(2));
      TypeMirror returned = async ? unwrap(m.getReturnType(), COMPLETION_STAGE) : m.getReturnType();
      boolean returnOk = async ? returned != m.getReturnType() && isType(returned, exists ? "java.lang.Boolean" : "java.lang.Long")
          : returned.getKind() == (exists ? TypeKind.BOOLEAN : TypeKind.LONG);
      return new QueryMethodModel.Count(m, async, exists, parsed.criteria(), parsed.problem(), returnOk);
    }
    Matcher update = UPDATE.matcher(baseName);
    if (update.matches()) {
      List<String> fields = java.util.Arrays.stream(update.group(1).split("And(?=[A-Z])")).map(Names::decapitalize).toList();
      List<ColumnModel> columns = fields.stream().map(f -> entity.column(f).orElse(null)).toList();
      FinderNameParser.Result parsed = parser(entity).parse(update.group(2));
      TypeMirror r = async ? unwrap(m.getReturnType(), COMPLETION_STAGE) : m.getReturnType();
      boolean existed = async ? isType(r, "java.lang.Boolean") : r.getKind() == TypeKind.BOOLEAN;
      boolean shapeOk = existed || (async ? r != m.getReturnType() && isType(r, "java.lang.Void") : r.getKind() == TypeKind.VOID);
      return new QueryMethodModel.Update(m, async, fields, java.util.Collections.unmodifiableList(new ArrayList<>(columns)), parsed.criteria(),
          parsed.problem(), existed, shapeOk);
    }
    if (baseName.equals("delete") && m.getParameters().size() == 1 && isEntity(m.getParameters().get(0).asType(), entity)) {
      return delete(m, true, null, null, async);
    }
    Matcher delete = DELETE.matcher(baseName);
    if (delete.matches()) {
      FinderNameParser.Result parsed = parser(entity).parse(delete.group(1));
      boolean oneRow = m.getReturnType().getKind() == TypeKind.BOOLEAN || isType(unwrap(m.getReturnType(), COMPLETION_STAGE), "java.lang.Boolean");
      if (parsed.problem() == null && !oneRow && !bindsWholeKey(parsed.criteria(), entity)) {
        boolean counted = m.getReturnType().getKind() == TypeKind.LONG;
        return new QueryMethodModel.DeleteRange(m, parsed.criteria(), counted, !async && (counted || m.getReturnType().getKind() == TypeKind.VOID));
      }
      return delete(m, false, parsed.criteria(), parsed.problem(), async);
    }
    if (baseName.startsWith("load") && baseName.length() > 4 && m.getParameters().size() == 1 && isEntity(m.getParameters().get(0).asType(), entity)) {
      return load(m, entity, async, Names.decapitalize(baseName.substring(4)));
    }
    return new QueryMethodModel.Unrecognized(m);
  }

  /**
   * {@code load<Field>(E)}: the reference is the field named by the suffix, else the only one
   * whose target is the type returned.
   */
  private QueryMethodModel load(ExecutableElement m, EntityModel entity, boolean async, String suffix) {
    TypeMirror returned = async ? unwrap(m.getReturnType(), COMPLETION_STAGE) : m.getReturnType();
    QueryMethodModel.LoadShape shape = null;
    TypeMirror rowType = null;
    if (returned.getKind() == TypeKind.DECLARED) {
      DeclaredType d = (DeclaredType) returned;
      String raw = ((TypeElement) d.asElement()).getQualifiedName().toString();
      List<? extends TypeMirror> args = d.getTypeArguments();
      if (raw.equals("java.util.Map") && args.size() == 2) {
        shape = QueryMethodModel.LoadShape.MAP;
        rowType = args.get(1);
      } else if (raw.equals("java.util.List") && args.size() == 1) {
        shape = QueryMethodModel.LoadShape.LIST;
        rowType = args.get(0);
      } else if (raw.equals("java.util.Optional") && args.size() == 1) {
        shape = QueryMethodModel.LoadShape.OPTIONAL;
        rowType = args.get(0);
      }
    }
    ReferenceModel chosen = null;
    for (ReferenceModel r : entity.references()) {
      if (r.column().fieldName().equals(suffix)) {
        chosen = r;
      }
    }
    if (chosen == null && rowType != null) {
      List<ReferenceModel> byTarget = new ArrayList<>();
      for (ReferenceModel r : entity.references()) {
        if (types.isSameType(types.erasure(r.targetType().asType()), types.erasure(rowType))) {
          byTarget.add(r);
        }
      }
      chosen = byTarget.size() == 1 ? byTarget.get(0) : null;
    }
    Problem problem = null;
    List<String> fields = entity.references().stream().map(r -> r.column().fieldName()).toList();
    if (chosen == null) {
      problem = fields.isEmpty()
          ? Problem.of(DaoMessages.LOAD_NO_REFERENCE, entity.simpleName())
          : Problem.of(DaoMessages.LOAD_UNKNOWN_REFERENCE, suffix, entity.simpleName(), String.join(", ",
              fields.stream().map(f -> "load" + Names.capitalize(f)).toList()));
    } else {
      String target = chosen.targetType().getSimpleName().toString();
      boolean rowOk = rowType != null && types.isSameType(types.erasure(chosen.targetType().asType()), types.erasure(rowType));
      if (shape == null || !rowOk) {
        DaoMessages message = chosen.many() ? (async ? DaoMessages.LOAD_RETURN_TYPE_MANY_ASYNC : DaoMessages.LOAD_RETURN_TYPE_MANY)
            : async ? DaoMessages.LOAD_RETURN_TYPE_ASYNC : DaoMessages.LOAD_RETURN_TYPE;
        problem = Problem.of(message, chosen.column().fieldName(), target);
        shape = null;
      } else if (shape == QueryMethodModel.LoadShape.OPTIONAL && chosen.many()) {
        problem = Problem.of(DaoMessages.LOAD_OPTIONAL_OF_MANY, chosen.column().fieldName(), target);
        shape = null;
      }
    }
    return new QueryMethodModel.Load(m, async, chosen, shape, problem);
  }

  private QueryMethodModel delete(ExecutableElement m, boolean byEntity, List<Criterion> criteria, Problem problem, boolean async) {
    TypeMirror r = m.getReturnType();
    boolean existed;
    boolean ok;
    if (async) {
      TypeMirror inner = unwrap(r, COMPLETION_STAGE);
      existed = isType(inner, "java.lang.Boolean");
      ok = existed || isType(inner, "java.lang.Void");
    } else {
      existed = r.getKind() == TypeKind.BOOLEAN || isType(r, "java.lang.Boolean");
      ok = existed || r.getKind() == TypeKind.VOID;
    }
    return new QueryMethodModel.Delete(m, byEntity, criteria, problem, async, existed, ok);
  }

  /** Whether {@code criteria} bind every primary key column of {@code entity} with '=' (one row). */
  public static boolean bindsWholeKey(List<Criterion> criteria, EntityModel entity) {
    List<ColumnModel> key = entity.primaryKey();
    return criteria.size() == key.size() && criteria.stream().allMatch(c -> c.operator() == Operator.EQ && c.column().isKey())
        && criteria.stream().map(Criterion::column).distinct().count() == key.size();
  }

  private static int parseLimit(String digits) {
    try {
      int n = Integer.parseInt(digits);
      return n < 1 ? -1 : n;
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private FinderNameParser parser(EntityModel entity) {
    Set<String> transients = new LinkedHashSet<>();
    for (VariableElement f : ElementFilter.fieldsIn(elements.getAllMembers(entity.element()))) {
      if (f.getAnnotation(Transient.class) != null || f.getModifiers().contains(Modifier.TRANSIENT)) {
        transients.add(f.getSimpleName().toString());
      }
    }
    return new FinderNameParser(entity, transients);
  }

  /**
   * Whether {@code m} returns {@code wrapper<E>} of the entity (in a {@code CompletionStage} when
   * async), as the DAO method kinds with one result shape declare it.
   */
  private boolean returnsEntityIn(ExecutableElement m, String wrapper, EntityModel entity, boolean async) {
    TypeMirror returned = async ? unwrap(m.getReturnType(), COMPLETION_STAGE) : m.getReturnType();
    TypeMirror row = unwrap(returned, wrapper);
    return row != returned && isEntity(row, entity);
  }

  /** Whether a {@code @NestedSet} operation returns what its kind does. */
  private boolean nestedSetReturnOk(ExecutableElement m, QueryMethodModel.NestedSetOp.Kind kind, EntityModel entity, boolean async) {
    TypeMirror returned = async ? unwrap(m.getReturnType(), COMPLETION_STAGE) : m.getReturnType();
    if (async && returned == m.getReturnType()) {
      return false;
    }
    return switch (kind) {
      case LEAVES -> returnsEntityIn(m, "java.util.List", entity, async);
      case COUNT -> async ? isType(returned, "java.lang.Long") : returned.getKind() == TypeKind.LONG;
      case CURRENT -> async ? isType(returned, "java.lang.Boolean") : returned.getKind() == TypeKind.BOOLEAN;
      case REBUILD -> isType(returned, "io.denorm.tree.NestedSets.Numbering") || (async ? isType(returned, "java.lang.Void") : returned.getKind() == TypeKind.VOID);
    };
  }

  /** {@code Stream<K>} or {@code List<K>} of the entity's one-column key type K; null otherwise. */
  private ReturnShape idShape(TypeMirror returned, EntityModel entity, boolean async) {
    if (returned.getKind() != TypeKind.DECLARED || entity.primaryKey().size() != 1) {
      return null;
    }
    DeclaredType declared = (DeclaredType) returned;
    TypeMirror key = entity.primaryKey().get(0).javaType();
    key = key.getKind().isPrimitive() ? types.boxedClass(types.getPrimitiveType(key.getKind())).asType() : key;
    if (declared.getTypeArguments().size() != 1 || !types.isSameType(declared.getTypeArguments().get(0), key)) {
      return null;
    }
    String raw = ((TypeElement) declared.asElement()).getQualifiedName().toString();
    return switch (raw) {
      case "java.util.List" -> ReturnShape.LIST;
      case "java.util.stream.Stream" -> async ? null : ReturnShape.STREAM;
      default -> null;
    };
  }

  /** The record a finder returns in its Optional, List, Stream or Page in place of the entity: a projection; else null. */
  private TypeElement projection(TypeMirror returned, EntityModel entity) {
    if (returned.getKind() != TypeKind.DECLARED || ((DeclaredType) returned).getTypeArguments().size() != 1) {
      return null;
    }
    TypeMirror element = ((DeclaredType) returned).getTypeArguments().get(0);
    if (element.getKind() != TypeKind.DECLARED || isEntity(element, entity)) {
      return null;
    }
    TypeElement type = (TypeElement) ((DeclaredType) element).asElement();
    return type.getKind() == ElementKind.RECORD && type.getAnnotation(Entity.class) == null ? type : null;
  }

  private ReturnShape shape(TypeMirror returned, EntityModel entity, boolean async, TypeElement projection) {
    if (returned.getKind() != TypeKind.DECLARED) {
      return null;
    }
    DeclaredType declared = (DeclaredType) returned;
    if (declared.getTypeArguments().size() != 1 || projection == null && !isEntity(declared.getTypeArguments().get(0), entity)) {
      return null;
    }
    String raw = ((TypeElement) declared.asElement()).getQualifiedName().toString();
    return switch (raw) {
      case "java.util.Optional" -> ReturnShape.OPTIONAL;
      case "java.util.List" -> ReturnShape.LIST;
      case "java.util.stream.Stream" -> async ? null : ReturnShape.STREAM;
      // a publisher of the rows a Stream finder reads (generated as one, and published by io.denorm.Publishers)
      case FLOW_PUBLISHER -> async ? null : ReturnShape.STREAM;
      case PAGE -> ReturnShape.PAGE;
      default -> null;
    };
  }

  private boolean isEntity(TypeMirror type, EntityModel entity) {
    return types.isSameType(types.erasure(type), types.erasure(entity.element().asType()));
  }

  /** The element type of an {@code Iterable}, {@code Collection}, {@code List} or {@code Set} (a wildcard's upper bound); else null. */
  private static TypeMirror iterableElement(TypeMirror type) {
    for (String wrapper : List.of("java.lang.Iterable", "java.util.Collection", "java.util.List", "java.util.Set")) {
      if (isType(type, wrapper) && ((DeclaredType) type).getTypeArguments().size() == 1) {
        TypeMirror element = ((DeclaredType) type).getTypeArguments().get(0);
        if (element.getKind() == TypeKind.WILDCARD) {
          element = ((javax.lang.model.type.WildcardType) element).getExtendsBound();
        }
        return element;
      }
    }
    return null;
  }

  private boolean isVoidStage(TypeMirror type) {
    TypeMirror inner = unwrap(type, COMPLETION_STAGE);
    return inner != type && isType(inner, "java.lang.Void");
  }

  private TypeMirror erasure(TypeMirror t) {
    return types.erasure(t);
  }

  /** The single type argument of {@code type} when its raw type is {@code wrapper}; else {@code type}. */
  private TypeMirror unwrap(TypeMirror type, String wrapper) {
    if (type.getKind() == TypeKind.DECLARED) {
      DeclaredType declared = (DeclaredType) type;
      if (((TypeElement) declared.asElement()).getQualifiedName().contentEquals(wrapper) && declared.getTypeArguments().size() == 1) {
        return declared.getTypeArguments().get(0);
      }
    }
    return type;
  }

  private static boolean isType(TypeMirror type, String qualifiedName) {
    return type.getKind() == TypeKind.DECLARED
        && ((TypeElement) ((DeclaredType) type).asElement()).getQualifiedName().contentEquals(qualifiedName);
  }
}
