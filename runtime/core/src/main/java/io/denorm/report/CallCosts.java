package io.denorm.report;

import java.util.List;
import java.util.Map;

/**
 * What one call of a DAO method costs, from its entry in {@code model.yaml}: the reads and writes
 * it sends, per store. Reads and writes of the method's own statements are counted from its CQL
 * (HBase runs the same steps as Gets or Scans and Puts or Deletes); a save or delete adds, for
 * each table it maintains, a removal of the old entry and a write of the new one when the indexed
 * value changes (so "at most"; a delete only removes); a unique index claims its value with a
 * compare-and-set (a Paxos round on Cassandra, a checkAndMutate on HBase). A finder on an index
 * table checks each hit against its master row: one master read per row, except on Cassandra for
 * the verified rows of an index that holds every column the finder returns.
 */
final class CallCosts {

  /** The reads and writes of one call on one store, as the report shows them. */
  record Cost(String reads, String writes) {}

  private CallCosts() {}

  static Cost cassandra(Map<String, Object> method, Map<String, Map<String, Object>> tables, Map<String, Object> entity,
      List<Map<String, Object>> entities) {
    return cost(method, tables, entity, entities, "SELECT", "statement", "LWT", true);
  }

  static Cost hbase(Map<String, Object> method, Map<String, Map<String, Object>> tables, Map<String, Object> entity,
      List<Map<String, Object>> entities) {
    return cost(method, tables, entity, entities, "Get/Scan", "mutation", "checkAndMutate", false);
  }

  private static Cost cost(Map<String, Object> method, Map<String, Map<String, Object>> tables, Map<String, Object> entity,
      List<Map<String, Object>> entities, String read, String write, String cas, boolean trustsCovering) {
    List<String> cql = Yaml.strings(method.get("cql"));
    long selects = cql.stream().filter(s -> s.startsWith("SELECT")).count();
    long writes = cql.size() - selects;
    String kind = String.valueOf(method.get("kind"));
    StringBuilder reads = new StringBuilder();
    if (selects > 0) {
      reads.append(selects).append(' ').append(read);
    }
    Map<String, Object> table = tables.get(String.valueOf(method.get("table")));
    boolean finder = !kind.startsWith("save") && !kind.startsWith("delete") && !kind.equals("insert") && !kind.equals("update");
    boolean counting = kind.equals("count") || kind.equals("exists");
    if (finder && !counting && table != null && !"master".equals(table.get("kind"))) {
      boolean covered = trustsCovering && covers(table, entity, method);
      reads.append(reads.length() > 0 ? " + " : "").append("1 master ").append(read).append(covered ? " per unverified row" : " per row");
    }
    if (Boolean.TRUE.equals(method.get("walksBuckets"))) {
      reads.append(" per bucket walked");
    }
    if (kind.equals("near") || kind.equals("within")) {
      reads.append(" per geohash cell (at most 16)");
    }
    if (Boolean.TRUE.equals(method.get("perEntity"))) {
      reads.append(reads.length() > 0 ? " per entity" : "");
    }
    List<String> maintains = Yaml.strings(method.get("maintains"));
    StringBuilder w = new StringBuilder();
    if (writes > 0) {
      w.append(writes).append(' ').append(write).append(writes == 1 ? "" : "s");
    }
    List<String> perElement = maintains.stream()
        .filter(t -> tables.get(t) != null && Yaml.strings(tables.get(t).get("indexKey")).stream().anyMatch(k -> k.endsWith("[]"))).toList();
    maintains = maintains.stream().filter(t -> !perElement.contains(t)).toList();
    boolean delete = kind.startsWith("delete");
    if (!maintains.isEmpty()) {
      long unique = maintains.stream().filter(t -> tables.get(t) != null && "unique index".equals(tables.get(t).get("kind"))).count();
      w.append(w.length() > 0 ? " + " : "").append(delete ? "" : "at most ").append((delete ? 1 : 2) * maintains.size()).append(" for ")
          .append(maintains.size()).append(maintains.size() == 1 ? " maintained table" : " maintained tables");
      if (unique > 0 && !delete) {
        w.append(" (").append(unique).append(' ').append(cas).append(unique == 1 ? "" : "s").append(" of unique values)");
      }
    }
    if (!perElement.isEmpty()) {
      w.append(w.length() > 0 ? " + " : "").append(delete ? "1 per element, in " : "1 per element added or removed, in ")
          .append(String.join(", ", perElement));
    }
    boolean save = kind.startsWith("save") || kind.equals("update"); // an inserted row has no copies yet
    if (save && entity != null) {
      fanOut(entity, entities, read, write, reads, w);
    }
    if (Boolean.TRUE.equals(method.get("perEntity")) && w.length() > 0) {
      w.append(" per entity");
    }
    return new Cost(reads.length() == 0 ? "–" : reads.toString(), w.length() == 0 ? "–" : w.toString());
  }

