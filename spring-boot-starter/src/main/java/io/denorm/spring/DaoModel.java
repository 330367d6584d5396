package io.denorm.spring;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/** The DAOs of every {@code META-INF/denorm/model.yaml} on the classpath, as the processor listed them. */
record DaoModel(String name, String interfaceName, String entity, String cassandra, String hbase) {

  static final String RESOURCE = "META-INF/denorm/model.yaml";

  static List<DaoModel> fromClasspath(ClassLoader loader) {
    List<DaoModel> out = new ArrayList<>();
    try {
      for (URL url : Collections.list(loader.getResources(RESOURCE))) {
        try (InputStream in = url.openStream()) {
          Object root = new Yaml(new SafeConstructor(new LoaderOptions())).load(in);
          if (!(root instanceof Map<?, ?> model) || !(model.get("daos") instanceof List<?> daos)) {
            continue;
          }
          for (Object d : daos) {
            Map<?, ?> dao = (Map<?, ?>) d;
            Map<?, ?> impl = dao.get("implementations") instanceof Map<?, ?> m ? m : Map.of();
            out.add(new DaoModel((String) dao.get("name"), (String) dao.get("class"), (String) dao.get("entity"), (String) impl.get("cassandra"), (String) impl.get("hbase")));
          }
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException("Denorm: cannot read " + RESOURCE + ": " + e.getMessage(), e);
    }
    return out;
  }

  /** Whether the DAO interface is in one of {@code packages} or below (all, when none are given). */
  boolean in(List<String> packages) {
    return packages.isEmpty() || packages.stream().anyMatch(p -> interfaceName.startsWith(p + "."));
  }

  /** The bean name: the interface's simple name with a lower-case first letter ({@code userDao}). */
  String beanName() {
    return Character.toLowerCase(name.charAt(0)) + name.substring(1);
  }
}
