package io.denorm.processor.model;

import io.denorm.processor.diag.Problem;
import java.util.List;
import javax.lang.model.element.ExecutableElement;

/** One abstract method of a {@code @Dao} interface, by kind. */
public sealed interface QueryMethodModel {

  ExecutableElement method();

  default String name() {
    return method().getSimpleName().toString();
  }

  /** Calls the {@code visitor} method of this kind: every generator of every backend handles every kind. */
  <R> R accept(Visitor<R> visitor);

  /**
   * One method per kind of DAO method. Backends, validators and the manifest implement it, so a kind
   * added here without its handler in each of them fails the processor's own compilation.
   */
  interface Visitor<R> {
    R visitSave(Save method);

    R visitSaveAll(SaveAll method);

    R visitDeleteAll(DeleteAll method);

    R visitGeo(Geo method);

    R visitDistinctCount(DistinctCount method);

    R visitNestedSetOp(NestedSetOp method);

    R visitTreeRead(TreeRead method);

    R visitDescendants(Descendants method);

    R visitNeighbor(Neighbor method);

    R visitFind(Find method);

    R visitFindAll(FindAll method);

    R visitCount(Count method);

    R visitDelete(Delete method);

    R visitLoad(Load method);

    R visitWithAttributes(WithAttributes method);

    R visitDeleteRange(DeleteRange method);

    R visitUpdate(Update method);

    R visitCqlQuery(CqlQuery method);

    R visitUnrecognized(Unrecognized method);
  }

  /**
   * {@code save(E)}: writes the whole row. {@code save(E entity, E previous)} passes the state the
   * caller knows the row had (null: a new row), so an indexed save need not read it first. {@code
   * insert(E)} ({@code insert}) says the row is new: saved as {@code save(entity, null)}.
   */
  record Save(ExecutableElement method, boolean async, boolean parameterIsEntity, boolean returnTypeOk, boolean previousGiven,
      boolean returnsEntity, boolean insert) implements QueryMethodModel {
    /** Whether the save reads nothing of the stored row's state: the caller gives it, or says there is none. */
    public boolean stateKnown() {
      return previousGiven || insert;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.visitSave(this);
    }
  }

