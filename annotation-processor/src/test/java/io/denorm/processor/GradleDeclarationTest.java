package io.denorm.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The declaration Gradle reads to run the processor incrementally. Gradle is not installed on our
 * machines, so this checks the file against Gradle's documented rules instead of running a build:
 * one line naming the processor the service file registers, category {@code aggregating} (the
 * processor writes schema.cql, hbase-tables.yaml and model.yaml from every entity of the
 * compilation, so one output depends on many inputs), and only annotations Gradle lets an
 * aggregating processor read (retention CLASS or RUNTIME, named explicitly rather than "*").
 */
class GradleDeclarationTest {

  private static List<String> lines(String resource) throws IOException {
    try (InputStream in = GradleDeclarationTest.class.getClassLoader().getResourceAsStream(resource)) {
      assertNotNull(in, resource + " is on the processor's class path");
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(String::strip)
          .filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
    }
  }

  @Test
  void theProcessorIsDeclaredAggregating() throws IOException {
    assertEquals(List.of("io.denorm.processor.DenormProcessor,aggregating"), lines("META-INF/gradle/incremental.annotation.processors"));
    assertEquals(List.of("io.denorm.processor.DenormProcessor"), lines("META-INF/services/javax.annotation.processing.Processor"),
        "the same processor javac finds");
  }

  @Test
  void itReadsOnlyAnnotationsKeptInClassFiles() throws ClassNotFoundException {
    var types = new DenormProcessor().getSupportedAnnotationTypes();
    assertTrue(!types.isEmpty() && !types.contains("*"), "named annotation types: " + types);
    for (String type : types) {
      Retention retention = Class.forName(type).getAnnotation(Retention.class);
      assertTrue(retention != null && retention.value() != RetentionPolicy.SOURCE, type + " is kept in class files");
    }
  }
}
