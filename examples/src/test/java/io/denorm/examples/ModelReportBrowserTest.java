package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.cli.DenormCli;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The model report the build wrote for the examples (META-INF/denorm/model.html), opened in a real
 * headless Chromium: the page loads from the file alone, its script finds every entity's diagram
 * laid out with a size and records no error, Chromium logs nothing on the page's console (where an
 * uncaught error would appear); a screenshot is left in target/. The same report
 * written by {@code denorm report} from the classes directory is the same page.
 *
 * <p>Runs with {@code -Pbrowser}; needs Chromium ({@code apt-get install chromium}, or its path in
 * {@code DENORM_CHROMIUM}).
 */
@Tag("browser")
class ModelReportBrowserTest {

  private static final Path CLASSES = Path.of("target/classes");
  private static final Path REPORT = CLASSES.resolve("META-INF/denorm/model.html");

  @Test
  void theExamplesReportRendersInAHeadlessBrowserWithEveryDiagramAndNoScriptError() throws Exception {
    assertTrue(Files.isRegularFile(REPORT), "the build writes " + REPORT);
    String html = Files.readString(REPORT);
    int entities = count(html, "<section class=\"entity\"");
    assertEquals(29, entities, "one section per entity of the examples");
    assertEquals(entities, count(html, "<svg class=\"diagram\""), "one diagram per entity");
    Matcher external = Pattern.compile("(?:src|href)\\s*=\\s*\"(?:https?:)?//").matcher(html);
    assertFalse(external.find(), "nothing is fetched from the network: " + (external.find(0) ? html.substring(external.start(), external.start() + 80) : ""));

    Run page = chromium("--enable-logging=stderr", "--v=0", "--dump-dom", REPORT.toAbsolutePath().toUri().toString());
    String dom = page.out();
    List<String> console = page.err().lines().filter(l -> l.contains(":CONSOLE")).toList();
    assertEquals(List.of(), console, "nothing logged on the page's console (an uncaught error would be)");
    Matcher root = Pattern.compile("<html[^>]*>").matcher(dom);
    assertTrue(root.find(), "the browser returned a document: " + dom.substring(0, Math.min(300, dom.length())));
    String tag = root.group();
    assertTrue(tag.contains("data-diagrams=\"" + entities + "\""), "every diagram laid out with a size, as the page's script measured it: " + tag);
    assertTrue(tag.contains("data-errors=\"\""), "no script error: " + tag);
    assertTrue(dom.contains("findByDomainAndHandle(String, String)") && dom.contains("accounts_by_handle"),
        "the DAO methods and the tables that serve them are in the rendered page");

    Path png = Path.of("target/model-report.png").toAbsolutePath();
    Files.deleteIfExists(png);
    chromium("--window-size=1280,1600", "--hide-scrollbars", "--screenshot=" + png, REPORT.toAbsolutePath().toUri().toString());
    assertTrue(Files.size(png) > 20_000, "a screenshot of the rendered page: " + png);
    System.out.println("[report] " + REPORT + ": " + entities + " entities, rendered; screenshot " + png);
  }

  @Test
  void denormReportWritesTheSamePageAsTheBuild() throws IOException {
    Path out = Path.of("target/cli-model-report.html");
    StringWriter text = new StringWriter();
    int code = DenormCli.run(new String[] {"report", "--model", CLASSES.toString(), "--output", out.toString()}, new PrintWriter(text),
        new PrintWriter(text));
    assertEquals(0, code, text.toString());
    assertEquals(Files.readString(REPORT), Files.readString(out), "denorm report and the processor render the same model alike");
  }

  private static int count(String s, String needle) {
    int n = 0;
    for (int i = s.indexOf(needle); i >= 0; i = s.indexOf(needle, i + 1)) {
      n++;
    }
    return n;
  }

  record Run(String out, String err) {}

  /** Runs headless Chromium with {@code args}; returns what it printed. */
  private static Run chromium(String... args) throws Exception {
    String binary = System.getenv("DENORM_CHROMIUM");
    if (binary == null) {
      for (String candidate : List.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")) {
        if (Files.isExecutable(Path.of(candidate))) {
          binary = candidate;
          break;
        }
      }
    }
    if (binary == null) {
      throw new AssertionError("no Chromium found: install it (apt-get install chromium) or set DENORM_CHROMIUM to its path");
    }
    Path profile = Files.createTempDirectory("denorm-chromium");
    List<String> line = new ArrayList<>(List.of(binary, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        "--disable-background-networking", "--disable-extensions", "--no-first-run", "--user-data-dir=" + profile));
    line.addAll(List.of(args));
    Path stdout = Files.createTempFile("denorm-chromium", ".out");
    Path stderr = Files.createTempFile("denorm-chromium", ".err");
    Process p = new ProcessBuilder(line).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("Chromium did not finish in 120 s: " + Files.readString(stderr));
    }
    assertEquals(0, p.exitValue(), "Chromium's exit code; it printed: " + Files.readString(stderr));
    return new Run(Files.readString(stdout), Files.readString(stderr));
  }
}
