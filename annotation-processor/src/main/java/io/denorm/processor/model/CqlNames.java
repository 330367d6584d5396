package io.denorm.processor.model;

import java.util.Set;
import java.util.regex.Pattern;

/** How identifiers appear in CQL: as written when CQL reads them back the same, else double-quoted. */
public final class CqlNames {

  /** CQL's reserved keywords: as identifiers they must be quoted. */
  private static final Set<String> RESERVED = Set.of(
      "add", "allow", "alter", "and", "apply", "asc", "authorize", "batch", "begin", "by", "columnfamily",
      "create", "default", "delete", "desc", "describe", "drop", "entries", "execute", "from", "full",
      "grant", "if", "in", "index", "infinity", "insert", "into", "is", "keyspace", "limit",
      "materialized", "mbean", "mbeans", "modify", "nan", "norecursive", "not", "null", "of", "on", "or",
      "order", "primary", "rename", "replace", "revoke", "schema", "select", "set", "table", "to",
      "token", "truncate", "unlogged", "unset", "update", "use", "using", "view", "where", "with");

  private static final Pattern PLAIN = Pattern.compile("[a-z][a-z0-9_]*");

  private CqlNames() {}

  /** {@code sensor_id} stays as is; {@code Readings}, {@code order} become {@code "Readings"}, {@code "order"}. */
  public static String cql(String identifier) {
    if (PLAIN.matcher(identifier).matches() && !RESERVED.contains(identifier)) {
      return identifier;
    }
    return '"' + identifier.replace("\"", "\"\"") + '"';
  }
}
