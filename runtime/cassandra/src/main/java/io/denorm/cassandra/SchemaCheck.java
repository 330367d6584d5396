package io.denorm.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import io.denorm.DenormException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Compares a keyspace as it is on the cluster with the schema files the processor wrote: every
 * table and user type they create must exist, with every column, of the same type, and with the same
 * primary key. What the live keyspace has beyond them is not reported (columns dropped from the
 * model keep their data). Used by the Spring Boot starter's {@code validate} schema action.
 */
public final class SchemaCheck {

  /** What kind of difference: whether an ALTER adds what is missing, or the table must be recreated. */
  public enum Kind {
    KEYSPACE_MISSING(false), TABLE_MISSING(false), TYPE_MISSING(false),
    /** A regular column the table lacks: {@code ALTER TABLE … ADD} adds it. */
    COLUMN_MISSING(false),
    /** A field a user type lacks: {@code ALTER TYPE … ADD} adds it. */
    FIELD_MISSING(false),
    /** A column or field of another type. */
    TYPE_MISMATCH(true),
    /** Another primary key, clustering order or static flag: no ALTER changes it. */
    KEY_CHANGED(true),
    /** A table of the keyspace that the model does not have (reported by {@link #extraTables}). */
    EXTRA_TABLE(true);

    private final boolean destructive;

    Kind(boolean destructive) {
      this.destructive = destructive;
    }

    /** Whether bringing the live schema in line takes dropping something (a table recreated, or dropped). */
    public boolean destructive() {
      return destructive;
    }
  }

  /**
   * One way the live keyspace differs from the model: its table (or type), the kind, the column or
   * field concerned (null for a whole table), its type in the model (null when none applies), and
   * what is wrong, in words.
   */
  public record Difference(String table, Kind kind, String column, String modelType, String problem) {
    @Override
    public String toString() {
      return table + ": " + problem;
    }
  }

  private static final Pattern HEAD = Pattern.compile("^CREATE\\s+(TABLE|TYPE)\\s+IF\\s+NOT\\s+EXISTS\\s+(\"(?:[^\"]|\"\")+\"|[A-Za-z][A-Za-z0-9_]*)\\s*\\(",
      Pattern.CASE_INSENSITIVE);

  private SchemaCheck() {}

  /** The differences between {@code keyspace} and every {@value SchemaManager#SCHEMA_RESOURCE} {@code loader} sees; empty when in line. */
  public static List<Difference> differences(CqlSession session, String keyspace, ClassLoader loader) {
    return differences(session, keyspace, loader, List.of());
  }

  /** As above, for the tables of {@code entities} (simple class names; none: all) and those of no entity. */
  public static List<Difference> differences(CqlSession session, String keyspace, ClassLoader loader, java.util.Collection<String> entities) {
    List<String> files = SchemaManager.schemaFiles(loader).stream().map(f -> SchemaManager.blocksOf(f, entities)).toList();
    session.refreshSchema();
    Optional<KeyspaceMetadata> live = session.getMetadata().getKeyspace(CqlIdentifier.fromInternal(keyspace));
    if (live.isEmpty()) {
      return List.of(new Difference(keyspace, Kind.KEYSPACE_MISSING, null, null, "keyspace missing"));
    }
    List<Difference> out = new ArrayList<>();
    for (String file : files) {
      for (String statement : SchemaManager.statements(file)) {
        check(live.get(), statement.strip(), out);
      }
    }
    return out;
  }

  /**
   * The tables of {@code keyspace} that no schema file {@code loader} sees creates (kind {@link
   * Kind#EXTRA_TABLE}): what an earlier model left behind, or another application's. Nothing of
   * Denorm drops them.
   */
  public static List<Difference> extraTables(CqlSession session, String keyspace, ClassLoader loader) {
    java.util.Set<String> model = new java.util.HashSet<>();
    for (String file : SchemaManager.schemaFiles(loader)) {
      for (String statement : SchemaManager.statements(file)) {
        Matcher m = HEAD.matcher(statement.strip());
        if (m.find() && m.group(1).equalsIgnoreCase("TABLE")) {
          model.add(CqlIdentifier.fromCql(m.group(2)).asInternal());
        }
      }
    }
    session.refreshSchema();
    Optional<KeyspaceMetadata> live = session.getMetadata().getKeyspace(CqlIdentifier.fromInternal(keyspace));
    if (live.isEmpty()) {
      return List.of();
    }
    return live.get().getTables().keySet().stream().map(CqlIdentifier::asInternal).filter(t -> !model.contains(t)).sorted()
        .map(t -> new Difference(t, Kind.EXTRA_TABLE, null, null, "table not in the model")).toList();
  }

