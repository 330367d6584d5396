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

  /** A processor crash, or a schema file the Filer cannot write, has no misuse that provokes it; it is reported like any message. */
  private static final Set<Messages> NOT_PROVOKABLE = Set.of(Messages.PROCESSOR_ERROR, Messages.SCHEMA_FILE);

  /**
   * Entries whose format is still only placeholders and punctuation, the sentence being composed at
   * their call sites: each composes several sentences, and giving each its own entry would make
   * entries share a code, which {@link #codesAreUnique} does not allow.
   */
  private static final Set<Messages> SHELLS = Set.of(Messages.LOAD_METHOD, Messages.UNKNOWN_PROPERTY,
      Messages.UNSERVED_QUERY, Messages.PAGE_REQUEST, Messages.IDS_FINDER, Messages.FIND_ALL, Messages.GEO_FINDER,
      Messages.TREE_FINDER, Messages.ORDER_BY, Messages.NEIGHBOR_FINDER);

  /** The text of a message is in the catalog, not composed where it is reported. */
  @Test
  void noMessageIsOnlyPlaceholders() {
    Set<Messages> shells = new HashSet<>();
    for (Messages m : Messages.values()) {
      String text = m.template().replaceAll("%(\\d+\\$)?[-#+ 0,(]*\\d*(\\.\\d+)?[a-zA-Z%]", "");
      if (text.chars().noneMatch(Character::isLetter)) {
        shells.add(m);
      }
    }
    assertEquals(SHELLS, shells, "entries whose format is only placeholders and punctuation");
  }

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
