package io.denorm.processor.diag;

import java.util.Locale;

/**
 * Every message the processor prints, each with a stable code. A message says what was found, what
 * was expected, and the fix. Codes appear as {@code [denorm:Code]} and can silence warnings with
 * {@code @SuppressWarnings("denorm:Code")}.
 */
public enum Messages {
  // ---- entities ---------------------------------------------------------------------------------
  NO_PARTITION_KEY("NoPartitionKey",
      "%s has no @PartitionKey; annotate the field (or fields, numbered from 0) that every lookup of a %s names with @PartitionKey"),
  DUPLICATE_KEY_POSITION("DuplicateKeyPosition",
      "%s(%d) is given to both '%s' and '%s'; number the components 0, 1, 2, … each once"),
  KEY_POSITION_GAP("KeyPositionGap",
      "%s positions of %s are %s; expected 0 to %d without gaps: renumber them"),
  KEY_ON_BOTH_PARTS("KeyOnBothParts",
      "'%s' is annotated with both @PartitionKey and @ClusteringKey; a column belongs to one part of the key: remove one"),
  UNMAPPABLE_TYPE("UnmappableType",
      "'%s' of type %s cannot be stored: %s; change the type, or mark the field @Transient"),
  COLLECTION_IN_KEY("CollectionInKey",
      "'%s' is a key component of type %s; key components must be single values: use a scalar type, or move the collection, embedded object or attribute value out of the key"),
  INACCESSIBLE_PROPERTY("InaccessibleProperty",
      "'%s' of %s cannot be %s by generated code in package %s; %s"),
  NOT_INSTANTIABLE("NotInstantiable",
      "%s cannot be instantiated by generated code: %s"),
  INVALID_NAME("InvalidName",
      "%s name '%s' is not a valid identifier: use letters, digits and '_', starting with a letter, at most %d characters"),
  DUPLICATE_COLUMN("DuplicateColumn",
      "'%s' and '%s' of %s are both stored in column '%s'; give one of them another name with @Column(name = …)"),
  DUPLICATE_TABLE("DuplicateTable",
      "%s and %s are both stored in table '%s'; give one of them another name with @Entity(table = …)"),
  HBASE_KEY_TYPE("HBaseKeyType",
      "'%s' of type %s is a key component of table %s, but HBase row keys have no order-preserving encoding for it; use another type for the key (BigDecimal: a scaled long or a String), or build without denorm-runtime-hbase on the classpath"),
  CONSISTENCY("Consistency",
      "@Consistency of %s: %s"),
  WEAK_CONSISTENCY("WeakConsistency",
      "@Consistency of %s reads and writes at %s, below a quorum: a read can miss an acknowledged write, and an index repair decided on it can delete a row that write needs; use LOCAL_QUORUM (the default), QUORUM or EACH_QUORUM, or add @SuppressWarnings(\"denorm:WeakConsistency\")"),
  SALT_BUCKETS("SaltBuckets",
      "@Salt of %s has buckets = %d; the salt is one leading byte of the HBase row key: give 2 to 256 buckets (16 is a common choice), or remove salt"),
  SALT_FIELDS("SaltFields",
      "@Salt of %s: %s; name leading fields of the key in key order (partition key, then clustering key), e.g. on = {%s}"),
  VERSION_FIELD("VersionField",
      "@Version field '%s' of %s %s"),
  VERSION_TWICE("VersionTwice",
      "%s has two @Version fields, '%s' and '%s'; one version guards the whole aggregate: remove one"),
  REFERENCE_TARGET("ReferenceTarget",
      "%s on '%s' of %s: %s %s"),
  REFERENCE_FIELD("ReferenceField",
      "%s on '%s' of %s %s"),
  COUNT("Count",
      "@Count on '%s' of %s %s"),
  BUCKET("Bucket",
      "@Bucket on '%s' of %s %s"),
  PARENT_ID("ParentId",
      "@ParentId on '%s' of %s %s"),
  MATERIALIZED_PATH("MaterializedPath",
      "@MaterializedPath on '%s' of %s %s"),
  SEQUENCE("Sequence",
      "@Sequence on '%s' of %s %s"),
  RECENT("Recent",
      "@Recent on '%s' of %s %s"),
  INVERSE("References",
      "@References on '%s' of %s %s"),
  SNIPPET("Snippet",
      "@Denormalized on '%s' of %s %s"),
  SNIPPET_CHURN("SnippetChurn",
      "'%s' of %s copies %s.%s, which is marked @ChangesOften: every change of it rewrites every %s holding it; copy only fields that rarely change and @Reference %s for the rest, or say the fan-out is wanted with @SuppressWarnings(\"denorm:SnippetChurn\")"),
  NO_FAN_OUT("NoFanOut",
      "'%s' of %s copies %s from %s with fanOut = false: no reverse index is kept and the copies keep the values of the day each %s was saved; when they must follow %s, remove fanOut = false; when a snapshot is meant, say so with @SuppressWarnings(\"denorm:NoFanOut\")"),
  EMBEDDED_COLLECTION("EmbeddedCollection",
      "'%s' of %s embeds a %s of %s with no bound, and all of it is read and rewritten with every %s; embed it when it stays small (then say so with @SuppressWarnings(\"denorm:EmbeddedCollection\")), else give %s its own @Entity keyed by the %s id"),
  TREE_AGGREGATE("TreeAggregate",
      "'%s' of %s holds a tree of %s with no bound on its depth or size, stored as one JSON value and read and rewritten whole with every save of the %s; keep it for a tree read whole and changed rarely (a post's comment thread, under a few hundred KB), give each %s its own @Entity with @ParentId otherwise, and say the tree stays small with @SuppressWarnings(\"denorm:TreeAggregate\")"),
  REFERENCE_COLLECTION("ReferenceCollection",
      "'%s' of %s holds a %s of %s ids that can grow without bound, and the whole list is rewritten with every change; when it is unbounded (a publisher's books), drop it, hold the %s id in %s instead and @Index it; when it stays small, say so with @SuppressWarnings(\"denorm:ReferenceCollection\")"),
  UNBOUNDED_INVERSE("UnboundedInverse",
      "'%s' of %s holds the id of every %s whose '%s' names it, read with every %s; when that can grow without bound (a publisher's books), drop @References and find them with findBy on an @Index of %s.%s; when it stays small, say so with @SuppressWarnings(\"denorm:UnboundedInverse\")"),
  INDEX_FIELD("IndexField",
      "@Index %s: %s"),
  UDT_NAME("UdtName",
      "'%s' embeds %s, but %s is embedded too and both would be the user-defined type '%s' of the keyspace; rename one of the classes, or store this field with @Column(json = true)"),
  JSON_COLUMN("JsonColumn",
      "'%s' is marked @Column(json = true) but %s"),
  COUNT_DISTINCT("CountDistinct",
      "@CountDistinct %s: %s"),
  NESTED_SET("NestedSet",
      "@NestedSet %s: %s"),
  GEO_INDEX("GeoIndex",
      "@GeoIndex %s: %s"),
  INDEX_KEY_TYPE("IndexKeyType",
      "@Index %s: key field '%s' of type %s %s"),
  INDEX_PARTITION("IndexPartition",
      "@Index %s: partition = %d but the key has %d field(s); the partition key takes 1 to %d of them"),
  UNRESOLVED_TYPE("UnresolvedType",
      "%s mentions a type that could not be resolved (%s); fix the type, or the processor that should generate it"),