  private static void check(KeyspaceMetadata keyspace, String statement, List<Difference> out) {
    if (statement.isEmpty()) {
      return;
    }
    Matcher m = HEAD.matcher(statement);
    if (!m.find()) {
      throw new DenormException("schema statement not understood: " + statement.lines().findFirst().orElse(statement));
    }
    CqlIdentifier name = CqlIdentifier.fromCql(m.group(2));
    int close = m.end();
    for (int depth = 1; depth > 0; close++) {
      if (close >= statement.length()) {
        throw new DenormException("schema statement not understood (no closing parenthesis): " + statement.lines().findFirst().orElse(statement));
      }
      char c = statement.charAt(close);
      depth += c == '(' ? 1 : c == ')' ? -1 : 0;
    }
    String body = statement.substring(m.end(), close - 1);
    String shown = name.asInternal();
    List<String> parts = topLevel(body);
    if (m.group(1).equalsIgnoreCase("TYPE")) {
      Optional<UserDefinedType> type = keyspace.getUserDefinedType(name);
      if (type.isEmpty()) {
        out.add(new Difference(shown, Kind.TYPE_MISSING, null, null, "user type missing"));
        return;
      }
      for (String part : parts) {
        String[] column = column(part);
        int i = type.get().firstIndexOf(CqlIdentifier.fromCql(column[0]));
        if (i < 0) {
          out.add(new Difference(shown, Kind.FIELD_MISSING, column[0], column[1], "field " + column[0] + " missing (ALTER TYPE … ADD can add it)"));
        } else if (!sameType(column[1], type.get().getFieldTypes().get(i).asCql(true, false), keyspace)) {
          out.add(new Difference(shown, Kind.TYPE_MISMATCH, column[0], column[1], "field " + column[0] + " is " + type.get().getFieldTypes().get(i).asCql(true, false) + ", the model says " + column[1]));
        }
      }
      return;
    }
    Optional<TableMetadata> table = keyspace.getTable(name);
    if (table.isEmpty()) {
      out.add(new Difference(shown, Kind.TABLE_MISSING, null, null, "table missing"));
      return;
    }
    checkClusteringOrder(table.get(), statement.substring(close), out);
    for (String part : parts) {
      if (part.regionMatches(true, 0, "PRIMARY KEY", 0, 11)) {
        checkKey(table.get(), part, out);
        continue;
      }
      boolean isStatic = part.strip().toUpperCase(Locale.ROOT).endsWith(" STATIC");
      String[] column = column(part);
      if (column[1].toUpperCase(Locale.ROOT).endsWith(" PRIMARY KEY")) {
        column[1] = column[1].substring(0, column[1].length() - 12).strip();
        checkKey(table.get(), "PRIMARY KEY (" + column[0] + ")", out);
      }
      Optional<ColumnMetadata> live = table.get().getColumn(CqlIdentifier.fromCql(column[0]));
      if (live.isEmpty()) {
        out.add(new Difference(shown, Kind.COLUMN_MISSING, column[0], column[1], "column " + column[0] + " missing (ALTER TABLE … ADD can add it)"));
      } else if (!sameType(column[1], live.get().getType().asCql(true, false), keyspace)) {
        out.add(new Difference(shown, Kind.TYPE_MISMATCH, column[0], column[1], "column " + column[0] + " is " + live.get().getType().asCql(true, false) + ", the model says " + column[1]));
      } else if (live.get().isStatic() != isStatic) {
        out.add(new Difference(shown, Kind.KEY_CHANGED, column[0], column[1], "column " + column[0] + (isStatic ? " is not static, the model says static" : " is static, the model says not")));
      }
    }
  }

  private static final Pattern CLUSTERING_ORDER = Pattern.compile("CLUSTERING\\s+ORDER\\s+BY\\s*\\(([^)]*)\\)", Pattern.CASE_INSENSITIVE);

