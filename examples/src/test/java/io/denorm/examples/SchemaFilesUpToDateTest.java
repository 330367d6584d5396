package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The build fails when the checked-in schema files under {@code schemas/examples/} differ from what
 * the processor generates now. {@code DENORM_UPDATE_SCHEMAS=true mvn verify} rewrites them.
 */
class SchemaFilesUpToDateTest {

  @ParameterizedTest
  @ValueSource(strings = {"schema.cql", "model.yaml", "hbase-tables.yaml"})
  void checkedInSchemaMatchesGenerated(String name) throws IOException {
    Path generated = Path.of("target", "classes", "META-INF", "denorm", name);
    Path checkedIn = Path.of(System.getProperty("denorm.schemas.dir", "../schemas/examples")).resolve(name);
    assertTrue(Files.isRegularFile(generated), "the processor wrote no " + generated);
    String now = Files.readString(generated);
    if ("true".equals(System.getenv("DENORM_UPDATE_SCHEMAS"))) {
      Files.createDirectories(checkedIn.getParent());
      Files.writeString(checkedIn, now);
      return;
    }
    if (!Files.isRegularFile(checkedIn)) {
      fail(checkedIn + " is missing; run DENORM_UPDATE_SCHEMAS=true mvn verify and commit it");
    }
    String before = Files.readString(checkedIn);
    if (!before.equals(now)) {
      fail("schema drift: " + checkedIn + " differs from what the processor generates now (" + generated + ") "
          + "at line " + firstDifference(before, now) + ".\nIf the change is intended, run DENORM_UPDATE_SCHEMAS=true mvn verify and commit "
          + checkedIn + ".");
    }
  }

  private static int firstDifference(String a, String b) {
    String[] x = a.split("\n", -1);
    String[] y = b.split("\n", -1);
    for (int i = 0; i < Math.min(x.length, y.length); i++) {
      if (!x[i].equals(y[i])) {
        return i + 1;
      }
    }
    return Math.min(x.length, y.length) + 1;
  }
}
