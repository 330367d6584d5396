package io.denorm.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.denorm.processor.diag.DaoMessages;
import io.denorm.processor.diag.Message;
import io.denorm.processor.diag.Messages;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every message has its own text in the catalog, the entries of one code are declared together, and
 * every code, and every entry, is provoked by a test in {@link MisuseTest}.
 */
class MessagesCatalogTest {

  /** Both catalogs, one after the other, as one list of entries. */
  private static final List<Message> ALL = Stream.concat(Arrays.stream(Messages.values()), Arrays.stream(DaoMessages.values()))
      .map(Message.class::cast).toList();

  /**
   * Entries no source can provoke, each with the reason. A processor crash, or a schema file the
   * Filer cannot write, has no misuse that provokes it; it is reported like any message.
   */
  private static final Set<Message> NOT_PROVOKABLE = Set.of(Messages.PROCESSOR_ERROR, Messages.SCHEMA_FILE);

  /**
   * Entries whose format is a shell, the sentence being composed at their call sites: none. An entry
   * added as a shell fails {@link #noMessageIsOnlyPlaceholders}; give each sentence an entry of its
   * own instead, under the same code when it is the same kind of problem.
   */
  private static final Set<Message> SHELLS = Set.of();

  /**
   * A format with fewer letters than this, once its placeholders and the annotation names it
   * mentions ({@code @Index}) are removed, is a shell ({@code "@Count on '%s' of %s %s"}): its sentence
   * would be composed where it is reported.
   */
  private static final int MIN_LETTERS = 10;

  /** The text of a message is in the catalog, not composed where it is reported. */
  @Test
  void noMessageIsOnlyPlaceholders() {
    Set<Message> shells = new HashSet<>();
    for (Message m : ALL) {
      String text = m.template().replaceAll("%(\\d+\\$)?[-#+ 0,(]*\\d*(\\.\\d+)?[a-zA-Z%]", "").replaceAll("@\\w+", "");
      if (text.chars().filter(Character::isLetter).count() < MIN_LETTERS) {
        shells.add(m);
      }
    }
    assertEquals(SHELLS, shells, "entries whose format is only placeholders, punctuation and a few words");
  }

  /**
   * Every code is provoked in {@link MisuseTest}, which asserts the rendered {@code [denorm:Code] …}
   * text. The check is by code: the entries of one code are the sentences of one kind of problem, and
   * a test names the code it provokes, not the entry.
   */
  @Test
  void everyMessageHasAMisuseTest() throws IOException {
    String tests = Files.readString(Path.of("src/test/java/io/denorm/processor/MisuseTest.java"));
    Set<String> untested = new LinkedHashSet<>();
    for (Message m : ALL) {
      if (!NOT_PROVOKABLE.contains(m) && !tests.contains("[denorm:" + m.code() + "]")) {
        untested.add(m.code());
      }
    }
    assertEquals(List.of(), List.copyOf(untested), "codes without a test in MisuseTest");
  }

  /** A placeholder of a format: {@code %s}, {@code %d}, {@code %1$s}, {@code %n}, … */
  private static final String PLACEHOLDER = "%(\\d+\\$)?[-#+ 0,(]*\\d*(\\.\\d+)?[a-zA-Z%]";

  /** How many characters make an entry's distinctive piece. */
  private static final int PIECE = 24;

  /**
   * The piece of an entry's format that {@link #everyEntryHasAMisuseTest} looks for. The format is
   * cut at its placeholders into stretches of text, each without the punctuation and spaces it starts
   * with. Going through the stretches from the longest, and through each from its start word by
   * word, the piece is the first {@value #PIECE} characters starting at a word (a whole stretch when
   * it is shorter) that no other entry's format contains. When every such piece is shared (the entry's
   * text is all found in other entries too, e.g. {@code LOAD_RETURN_TYPE} and {@code
   * LOAD_RETURN_TYPE_MANY}), the piece is the first {@value #PIECE} characters of the longest stretch;
   * such an entry is then satisfied by a test of the other entry too, and its own test is kept by
   * review, not by this check.
   */
  static String distinctivePiece(Message m) {
    List<String> stretches = new ArrayList<>();
    for (String stretch : m.template().split(PLACEHOLDER)) {
      stretches.add(stretch.replaceFirst("^[^\\p{L}\\p{N}]+", ""));
    }
    stretches.sort(Comparator.comparingInt(String::length).reversed());
    for (String stretch : stretches) {
      Matcher word = Pattern.compile("(?<![\\p{L}\\p{N}])[\\p{L}\\p{N}]").matcher(stretch);
      while (word.find() && (word.start() == 0 || word.start() + PIECE <= stretch.length())) {
        String piece = stretch.substring(word.start(), Math.min(stretch.length(), word.start() + PIECE));
        if (ALL.stream().noneMatch(o -> o != m && o.template().contains(piece))) {
          return piece;
        }
      }
    }
    String longest = stretches.get(0);
    return longest.substring(0, Math.min(PIECE, longest.length()));
  }

  /**
   * Every entry, not only every code, is provoked in {@link MisuseTest}: the {@link
   * #distinctivePiece} of each entry, written as it is inside a Java string literal ({@code "} as
   * {@code \"}), appears in MisuseTest.java, where a test asserts the message it is part of. An
   * entry that no source can provoke is listed in {@link #NOT_PROVOKABLE} with the reason.
   */
  @Test
  void everyEntryHasAMisuseTest() throws IOException {
    String tests = Files.readString(Path.of("src/test/java/io/denorm/processor/MisuseTest.java"));
    List<String> untested = new ArrayList<>();
    for (Message m : ALL) {
      String piece = distinctivePiece(m).replace("\\", "\\\\").replace("\"", "\\\"");
      if (!NOT_PROVOKABLE.contains(m) && !tests.contains(piece)) {
        untested.add(m.name() + " (\"" + piece + "\")");
      }
    }
    assertEquals(List.of(), untested, "entries whose text no test in MisuseTest asserts");
  }

  /**
   * Entries that share a code are declared next to each other: a code names one kind of problem
   * (users silence it with {@code @SuppressWarnings("denorm:Code")}), and each of its sentences is an
   * entry of its own, so the entries of a code must read as one group in the catalog. A code that
   * comes back after another code's entries is either a second kind of problem under a code already
   * taken, which needs a code of its own, or an entry misplaced.
   */
  @Test
  void entriesOfACodeAreDeclaredTogether() {
    List<String> groups = new ArrayList<>();
    for (Message m : ALL) {
      if (groups.isEmpty() || !groups.get(groups.size() - 1).equals(m.code())) {
        groups.add(m.code());
      }
    }
    List<String> scattered = new ArrayList<>(groups);
    for (String code : new LinkedHashSet<>(groups)) {
      scattered.remove(code);
    }
    assertEquals(List.of(), scattered, "codes whose entries are not declared next to each other");
  }
}