  /**
   * What a save of {@code entity} keeps in other entities' rows: the snippet copies of it (found by
   * their reverse index, one write per holder, the holders per source from the estimates), the
   * counts and inverse sides its memberships feed, and the recent lists that show it.
   */
  private static void fanOut(Map<String, Object> entity, List<Map<String, Object>> entities, String read, String write, StringBuilder reads,
      StringBuilder writes) {
    String name = Yaml.string(entity.get("name"));
    long rows = rows(entity);
    for (Map<String, Object> other : entities) {
      String otherName = Yaml.string(other.get("name"));
      for (Map<String, Object> ref : Yaml.maps(other.get("references"))) {
        Map<String, Object> snippet = Yaml.map(ref.get("denormalized"));
        if (name.equals(ref.get("target")) && Boolean.TRUE.equals(snippet.get("fanOut"))) {
          // One id per holder: a holder of several sources makes this more.
          double perSource = (double) rows(other) / Math.max(1, rows);
          reads.append(reads.length() > 0 ? " + " : "").append("1 ").append(read).append(" of ").append(Yaml.string(snippet.get("reverseIndex")));
          writes.append(writes.length() > 0 ? " + " : "").append("1 ").append(write).append(" per ").append(otherName).append(" holding it (about ")
              .append(ModelReport.number(perSource)).append(") when ").append(String.join(", ", Yaml.strings(snippet.get("copies"))))
              .append(" change");
        }
      }
      for (Map<String, Object> column : Yaml.maps(other.get("columns"))) {
        if (name.equals(Yaml.map(column.get("recent")).get("of"))) {
          writes.append(writes.length() > 0 ? " + " : "").append("1 ").append(write).append(" of ").append(otherName).append('.')
              .append(Yaml.string(column.get("field")));
        }
      }
    }
    List<String> memberships = Yaml.strings(entity.get("memberships"));
    if (!memberships.isEmpty()) {
      writes.append(writes.length() > 0 ? " + " : "").append("1 ").append(write).append(" per membership added or removed, to each of ")
          .append(String.join(", ", memberships.stream().map(m -> m.substring(m.indexOf("-> ") + 3)).toList()));
    }
  }

  private static long rows(Map<String, Object> entity) {
    return Yaml.map(entity.get("estimate")).get("rows") instanceof Number n ? n.longValue() : 1_000_000L;
  }

  /** Whether the index table holds every column the method returns (else each hit reads its master row). */
  private static boolean covers(Map<String, Object> table, Map<String, Object> entity, Map<String, Object> method) {
    if (method.get("projection") != null || "count".equals(method.get("kind")) || "exists".equals(method.get("kind"))) {
      return true;
    }
    if (entity == null) {
      return false;
    }
    List<String> include = Yaml.strings(table.get("include"));
    List<String> keyFields = Yaml.strings(table.get("indexKey")).stream().map(k -> k.replace("[]", "")).toList();
    for (Map<String, Object> column : Yaml.maps(entity.get("columns"))) {
      String field = String.valueOf(column.get("field"));
      if ("regular".equals(column.get("key")) && !include.contains(field) && !keyFields.contains(field)) {
        return false;
      }
    }
    return true;
  }
}
