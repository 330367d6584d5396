package io.denorm.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Resolves a server's classpath from Maven Central with Maven itself (the server's jars must stay
 * apart from the client's), and caches it per machine beside the local repository. A cached
 * classpath whose jars are gone is resolved again.
 */
final class ServerClasspath {

  private ServerClasspath() {}

  static String resolve(String name, String pomResource, Path workDir) throws IOException, InterruptedException {
    Path cache = cacheDir().resolve(name + ".classpath");
    if (Files.isRegularFile(cache)) {
      String cached = Files.readString(cache).strip();
      if (!cached.isEmpty() && allExist(cached)) {
        return cached;
      }
    }
    Files.createDirectories(workDir);
    Path pom = workDir.resolve(name + "-pom.xml");
    try (InputStream in = ServerClasspath.class.getResourceAsStream(pomResource)) {
      if (in == null) {
        throw new IOException("missing resource " + pomResource);
      }
      Files.copy(in, pom, StandardCopyOption.REPLACE_EXISTING);
    }
    Path out = workDir.resolve(name + ".classpath.tmp");
    List<String> command = new ArrayList<>(List.of(mavenExecutable(), "-B", "-q", "-f", pom.toString(),
        "dependency:build-classpath", "-Dmdep.outputFile=" + out, "-Dmdep.includeScope=runtime"));
    String repo = System.getProperty("maven.repo.local");
    if (repo != null) {
      command.add("-Dmaven.repo.local=" + repo);
    }
    Path log = workDir.resolve(name + "-resolve.log");
    Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!p.waitFor(15, TimeUnit.MINUTES) || p.exitValue() != 0) {
      p.destroyForcibly();
      throw new IOException("resolving the " + name + " classpath with Maven failed; see " + log + ":\n" + tail(log));
    }
    String classpath = Files.readString(out).strip();
    Files.createDirectories(cache.getParent());
    Path tmp = Files.createTempFile(cache.getParent(), name, ".tmp");
    Files.writeString(tmp, classpath, StandardCharsets.UTF_8);
    Files.move(tmp, cache, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    return classpath;
  }

  private static boolean allExist(String classpath) {
    for (String entry : classpath.split(java.io.File.pathSeparator)) {
      if (!Files.exists(Path.of(entry))) {
        return false;
      }
    }
    return true;
  }

  private static Path cacheDir() {
    String repo = System.getProperty("maven.repo.local");
    Path base = repo != null ? Path.of(repo).getParent() : Path.of(System.getProperty("user.home"), ".m2");
    return base.resolve("denorm-testkit");
  }

  private static String mavenExecutable() {
    String home = System.getProperty("maven.home");
    if (home != null && !home.isBlank()) {
      Path mvn = Path.of(home, "bin", "mvn");
      if (Files.isExecutable(mvn)) {
        return mvn.toString();
      }
    }
    return "mvn";
  }

  private static String tail(Path log) {
    try {
      List<String> lines = Files.readAllLines(log);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
    } catch (IOException e) {
      return "(no log)";
    }
  }
}
