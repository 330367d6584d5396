package io.denorm.cli;

/**
 * One way a live schema differs from the model, as {@code schema diff} shows it and {@code schema
 * apply} acts on it.
 *
 * @param table the table (or user type, keyspace, namespace) concerned
 * @param kind what differs, in lower case with dashes ({@code table-missing}, {@code
 *     column-missing}, {@code type-mismatch}, {@code key-changed}, {@code extra-table}, …)
 * @param column the column or field concerned, or null for a whole table
 * @param problem what is wrong, in words
 * @param destructive whether bringing it in line drops something (a table recreated or dropped),
 *     which {@code schema apply} does only with {@code --allow-destructive}
 */
record Change(String table, String kind, String column, String problem, boolean destructive) {

  @Override
  public String toString() {
    return table + ": " + problem + (destructive ? " [destructive]" : "");
  }

  /** This change as a JSON object's attributes, in order. */
  java.util.Map<String, Object> attributes() {
    java.util.Map<String, Object> out = new java.util.LinkedHashMap<>();
    out.put("table", table);
    out.put("kind", kind);
    out.put("column", column);
    out.put("problem", problem);
    out.put("destructive", destructive);
    return out;
  }
}
