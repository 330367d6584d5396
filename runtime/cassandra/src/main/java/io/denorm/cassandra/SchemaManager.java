package io.denorm.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.querybuilder.SchemaBuilder;
import com.datastax.oss.driver.api.querybuilder.schema.CreateKeyspace;
import com.datastax.oss.driver.api.querybuilder.schema.CreateKeyspaceStart;
import io.denorm.DenormException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Creates keyspaces and applies the schema files the processor writes ({@value #SCHEMA_RESOURCE}).
 *
 * <p>Every statement is {@code CREATE … IF NOT EXISTS}, so applying a schema twice changes nothing.
 * The generated statements are unqualified; this class qualifies each with the target keyspace, so
 * the same file serves any keyspace and any protocol version.
 */
public final class SchemaManager {

  /** Where the annotation processor writes the CQL schema of one compilation. */
  public static final String SCHEMA_RESOURCE = "META-INF/denorm/schema.cql";

  private static final Pattern CREATE =
      Pattern.compile("^(CREATE\\s+(?:TABLE|TYPE)\\s+IF\\s+NOT\\s+EXISTS\\s+)(\"(?:[^\"]|\"\")+\"|[A-Za-z][A-Za-z0-9_]*)(\\s*\\()",
          Pattern.CASE_INSENSITIVE);

  private final CqlSession session;
  private final Duration ddlTimeout;

  /**
   * The node that coordinated this manager's last DDL statement: the next one goes to it while the
   * driver sees it up, so that a statement of a sequence usually reaches a node that has applied the
   * one before (agreement as the driver checks it relies on the schema versions that nodes gossip).
   * Not so for a manager's first statement, when that node is down or cannot be reached (the
   * statement then goes wherever the driver's policy sends it), or when threads share a manager.
   */
  private volatile com.datastax.oss.driver.api.core.metadata.Node coordinator;

  private SchemaManager(CqlSession session, Duration ddlTimeout) {
    this.session = Objects.requireNonNull(session, "session");
    this.ddlTimeout = ddlTimeout;
  }

  public static SchemaManager of(CqlSession session) {
    return new SchemaManager(session, Duration.ofSeconds(60));
  }

  /** Creates {@code keyspace} unless it exists; an existing keyspace keeps its replication. */
  public void createKeyspace(String keyspace, Replication replication) {
    CreateKeyspaceStart start = SchemaBuilder.createKeyspace(CqlIdentifier.fromInternal(keyspace)).ifNotExists();
    CreateKeyspace create;
    if (replication instanceof Replication.Simple simple) {
      create = start.withSimpleStrategy(simple.factor());
    } else {
      create = start.withNetworkTopologyStrategy(((Replication.NetworkTopology) replication).factorByDatacenter());
    }
    execute(create.build());
  }

  /**
   * Applies every {@value #SCHEMA_RESOURCE} visible to {@code loader} (one per compiled module) in
   * {@code keyspace}. Returns the statements applied, qualified.
   */
  public List<String> applyFromClasspath(String keyspace, ClassLoader loader) {
    return applyFromClasspath(keyspace, loader, List.of());
  }

  /**
   * As above, only the tables of {@code entities} (simple class names; none: all) and those that
   * belong to no entity (user types, shared tables).
   */
  public List<String> applyFromClasspath(String keyspace, ClassLoader loader, java.util.Collection<String> entities) {
    List<String> applied = new ArrayList<>();
    for (String file : schemaFiles(loader)) {
      applied.addAll(apply(keyspace, blocksOf(file, entities)));
    }
    return applied;
  }

  /** The text of every {@value #SCHEMA_RESOURCE} {@code loader} sees (one per compiled module); at least one. */
  static List<String> schemaFiles(ClassLoader loader) {
    List<String> files = new ArrayList<>();
    try {
      for (URL url : Collections.list(loader.getResources(SCHEMA_RESOURCE))) {
        try (InputStream in = url.openStream()) {
          files.add(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
      }
    } catch (IOException e) {
      throw new DenormException("cannot read " + SCHEMA_RESOURCE + ": " + e.getMessage(), e);
    }
    if (files.isEmpty()) {
      throw new DenormException("no " + SCHEMA_RESOURCE + " on the classpath: is the Denorm annotation processor on annotationProcessorPaths?");
    }
    return files;
  }

  private static final Pattern OWNER = Pattern.compile("^-- .*? of ([\\w.$]+)", Pattern.MULTILINE);

  /**
   * The blocks of a schema file (separated by blank lines, each headed by a comment naming its
   * entity, or continuing the block before it) that belong to no entity or to one of {@code
   * entities} (simple class names; all, when empty).
   */
  public static String blocksOf(String cql, java.util.Collection<String> entities) {
    if (entities.isEmpty()) {
      return cql;
    }
    StringBuilder kept = new StringBuilder();
    String previous = null;
    for (String block : cql.split("\n\n")) {
      Matcher owner = OWNER.matcher(block);
      // a block without a comment continues the one before it (a structure's second table)
      boolean headed = block.lines().anyMatch(l -> l.startsWith("--"));
      String entity = owner.find() ? owner.group(1).substring(owner.group(1).lastIndexOf('.') + 1) : headed ? null : previous;
      previous = entity;
      if (entity == null || entities.contains(entity)) {
        kept.append(block).append("\n\n");
      }
    }
    return kept.toString();
  }

  public List<String> applyFromClasspath(String keyspace) {
    return applyFromClasspath(keyspace, Thread.currentThread().getContextClassLoader());
  }

  /** Applies the statements of one schema file in {@code keyspace}; returns them, qualified. */
  public List<String> apply(String keyspace, String schemaCql) {
    List<String> statements = qualify(keyspace, schemaCql);
    for (String statement : statements) {
      execute(SimpleStatement.newInstance(statement));
    }
    if (!statements.isEmpty() && !session.checkSchemaAgreement()) {
      throw new DenormException("schema applied to " + keyspace + " but the nodes did not agree on it in time");
    }
    return statements;
  }

  /**
   * Splits a schema file into statements and qualifies each table or type with {@code keyspace}.
   * Only the statement forms the processor writes are accepted.
   */
  static List<String> qualify(String keyspace, String schemaCql) {
    String ks = CqlIdentifier.fromInternal(keyspace).asCql(true);
    List<String> statements = new ArrayList<>();
    for (String raw : statements(schemaCql)) {
      String statement = raw.strip();
      if (statement.isEmpty()) {
        continue;
      }
      Matcher m = CREATE.matcher(statement);
      if (!m.find()) {
        throw new DenormException("schema statement not understood (expected CREATE TABLE|TYPE IF NOT EXISTS name (…)): "
            + statement.lines().findFirst().orElse(statement));
      }
      statements.add(m.group(1) + ks + "." + m.group(2) + m.group(3) + statement.substring(m.end()));
    }
    return statements;
  }

  /**
   * The statements of a CQL file: split at each {@code ;} that is not inside a string literal, a
   * quoted identifier or a comment, with {@code --}, {@code //} and block comments left out.
   */
  static List<String> statements(String cql) {
    List<String> out = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    int i = 0;
    while (i < cql.length()) {
      char c = cql.charAt(i);
      if ((c == '-' || c == '/') && cql.startsWith(c == '-' ? "--" : "//", i)) {
        int end = cql.indexOf('\n', i);
        i = end < 0 ? cql.length() : end;
      } else if (c == '/' && cql.startsWith("/*", i)) {
        int end = cql.indexOf("*/", i + 2);
        i = end < 0 ? cql.length() : end + 2;
        current.append(' ');
      } else if (c == '\'' || c == '"') {
        int end = i + 1;
        while (end < cql.length() && (cql.charAt(end) != c || end + 1 < cql.length() && cql.charAt(end + 1) == c)) {
          end += cql.charAt(end) == c ? 2 : 1; // a doubled quote is one quote inside
        }
        end = Math.min(end + 1, cql.length());
        current.append(cql, i, end);
        i = end;
      } else if (c == ';') {
        out.add(current.toString());
        current.setLength(0);
        i++;
      } else {
        current.append(c);
        i++;
      }
    }
    out.add(current.toString());
    return out;
  }


  /**
   * Brings {@code keyspace} in line with the schema files {@code loader} sees by additions only:
   * every missing type and table created (the files' {@code CREATE … IF NOT EXISTS}), then every
   * missing column or user-type field added ({@code ALTER TABLE|TYPE … ADD}). Nothing is dropped or
   * changed: what {@link SchemaCheck} reports as destructive stays as it is. Returns the statements
   * run, qualified; the keyspace must exist.
   */
  public List<String> addMissing(String keyspace, ClassLoader loader) {
    List<String> run = new ArrayList<>();
    List<SchemaCheck.Difference> before = SchemaCheck.differences(session, keyspace, loader);
    if (before.stream().anyMatch(d -> d.kind() == SchemaCheck.Kind.KEYSPACE_MISSING)) {
      throw new DenormException("keyspace " + keyspace + " does not exist: create it first (its replication is yours to choose)");
    }
    if (before.stream().anyMatch(d -> d.kind() == SchemaCheck.Kind.TABLE_MISSING || d.kind() == SchemaCheck.Kind.TYPE_MISSING)) {
      for (String file : schemaFiles(loader)) {
        run.addAll(apply(keyspace, file));
      }
    }
    CqlIdentifier ks = CqlIdentifier.fromInternal(keyspace);
    for (SchemaCheck.Difference d : SchemaCheck.differences(session, keyspace, loader)) {
      if (d.kind() == SchemaCheck.Kind.COLUMN_MISSING || d.kind() == SchemaCheck.Kind.FIELD_MISSING) {
        var live = session.getMetadata().getKeyspace(ks).orElseThrow(() -> new DenormException("keyspace " + keyspace + " disappeared"));
        com.datastax.oss.driver.api.core.type.DataType type = CqlTypes.parse(d.modelType(), live);
        CqlIdentifier table = CqlIdentifier.fromInternal(d.table());
        CqlIdentifier column = CqlIdentifier.fromCql(d.column());
        SimpleStatement statement = d.kind() == SchemaCheck.Kind.COLUMN_MISSING
            ? SchemaBuilder.alterTable(ks, table).addColumn(column, type).build()
            : SchemaBuilder.alterType(ks, table).addField(column, type).build();
        execute(statement);
        run.add(statement.getQuery());
      }
    }
    return run;
  }

  /** Drops {@code table} of {@code keyspace} if it exists, with its data, and waits until every node agrees. */
  public void dropTable(String keyspace, String table) {
    execute(SchemaBuilder.dropTable(CqlIdentifier.fromInternal(keyspace), CqlIdentifier.fromInternal(table)).ifExists().build());
  }

  /** Drops {@code keyspace} and everything in it, if it exists, and waits until every node agrees. */
  public void dropKeyspace(String keyspace) {
    execute(SchemaBuilder.dropKeyspace(CqlIdentifier.fromInternal(keyspace)).ifExists().build());
  }

  /**
   * Runs one DDL statement, then waits until every node has its result: the next statement may be
   * coordinated by a node that would otherwise not know the keyspace or table yet (or still know a
   * dropped one). The driver waits for agreement a few seconds on its own; a loaded cluster can take
   * longer, up to this manager's DDL timeout. The statement goes to the coordinator of the one
   * before while the driver sees it up (see {@link #coordinator}): on a loaded 3-node cluster a
   * CREATE TABLE once reached a node that did not know the keyspace created just before, after the
   * nodes had been reported in agreement. A statement the pinned node could not be sent is sent
   * again without the pin.
   */
  private void execute(SimpleStatement statement) {
    com.datastax.oss.driver.api.core.metadata.Node last = coordinator;
    SimpleStatement timed = statement.setTimeout(ddlTimeout);
    ResultSet result = null;
    if (last != null && last.getState() == com.datastax.oss.driver.api.core.metadata.NodeState.UP) {
      try {
        result = session.execute(timed.setNode(last));
      } catch (com.datastax.oss.driver.api.core.AllNodesFailedException notSent) {
        if (!neverSent(notSent)) {
          throw notSent;
        }
        // Never sent (no connection to that node): any other node, as without a pin.
      }
    }
    if (result == null) {
      result = session.execute(timed);
    }
    coordinator = result.getExecutionInfo().getCoordinator();
    if (result.getExecutionInfo().isSchemaInAgreement()) {
      return;
    }
    long deadline = System.nanoTime() + ddlTimeout.toNanos();
    while (!session.checkSchemaAgreement()) {
      if (System.nanoTime() > deadline) {
        throw new DenormException("the nodes did not agree on the schema within " + ddlTimeout.toSeconds() + " s after: "
            + statement.getQuery().lines().findFirst().orElse(""));
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new DenormException("interrupted while waiting for the nodes to agree on the schema", e);
      }
    }
  }

  /**
   * Whether {@code e} says the request was never written to a node: no node available (a {@code
   * NoNodeAvailableException}, no errors), or every node tried unavailable.
   */
  private static boolean neverSent(com.datastax.oss.driver.api.core.AllNodesFailedException e) {
    return e instanceof com.datastax.oss.driver.api.core.NoNodeAvailableException
        || !e.getAllErrors().isEmpty() && e.getAllErrors().values().stream().flatMap(List::stream)
            .allMatch(x -> x instanceof com.datastax.oss.driver.api.core.NodeUnavailableException);
  }
}
