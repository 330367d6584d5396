package io.denorm.report;

import static io.denorm.report.ModelReport.esc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The diagram of one entity, as inline SVG in three columns: the access patterns (its DAOs' read
 * methods), the tables that serve them (the master table, and the index tables each save keeps,
 * linked to it on the right), and the structures its saves keep in other entities' rows: counts
 * and inverse sides fed by memberships, snippet copies, recent lists.
 */
final class Diagram {

  private static final Set<String> WRITES = Set.of("save", "insert", "delete", "update", "save all", "delete all", "delete by key prefix",
      "with attributes", "nested set rebuild", "recount distinct");

  private static final int ROW = 26;
  private static final int BOX = 20;
  private static final int TOP = 28;
  private static final int[] X = {8, 420, 760};
  private static final int[] W = {330, 260, 330};

  private record Node(String label, String cls, String title) {}

  private Diagram() {}

  static String svg(Map<String, Object> entity, List<Map<String, Object>> entities, List<Map<String, Object>> tables,
      List<Map<String, Object>> daos) {
    String name = Yaml.string(entity.get("name"));
    Map<String, Node> patterns = new LinkedHashMap<>();
    Map<String, String> servedBy = new LinkedHashMap<>();
    for (Map<String, Object> d : daos) {
      for (Map<String, Object> m : Yaml.maps(d.get("methods"))) {
        String kind = Yaml.string(m.get("kind"));
        if (WRITES.contains(kind) || Boolean.TRUE.equals(m.get("async"))) {
          continue; // an async finder reads what its synchronous twin reads
        }
        String method = Yaml.string(m.get("method"));
        patterns.put(method, new Node(method, "pattern", Yaml.string(d.get("name")) + "." + method + " (" + kind + ")"));
        servedBy.put(method, Yaml.string(m.get("table")));
      }
    }
    Map<String, Node> tableNodes = new LinkedHashMap<>();
    for (Map<String, Object> t : tables) {
      String kind = Yaml.string(t.get("kind"));
      tableNodes.put(Yaml.string(t.get("name")), new Node(Yaml.string(t.get("name")), "master".equals(kind) ? "table master" : "table",
          kind + " table " + Yaml.string(t.get("name"))));
    }
    Map<String, Node> kept = new LinkedHashMap<>();
    Map<String, String> keptFrom = new LinkedHashMap<>();
    String master = Yaml.string(entity.get("table"));
    for (String membership : Yaml.strings(entity.get("memberships"))) {
      String[] parts = membership.split(" -> ", 2);
      if (parts.length == 2) {
        kept.put(parts[1], new Node(parts[1] + " (" + feeds(entities, parts[1]) + ")", "kept", membership));
        keptFrom.put(parts[1], parts[0]);
      }
    }
    for (Map<String, Object> other : entities) {
      String otherName = Yaml.string(other.get("name"));
      for (Map<String, Object> ref : Yaml.maps(other.get("references"))) {
        Map<String, Object> snippet = Yaml.map(ref.get("denormalized"));
        if (name.equals(ref.get("target")) && !snippet.isEmpty() && Boolean.TRUE.equals(snippet.get("fanOut"))) {
          String key = otherName + "." + ref.get("field");
          kept.put(key, new Node(key + " (copies " + String.join(", ", Yaml.strings(snippet.get("copies"))) + ")", "kept",
              "snippet copies in " + key + ", found by " + Yaml.string(snippet.get("reverseIndex"))));
          keptFrom.put(key, master);
        }
      }
      for (Map<String, Object> column : Yaml.maps(other.get("columns"))) {
        Map<String, Object> recent = Yaml.map(column.get("recent"));
        if (name.equals(recent.get("of"))) {
          String key = otherName + "." + column.get("field");
          kept.put(key, new Node(key + " (last " + Yaml.string(recent.get("limit")) + ")", "kept", "recent list in " + key));
          keptFrom.put(key, master);
        }
      }
    }

    List<String> p = new ArrayList<>(patterns.keySet());
    List<String> t = new ArrayList<>(tableNodes.keySet());
    List<String> k = new ArrayList<>(kept.keySet());
    int rows = Math.max(1, Math.max(p.size(), Math.max(t.size(), k.size())));
    int height = TOP + rows * ROW + 8;
    int width = X[2] + W[2] + 8;
    StringBuilder s = new StringBuilder();
    s.append("<svg class=\"diagram\" xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" viewBox=\"0 0 ").append(width).append(' ').append(height)
        .append("\" width=\"").append(width).append("\" height=\"").append(height).append("\" aria-label=\"")
        .append(esc("Access patterns, tables and maintained structures of " + name)).append("\">\n");
    s.append("<title>").append(esc(name + ": access patterns → tables → structures its saves keep")).append("</title>\n");
    head(s, 0, "Access patterns (" + p.size() + ")");
    head(s, 1, "Tables (" + t.size() + ")");
    head(s, 2, k.isEmpty() ? "Kept in other entities' rows: nothing" : "Kept in other entities' rows by each save (" + k.size() + ")");
    // edges first, under the boxes
    for (int i = 0; i < p.size(); i++) {
      int j = t.indexOf(servedBy.get(p.get(i)));
      if (j >= 0) {
        edge(s, X[0] + W[0], y(i), X[1], y(j), null);
      }
    }
    int m = t.indexOf(master);
    for (int j = 0; j < t.size(); j++) {
      if (j != m && m >= 0) {
        int x = X[1] + W[1];
        s.append("<path class=\"keeps\" d=\"M").append(x).append(',').append(y(m)).append(" C").append(x + 36).append(',').append(y(m)).append(' ')
            .append(x + 36).append(',').append(y(j)).append(' ').append(x).append(',').append(y(j)).append("\"/>\n");
      }
    }
    for (int i = 0; i < k.size(); i++) {
      int j = t.indexOf(keptFrom.get(k.get(i)));
      if (j >= 0) {
        edge(s, X[1] + W[1], y(j), X[2], y(i), "keeps");
      }
    }
    for (int i = 0; i < p.size(); i++) {
      box(s, 0, i, patterns.get(p.get(i)));
    }
    for (int i = 0; i < t.size(); i++) {
      box(s, 1, i, tableNodes.get(t.get(i)));
    }
    for (int i = 0; i < k.size(); i++) {
      box(s, 2, i, kept.get(k.get(i)));
    }
    return s.append("</svg>\n").toString();
  }