  // ---- DAOs -------------------------------------------------------------------------------------
  DAO_NOT_INTERFACE("DaoNotInterface",
      "@Dao is on %s %s; Denorm implements interfaces only: declare %s as an interface"),
  DAO_ENTITY_UNKNOWN("DaoEntityUnknown",
      "%s; add a save(E), find…By…(…) or delete(E) method whose type is the @Entity this DAO serves"),
  LOAD_METHOD("LoadMethod",
      "%s: %s"),
  UNRECOGNIZED_METHOD("UnrecognizedMethod",
      "%s is not a method Denorm can implement; expected save(%s), find[First[N]]By…(…), countBy…(…) or existsBy…(…), findPrevious/findNext(key…), deleteBy…(…) or delete(%s), or give it a default body"),
  SAVE_SIGNATURE("SaveSignature",
      "%1$s: a save method takes one %2$s (or the %2$s and its previous state) and returns void or the %2$s as saved (or CompletionStage<Void> or CompletionStage<%2$s> when asynchronous); found (%3$s) returning %4$s"),
  DELETE_SIGNATURE("DeleteSignature",
      "%s: a delete method returns boolean (whether a row existed), void, or a CompletionStage<Boolean|Void>; found %s"),
  UNKNOWN_PROPERTY("UnknownProperty",
      "%s: %s"),
  UNSUPPORTED_RETURN_TYPE("UnsupportedReturnType",
      "%s returns %s; a finder returns Optional<%3$s>, List<%3$s>, Stream<%3$s> or Page<%3$s>, or a CompletionStage of Optional, List or Page"),
  UNSERVED_QUERY("UnservedQuery",
      "%s: %s; %s"),
  RANGE_ON_PARTITION_KEY("RangeOnPartitionKey",
      "%s: '%s' is part of the partition key of table %s and can only be compared with '='; bind it exactly, or make it a @ClusteringKey"),
  RANGE_NOT_ON_NEXT_CLUSTERING_COLUMN("RangeNotOnNextClusteringColumn",
      "%s: condition on '%s' does not follow the clustering order of table %s (%s); bind the clustering columns in order with '=', with at most one range on the last"),
  CONFLICTING_CONDITIONS("ConflictingConditions",
      "%s: '%s' has conditions that cannot be combined; use one '=', one Between, or one lower and one upper bound"),
  PARAMETER_COUNT("ParameterCount",
      "%s takes %d parameter(s) but its name binds %d value(s)%s; expected (%s)"),
  PARAMETER_TYPE("ParameterType",
      "%s: parameter '%s' is %s but '%s' is %s; declare the parameter as %s"),
  PAGE_REQUEST("PageRequest",
      "%s: %s"),
  AMBIGUOUS_SINGLE_RESULT("AmbiguousSingleResult",
      "%s returns %s but (%s) can match several rows of %s; bind the whole primary key (%s), name it findFirstBy…, or return List, Stream or Page"),
  DELETE_NEEDS_FULL_KEY("DeleteNeedsFullKey",
      "%s must bind the whole primary key of %s with '=' (%s); found %s"),
  IDS_FINDER("IdsFinder",
      "%s: %s"),
  COUNT_RETURN_TYPE("CountReturnType",
      "%s returns %s; %s returns %s"),
  COUNT_OVER_BUCKETS("CountOverBuckets",
      "%s would read every bucket of %s (@Bucket on '%s') to count its rows; name '%s' too (with '=') to count one bucket, or keep the number with a @Count field on the parent"),
  FIND_ALL("FindAllById",
      "%s: %s"),
  DISTINCT_COUNT_METHOD("DistinctCountMethod",
      "%s: %s the count of one %s of @CountDistinct %s: declare it long %s(%s %s) (or CompletionStage<Long> …Async)"),
  GEO_FINDER("GeoFinder",
      "%s: %s"),
  TREE_FINDER("TreeFinder",
      "%s: %s"),
  ORDER_BY("OrderBy",
      "%s: %s"),
  NEIGHBOR_FINDER("NeighborFinder",
      "%s: %s"),
  INVALID_LIMIT("InvalidLimit",
      "%s: the N of findFirstN must be between 1 and 10000; found %s"),

  // ---- the processor itself ---------------------------------------------------------------------
  PROCESSOR_ERROR("ProcessorError",
      "Denorm failed while processing %s; this is a bug in Denorm, please report it with this trace:%n%s"),
  SCHEMA_FILE("SchemaFile",
      "cannot write %s: %s");

  private final String code;
  private final String template;

  Messages(String code, String template) {
    this.code = code;
    this.template = template;
  }

  public String code() {
    return code;
  }

  /** The format of the text, without the code prefix. */
  public String template() {
    return template;
  }

  /** The message with its code prefix: {@code [denorm:Code] text}. */
  public String format(Object... args) {
    return "[denorm:" + code + "] " + String.format(Locale.ROOT, template, args);
  }
}
