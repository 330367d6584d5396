package io.denorm.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.denorm.processor.diag.Messages;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Every message code is unique and provoked by a test in {@link MisuseTest}. */
class MessagesCatalogTest {

  /** A processor crash has no misuse that provokes it; it is reported like any message. */
  private static final Set<Messages> NOT_PROVOKABLE = Set.of(Messages.PROCESSOR_ERROR);

  @Test
  void everyMessageHasAMisuseTest() throws IOException {
    String tests = Files.readString(Path.of("src/test/java/io/denorm/processor/MisuseTest.java"));
    List<String> untested = new ArrayList<>();
    for (Messages m : Messages.values()) {
      if (!NOT_PROVOKABLE.contains(m) && !tests.contains("[denorm:" + m.code() + "]")) {
        untested.add(m.code());
      }
    }
    assertEquals(List.of(), untested, "messages without a test in MisuseTest");
  }

  @Test
  void codesAreUnique() {
    Set<String> codes = new HashSet<>();
    for (Messages m : Messages.values()) {
      assertEquals(true, codes.add(m.code()), "duplicate code " + m.code());
    }
  }
}
