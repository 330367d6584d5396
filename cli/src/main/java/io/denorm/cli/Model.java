package io.denorm.cli;

import io.denorm.DenormException;
import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * An application's model, read from its jar or classes directory: the schema files and {@code
 * model.yaml} the processor wrote under {@code META-INF/denorm/}, and the generated DAO classes that
 * maintain its index tables. Denorm's own files are looked up in the given paths only, never in the
 * command's own class path; classes are loaded from the paths, with Denorm's runtimes and the
 * drivers from the command.
 */
final class Model implements AutoCloseable {

  static final String MODEL_RESOURCE = "META-INF/denorm/model.yaml";

  /** A class loader over the application whose {@code META-INF/denorm/} resources are its own only. */
  private static final class ApplicationLoader extends URLClassLoader {
    ApplicationLoader(URL[] urls, ClassLoader parent) {
      super(urls, parent);
    }

    @Override
    public URL getResource(String name) {
      return name.startsWith("META-INF/denorm/") ? findResource(name) : super.getResource(name);
    }

    @Override
    public Enumeration<URL> getResources(String name) throws IOException {
      return name.startsWith("META-INF/denorm/") ? findResources(name) : super.getResources(name);
    }
  }

  /** An index table of the model: its name, kind ({@code index}, {@code unique index}, …) and entity. */
  /** @param entity the entity's class name (its simple name in a model.yaml written before class names were) */
  record Table(String name, String kind, String entity) {}

  private final ApplicationLoader loader;
  private final List<Path> paths;
  private final Map<String, Table> tables = new LinkedHashMap<>();
  /** Entity → store ({@code cassandra}, {@code hbase}) → the generated DAO classes implementing it. */
  private final Map<String, Map<String, List<String>>> daos = new LinkedHashMap<>();
  private Map<String, Object> manifest = Map.of();

  private Model(List<Path> paths) {
    this.paths = List.copyOf(paths);
    URL[] urls = new URL[paths.size()];
    for (int i = 0; i < urls.length; i++) {
      Path p = paths.get(i);
      if (!Files.exists(p)) {
        throw new DenormException("--model " + p + " does not exist: give the application's jar or its classes directory");
      }
      try {
        urls[i] = p.toAbsolutePath().toUri().toURL();
      } catch (MalformedURLException e) {
        throw new DenormException("--model " + p + ": " + e.getMessage(), e);
      }
    }
    this.loader = new ApplicationLoader(urls, Model.class.getClassLoader());
  }

  /** The model of the application at {@code paths} (jars or classes directories). */
  @SuppressWarnings("unchecked")
  static Model load(List<Path> paths) {
    if (paths.isEmpty()) {
      throw new DenormException("no --model given: name the application's jar or classes directory");
    }
    Model model = new Model(paths);
    URL yaml = model.loader.getResource(MODEL_RESOURCE);
    if (yaml == null) {
      model.close();
      throw new DenormException("no " + MODEL_RESOURCE + " in " + paths + ": was the application compiled with the Denorm annotation processor?");
    }
    Map<String, Object> root;
    try (InputStream in = yaml.openStream()) {
      root = new Yaml(new SafeConstructor(new LoaderOptions())).load(in);
    } catch (IOException | RuntimeException e) {
      model.close();
      throw new DenormException("cannot read " + yaml + ": " + e.getMessage(), e);
    }
    for (Object t : (List<Object>) root.getOrDefault("tables", List.of())) {
      Map<String, Object> table = (Map<String, Object>) t;
      String name = String.valueOf(table.get("name"));
      model.tables.put(name, new Table(name, String.valueOf(table.get("kind")), (String) table.getOrDefault("entityClass", table.get("entity"))));
    }
    for (Object d : (List<Object>) root.getOrDefault("daos", List.of())) {
      Map<String, Object> dao = (Map<String, Object>) d;
      Object entity = dao.getOrDefault("entityClass", dao.get("entity"));
      Map<String, Object> implementations = (Map<String, Object>) dao.getOrDefault("implementations", Map.of());
      if (entity == null || implementations == null) {
        continue;
      }
      implementations.forEach((store, cls) -> model.daos.computeIfAbsent(String.valueOf(entity), k -> new LinkedHashMap<>())
          .computeIfAbsent(store, k -> new ArrayList<>()).add(String.valueOf(cls)));
    }
    model.manifest = root;
    return model;
  }

  /** The parsed model.yaml. */
  Map<String, Object> manifest() {
    return manifest;
  }

  ClassLoader loader() {
    return loader;
  }

  List<Path> paths() {
    return paths;
  }

  /** The model's table {@code name}, or null. */
  Table table(String name) {
    return tables.get(name);
  }

  /** The names of the model's index tables (those that a DAO's index maintenance rebuilds). */
  List<String> indexTables() {
    return tables.values().stream().filter(t -> t.kind().contains("index")).map(Table::name).toList();
  }

  /** The generated DAO classes of {@code entity} for {@code store} ({@code cassandra} or {@code hbase}), in model order. */
  List<String> daosOf(String entity, String store) {
    return daos.getOrDefault(entity, Map.of()).getOrDefault(store, Collections.emptyList());
  }

  /**
   * A new instance of a generated DAO of the entity that owns index table {@code index}, built with
   * {@code connectionArgs} (a {@code CqlSession} and keyspace, or an HBase {@code Connection} and
   * namespace), or a {@link DenormException} that says why there is none.
   */
  Object daoForIndex(String index, String store, Class<?>[] types, Object... connectionArgs) {
    Table table = tables.get(Objects.requireNonNull(index, "index"));
    if (table == null || !table.kind().contains("index")) {
      throw new DenormException("no index table " + index + " in the model; its index tables: " + indexTables());
    }
    List<String> candidates = daosOf(table.entity(), store);
    if (candidates.isEmpty()) {
      throw new DenormException("index " + index + " belongs to " + table.entity() + ", which has no DAO generated for " + store
          + ": declare a @Dao of it (its index maintenance is the DAO's)");
    }
    try {
      Class<?> type = Class.forName(candidates.get(0), true, loader);
      return type.getConstructor(types).newInstance(connectionArgs);
    } catch (ReflectiveOperationException e) {
      Throwable cause = e.getCause() != null ? e.getCause() : e;
      throw new DenormException("cannot create " + candidates.get(0) + " for index " + index + ": " + cause, cause);
    }
  }

  @Override
  public void close() {
    try {
      loader.close();
    } catch (IOException e) {
      // nothing left to release
    }
  }
}
