package io.denorm.processor.step;

import io.denorm.processor.backend.Backend;
import io.denorm.processor.diag.Messages;
import io.denorm.processor.model.DaoModel;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.schema.ModelManifestWriter;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * Writes the schema files of the whole compilation after the last round: the CQL schema, the YAML
 * manifest and the model report (HTML), all sorted by class name so that they do not depend on round order.
 */
public final class SchemaStep implements ProcessingStep {

  private final ProcessingEnv env;

  public SchemaStep(ProcessingEnv env) {
    this.env = env;
  }

  @Override
  public Set<String> annotations() {
    return Set.of();
  }

  @Override
  public Set<Element> process(Set<? extends Element> elements) {
    return Set.of();
  }

  @Override
  public void finish(Set<? extends Element> stillDeferred) {
    if (env.validEntities.isEmpty()) {
      return;
    }
    List<EntityModel> entities = new ArrayList<>(env.validEntities);
    entities.sort(Comparator.comparing(e -> e.className().canonicalName()));
    List<DaoModel> daos = new ArrayList<>(env.validDaos);
    daos.sort(Comparator.comparing(d -> d.className().canonicalName()));
    List<Element> origins = new ArrayList<>();
    entities.forEach(e -> origins.add(e.element()));
    daos.forEach(d -> origins.add(d.element()));
    Element[] originating = origins.toArray(new Element[0]);
    for (Backend backend : env.backends) {
      for (Map.Entry<String, String> file : new TreeMap<>(backend.schemaFiles(entities)).entrySet()) {
        write(file.getKey(), file.getValue(), originating);
      }
    }
    Map<String, Object> model = new ModelManifestWriter(env.backends).model(entities, daos);
    write(ModelManifestWriter.RESOURCE, ModelManifestWriter.yaml(model), originating);
    write(io.denorm.report.ModelReport.RESOURCE, io.denorm.report.ModelReport.html(model, "Denorm model report"), originating);
  }

  private void write(String resource, String content, Element[] originating) {
    try {
      FileObject file = env.env.getFiler().createResource(StandardLocation.CLASS_OUTPUT, "", resource, originating);
      try (Writer w = file.openWriter()) {
        w.write(content);
      }
    } catch (IOException e) {
      env.messager.printMessage(Diagnostic.Kind.ERROR, Messages.SCHEMA_FILE.format(resource, e.getMessage()));
    }
  }
}