  /**
   * {@code saveAll(Iterable<E>)} (or a {@code Collection}, {@code List} or {@code Set} of them):
   * every entity saved as {@code save(E)} saves it, batched the way the store likes.
   *
   * @param shapeOk whether it takes one iterable of the entity and returns void (or {@code CompletionStage<Void>})
   */
  record SaveAll(ExecutableElement method, boolean async, boolean shapeOk) implements QueryMethodModel {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.visitSaveAll(this);
    }
  }

  /**
   * {@code deleteAll(Iterable<E>)} (or a {@code Collection}, {@code List} or {@code Set} of them):
   * every entity deleted as {@code delete(E)} deletes it, a bounded number at a time.
   *
   * @param shapeOk whether it takes one iterable of the entity and returns void (or {@code CompletionStage<Void>})
   */
  record DeleteAll(ExecutableElement method, boolean async, boolean shapeOk) implements QueryMethodModel {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.visitDeleteAll(this);
    }
  }

  /**
   * {@code findNear(lat, lon, radiusMeters)} ({@code near}) / {@code findWithin(GeoBox)}: the rows
   * of a {@code @GeoIndex} inside a circle or a box, nearest first.
   *
   * @param returnsList whether it returns {@code List<E>} (in a CompletionStage when async)
   */
  record Geo(ExecutableElement method, boolean async, boolean near, boolean returnsList) implements QueryMethodModel {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.visitGeo(this);
    }
  }

  /**
   * {@code long uniqueVisitors(G group)} (or {@code recount…}): a {@code @CountDistinct}'s count of
   * one group, read or corrected.
   */
  record DistinctCount(ExecutableElement method, boolean async, boolean recount, DistinctModel distinct) implements QueryMethodModel {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.visitDistinctCount(this);
    }
  }

  /**
   * A {@code @NestedSet} operation: {@code findLeaves(String id)}, {@code countLeaves(String id)},
   * {@code rebuildNestedSet(String rootId)} or {@code isNestedSetCurrent(String rootId)}.
   *
   * @param returnOk whether the method returns what its kind returns (in a CompletionStage when async)
   */
  record NestedSetOp(ExecutableElement method, boolean async, Kind kind, boolean returnOk) implements QueryMethodModel {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.visitNestedSetOp(this);
    }

    public enum Kind {
      LEAVES("findLeaves"), COUNT("countLeaves"), REBUILD("rebuildNestedSet"), CURRENT("isNestedSetCurrent");

      private final String methodName;

      Kind(String methodName) {
        this.methodName = methodName;
      }

      public String methodName() {
        return methodName;
      }

      /** What the method returns, for error messages. */
      public String returns(String entity, boolean async) {
        return switch (this) {
          case LEAVES -> async ? "CompletionStage<List<" + entity + ">>" : "List<" + entity + ">";
          case COUNT -> async ? "CompletionStage<Long>" : "long";
          case CURRENT -> async ? "CompletionStage<Boolean>" : "boolean";
          case REBUILD -> async ? "CompletionStage<NestedSets.Numbering> or CompletionStage<Void>" : "NestedSets.Numbering or void";
        };
      }
    }
  }

  /**
   * {@code findChildren(K id)} / {@code findSubtree(K id, int maxDepth)} of a {@code @ParentId}
   * tree: the nodes one level, or up to {@code maxDepth} levels, under a node.
   *
   * @param returnsList whether it returns {@code List<E>} (in a CompletionStage when async)
   */
  record TreeRead(ExecutableElement method, boolean async, boolean subtree, boolean returnsList) implements QueryMethodModel {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.visitTreeRead(this);
    }
  }

  /** {@code findDescendants(String id)} of a {@code @MaterializedPath} tree: every node under one, by one range read. */
  record Descendants(ExecutableElement method, boolean async, boolean returnsList) implements QueryMethodModel {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.visitDescendants(this);
    }
  }

  /**
   * {@code findPrevious(key…)} / {@code findNext(key…)}: the row of the same other key fields whose
   * {@code @Sequence} is the nearest below ({@code previous}) or above the one given.
   *
   * @param returnsOptional whether it returns {@code Optional<E>} (in a CompletionStage when async)
   */
  record Neighbor(ExecutableElement method, boolean async, boolean previous, boolean returnsOptional) implements QueryMethodModel {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.visitNeighbor(this);
    }
  }

  /**
   * {@code find[First[N]]By…}: reads rows through one table.
   *
   * @param shape null when the return type is not one Denorm can produce
   * @param limit the N of {@code findFirstN}, 1 for {@code findFirst}, 0 for no limit
   * @param criteria null when the name could not be parsed; then {@code parseProblem} says why
   * @param orderBy the property of a trailing {@code OrderBy<Property>Asc|Desc}, or null
   * @param ascending whether that suffix says {@code Asc}
   * @param idsOnly {@code findIdsBy…}: the ids an index holds for the criteria, sorted, without the rows
   * @param projection the record the finder returns in place of the entity (each component a stored
   *     field of it), or null when it returns the entity
   */
  record Find(
      ExecutableElement method,
      ReturnShape shape,
      boolean async,
      int limit,
      List<Criterion> criteria,
      Problem parseProblem,
      int pageRequestParameter,
      String orderBy,
      boolean ascending,
      boolean idsOnly,
      javax.lang.model.element.TypeElement projection,
      boolean publisher) implements QueryMethodModel {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.visitFind(this);
    }
  }

  /**
   * {@code long countBy…} / {@code boolean existsBy…}: how many rows a {@code findBy…} of the same
   * criteria returns, or whether it returns any, read through the same table. (Through an index on a
   * field of collection elements that is one per matching element, as the finder returns the row
   * once per element.)
   *
   * @param exists {@code existsBy…}: whether a row matches, not how many
   * @param criteria null when the name could not be parsed; then {@code parseProblem} says why
   * @param returnOk whether it returns {@code long} ({@code boolean} for exists), or that boxed in a
   *     CompletionStage when async
   */
  record Count(ExecutableElement method, boolean async, boolean exists, List<Criterion> criteria, Problem parseProblem, boolean returnOk)
      implements QueryMethodModel {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.visitCount(this);
    }

    /** What a method of this kind returns, for messages. */
    public String expectedReturn() {
      return exists ? (async ? "CompletionStage<Boolean>" : "boolean") : (async ? "CompletionStage<Long>" : "long");
    }
  }

  /**
   * {@code List<E> findAllById(Collection<K> ids)}: the rows of many ids, read 100 at a time (an
   * {@code IN} or a multi-get), in the order of the ids, missing ones left out.
   */
  record FindAll(ExecutableElement method, boolean async, boolean shapeOk) implements QueryMethodModel {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.visitFindAll(this);
    }
  }

  /**
   * {@code deleteBy…} (criteria from the name) or {@code delete(E)} ({@code byEntity}).
   *
   * @param returnsExisted whether the method returns the boolean "a row existed"
   */
  record Delete(
      ExecutableElement method,
      boolean byEntity,
      List<Criterion> criteria,
      Problem parseProblem,
      boolean async,
      boolean returnsExisted,
      boolean returnTypeOk) implements QueryMethodModel {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.visitDelete(this);
    }
  }

  /**
   * {@code load<Field>(E)}: an application-side join reading the rows a {@code @Reference} field of
   * E points at.
   *
   * @param reference the field joined, or null when none fits (then {@code problem} says why)
   * @param shape how the rows are returned, or null when the return type is not one Denorm produces
   */
  record Load(ExecutableElement method, boolean async, ReferenceModel reference, LoadShape shape, Problem problem) implements QueryMethodModel {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.visitLoad(this);
    }
  }

  /** What a {@code load} method returns: the rows by id, the rows in reference order, or the one row. */
  enum LoadShape { MAP, LIST, OPTIONAL }

  /**
   * {@code D withAttributes(io.denorm.Attributes attributes)}: another instance of the DAO whose
   * statements carry {@code attributes} on top of this one's.
   *
   * @param shapeOk whether it takes one {@code Attributes} and returns the DAO interface itself
   */
  record WithAttributes(ExecutableElement method, boolean shapeOk) implements QueryMethodModel {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.visitWithAttributes(this);
    }
  }

  /**
   * A {@code @Query} method: the CQL given, read against the entity's model ({@code problem} says
   * what does not fit), run on Cassandra with the rows mapped to the entity.
   *
   * @param shape null when the return type is none a query may have
   * @param where the WHERE conditions with every marker a {@code ?}, in marker order
   * @param order the ORDER BY list, or null; {@code limit} the LIMIT, or null
   * @param markers per bind marker, the parameter it takes and the key column it binds
   */
  record CqlQuery(ExecutableElement method, String cql, ReturnShape shape, boolean async, String where, String order, Integer limit,
      List<Marker> markers, Problem problem) implements QueryMethodModel {

    /** One bind marker: the method parameter bound to it and the column it is compared with. */
    public record Marker(int parameter, ColumnModel column) {}

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.visitCqlQuery(this);
    }
  }

  /**
   * {@code deleteBy…} binding a prefix of the primary key (not all of it): every row under it
   * deleted with its index rows, streamed a chunk at a time (only a name whose criteria parse is one).
   *
   * @param returnsCount whether it returns the number of rows deleted ({@code long}), else void
   * @param shapeOk whether it is synchronous and returns {@code long} or {@code void}
   */
  record DeleteRange(ExecutableElement method, List<Criterion> criteria, boolean returnsCount, boolean shapeOk)
      implements QueryMethodModel {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.visitDeleteRange(this);
    }
  }

  /**
   * {@code update<Field>[And<Field>…]By<Key>(key values…, field values…)}: the stored row read,
   * those fields set, and the row saved through the save pipeline (its indexes, counts and snippets
   * kept as a save keeps them).
   *
   * @param fields the property names after {@code update}, in order; {@code columns} the columns
   *     they name (null where one names no stored field)
   * @param returnsExisted whether it returns whether the row existed (and was updated)
   * @param shapeOk whether it returns boolean or void (a CompletionStage of those when async)
   */
  record Update(ExecutableElement method, boolean async, List<String> fields, List<ColumnModel> columns, List<Criterion> criteria,
      Problem parseProblem, boolean returnsExisted, boolean shapeOk) implements QueryMethodModel {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.visitUpdate(this);
    }
  }

  /** A method whose name or shape matches no kind Denorm implements. */
  record Unrecognized(ExecutableElement method) implements QueryMethodModel {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.visitUnrecognized(this);
    }
  }
}