  /** What a kept field is: a count or an inverse side. */
  private static String feeds(List<Map<String, Object>> entities, String entityField) {
    String[] parts = entityField.split("\\.", 2);
    for (Map<String, Object> e : entities) {
      if (parts.length == 2 && parts[0].equals(e.get("name"))) {
        for (Map<String, Object> c : Yaml.maps(e.get("columns"))) {
          if (parts[1].equals(c.get("field"))) {
            return c.get("count") != null ? "count" : c.get("inverseSide") != null ? "inverse side" : "membership";
          }
        }
      }
    }
    return "membership";
  }

  private static int y(int row) {
    return TOP + row * ROW + BOX / 2;
  }

  private static void head(StringBuilder s, int column, String text) {
    s.append("<text class=\"head\" x=\"").append(X[column]).append("\" y=\"16\">").append(esc(text)).append("</text>\n");
  }

  private static void edge(StringBuilder s, int x1, int y1, int x2, int y2, String cls) {
    int mid = (x1 + x2) / 2;
    s.append("<path").append(cls == null ? "" : " class=\"" + cls + "\"").append(" d=\"M").append(x1).append(',').append(y1).append(" C")
        .append(mid).append(',').append(y1).append(' ').append(mid).append(',').append(y2).append(' ').append(x2).append(',').append(y2)
        .append("\"/>\n");
  }

  private static void box(StringBuilder s, int column, int row, Node node) {
    int chars = W[column] / 7 - 1;
    String label = node.label().length() > chars ? node.label().substring(0, chars - 1) + "…" : node.label();
    s.append("<g class=\"").append(node.cls()).append("\"><title>").append(esc(node.title())).append("</title><rect x=\"").append(X[column])
        .append("\" y=\"").append(TOP + row * ROW).append("\" width=\"").append(W[column]).append("\" height=\"").append(BOX)
        .append("\" rx=\"4\"/><text x=\"").append(X[column] + 6).append("\" y=\"").append(TOP + row * ROW + 14).append("\">").append(esc(label))
        .append("</text></g>\n");
  }
}