  /** The order of each clustering column, as {@code WITH CLUSTERING ORDER BY (…)} after the definitions says (ASC when unsaid). */
  private static void checkClusteringOrder(TableMetadata table, String options, List<Difference> out) {
    java.util.Map<String, String> model = new java.util.HashMap<>();
    Matcher m = CLUSTERING_ORDER.matcher(options);
    if (m.find()) {
      for (String part : m.group(1).split(",")) {
        String[] words = part.strip().split("\\s+");
        if (words.length == 2) {
          model.put(CqlIdentifier.fromCql(words[0]).asInternal(), words[1].toUpperCase(Locale.ROOT));
        }
      }
    }
    table.getClusteringColumns().forEach((column, order) -> {
      String expected = model.getOrDefault(column.getName().asInternal(), "ASC");
      if (!order.name().equals(expected)) {
        out.add(new Difference(table.getName().asInternal(), Kind.KEY_CHANGED, column.getName().asInternal(), null, "clustering column " + column.getName().asInternal() + " is " + order.name()
            + ", the model says " + expected + " (no ALTER can change it: the table must be recreated and reloaded)"));
      }
    });
  }

  /** PRIMARY KEY ((a, b), c): the partition key and clustering columns, in order, by name. */
  private static void checkKey(TableMetadata table, String part, List<Difference> out) {
    String inner = part.substring(part.indexOf('(') + 1, part.lastIndexOf(')')).strip();
    List<String> model = new ArrayList<>();
    List<String> partition;
    if (inner.startsWith("(")) {
      int close = inner.indexOf(')');
      partition = names(inner.substring(1, close));
      model.addAll(names(inner.substring(close + 1)));
    } else {
      List<String> all = names(inner);
      partition = all.subList(0, 1);
      model.addAll(all.subList(1, all.size()));
    }
    List<String> livePartition = table.getPartitionKey().stream().map(c -> c.getName().asInternal()).toList();
    List<String> liveClustering = table.getClusteringColumns().keySet().stream().map(c -> c.getName().asInternal()).toList();
    if (!livePartition.equals(partition) || !liveClustering.equals(model)) {
      out.add(new Difference(table.getName().asInternal(), Kind.KEY_CHANGED, null, null, "primary key is " + livePartition + " " + liveClustering + ", the model says "
          + partition + " " + model + " (no ALTER can change a key: the table must be recreated and reloaded)"));
    }
  }

  private static List<String> names(String list) {
    List<String> out = new ArrayList<>();
    for (String s : list.split(",")) {
      if (!s.isBlank()) {
        out.add(CqlIdentifier.fromCql(s.strip()).asInternal());
      }
    }
    return out;
  }

  /** {name, type} of one column definition ({@code "first name" text}, {@code tags set<text>}, {@code id text STATIC}). */
  private static String[] column(String part) {
    String p = part.strip();
    int split = p.startsWith("\"") ? p.indexOf('"', 1) + 1 : p.indexOf(' ');
    String type = p.substring(split).strip();
    if (type.toUpperCase(Locale.ROOT).endsWith(" STATIC")) {
      type = type.substring(0, type.length() - 7).strip();
    }
    return new String[] {p.substring(0, split), type};
  }

  /** Types compared without spaces, case or quotes, a user type's keyspace prefix left out. */
  private static boolean sameType(String model, String live, KeyspaceMetadata keyspace) {
    String prefix = keyspace.getName().asInternal().toLowerCase(Locale.ROOT) + ".";
    return normal(model, prefix).equals(normal(live, prefix));
  }

  private static String normal(String type, String keyspacePrefix) {
    return type.toLowerCase(Locale.ROOT).replace("\"", "").replace(" ", "").replace(keyspacePrefix, "");
  }

  /** The comma-separated parts of a definition list, commas inside {@code <…>} or {@code (…)} kept. */
  private static List<String> topLevel(String body) {
    List<String> out = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < body.length(); i++) {
      char c = body.charAt(i);
      if (c == '<' || c == '(') {
        depth++;
      } else if (c == '>' || c == ')') {
        depth--;
      } else if (c == ',' && depth == 0) {
        out.add(body.substring(start, i).strip());
        start = i + 1;
      }
    }
    String last = body.substring(start).strip();
    if (!last.isEmpty()) {
      out.add(last);
    }
    return out;
  }
}
