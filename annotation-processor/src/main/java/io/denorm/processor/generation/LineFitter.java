package io.denorm.processor.generation;

import java.util.ArrayList;
import java.util.List;

/**
 * Wraps the lines of a generated source file that are longer than a limit, only where a line break
 * changes nothing: between words of a comment (never before a word starting with {@code @}, which
 * would read as a Javadoc block tag), after a comma, before a {@code +}, {@code ?},
 * {@code :}, {@code &&} or {@code ||}, before a chained call, after an arrow, or by cutting a long
 * string literal into two literals joined by {@code +}. Continuation lines are indented four more
 * spaces than the line they come from. A line with no such place is left as it is.
 */
final class LineFitter {

  private final int limit;

  LineFitter(int limit) {
    this.limit = limit;
  }

  String fit(String source) {
    StringBuilder out = new StringBuilder(source.length() + source.length() / 16);
    for (String line : source.split("\n", -1)) {
      List<String> pieces = new ArrayList<>();
      fitLine(line, pieces);
      for (String piece : pieces) {
        out.append(piece).append('\n');
      }
    }
    out.setLength(out.length() - 1);
    return out.toString();
  }

  private void fitLine(String line, List<String> out) {
    String rest = line;
    String continuation = " ".repeat(indentOf(line) + 4);
    while (rest.length() > limit) {
      String body = rest.stripLeading();
      String lead = rest.substring(0, rest.length() - body.length());
      String marker = body.startsWith("* ") ? "* " : body.startsWith("// ") ? "// " : null;
      String first;
      String next;
      if (marker != null) {
        int cut = rest.lastIndexOf(' ', limit);
        while (cut > 0 && cut + 1 < rest.length() && rest.charAt(cut + 1) == '@') {
          cut = rest.lastIndexOf(' ', cut - 1); // a line of Javadoc starting with '@' would read as a block tag
        }
        if (cut <= lead.length() + marker.length()) {
          break;
        }
        first = rest.substring(0, cut).stripTrailing();
        next = lead + marker + rest.substring(cut + 1);
      } else {
        int[] cut = codeBreak(rest, lead.length());
        if (cut == null) {
          break;
        }
        boolean inLiteral = cut[1] == 1;
        first = inLiteral ? rest.substring(0, cut[0]) + "\"" : rest.substring(0, cut[0]).stripTrailing();
        next = continuation + (inLiteral ? "+ \"" + rest.substring(cut[0]) : rest.substring(cut[0]).stripLeading());
      }
      if (next.length() >= rest.length()) {
        break; // breaking here gains nothing
      }
      out.add(first);
      rest = next;
    }
    out.add(rest);
  }

  /**
   * Where to break a code line: {index, 0} to break before index, {index, 1} to close a string
   * literal before index and open it again after the break (with a {@code +}). Null: nowhere.
   */
  private int[] codeBreak(String line, int from) {
    int best = -1;
    boolean inString = false;
    boolean inChar = false;
    int stringStart = -1;
    int splitInString = -1;
    for (int i = from; i < line.length() && i <= limit; i++) {
      char c = line.charAt(i);
      if (inString || inChar) {
        if (c == '\\') {
          i++;
        } else if (inString && c == '"') {
          inString = false;
        } else if (inChar && c == '\'') {
          inChar = false;
        } else if (inString && c == ' ' && i + 1 <= limit - 1 && i > stringStart + 1 && splittable(line, stringStart)) {
          splitInString = i + 1;
        }
        continue;
      }
      if (c == '"') {
        inString = true;
        stringStart = i;
        continue;
      }
      if (c == '\'') {
        inChar = true;
        continue;
      }
      if (c == '/' && i + 1 < line.length() && line.charAt(i + 1) == '/') {
        break;
      }
      if (i > from && i < limit && breaksBefore(line, i)) {
        best = i;
      }
    }
    if (best > from + 8) {
      return new int[] {best, 0};
    }
    if (splitInString > 0) {
      return new int[] {splitInString, 1};
    }
    return best > from ? new int[] {best, 0} : null;
  }

  /** Whether a line may break before index {@code i}. */
  private static boolean breaksBefore(String line, int i) {
    char previous = line.charAt(i - 1);
    char c = line.charAt(i);
    if (previous == ' ' && (line.startsWith("+ ", i) || line.startsWith("? ", i) || line.startsWith(": ", i)
        || line.startsWith("&& ", i) || line.startsWith("|| ", i))) {
      return true;
    }
    if (previous == ',' && c == ' ') {
      return true;
    }
    if (c == '.' && previous == ')' && i + 1 < line.length() && Character.isJavaIdentifierStart(line.charAt(i + 1))) {
      return true;
    }
    return previous == ' ' && i >= 3 && line.startsWith("-> ", i - 3);
  }

  /**
   * Whether the string literal starting at {@code start} stands alone as an operand (after {@code (},
   * {@code ,}, {@code =}, {@code +} or {@code return}, and followed by {@code ,}, {@code )},
   * {@code ;} or {@code +}), so that cutting it into {@code "a" + "b"} keeps its value and meaning.
   */
  private static boolean splittable(String line, int start) {
    String before = line.substring(0, start).stripTrailing();
    boolean assigned = before.endsWith("=") && !before.endsWith("==") && !before.endsWith("!=") && !before.endsWith("<=")
        && !before.endsWith(">=");
    boolean opens = before.isEmpty() || before.endsWith("(") || before.endsWith(",") || assigned || before.endsWith("+")
        || before.endsWith("return");
    int end = start + 1;
    while (end < line.length() && line.charAt(end) != '"') {
      end += line.charAt(end) == '\\' ? 2 : 1;
    }
    String after = end + 1 < line.length() ? line.substring(end + 1).stripLeading() : "";
    boolean closes = after.isEmpty() || after.startsWith(",") || after.startsWith(")") || after.startsWith(";") || after.startsWith("+");
    return opens && closes;
  }

  private static int indentOf(String line) {
    int i = 0;
    while (i < line.length() && line.charAt(i) == ' ') {
      i++;
    }
    return i;
  }
}
