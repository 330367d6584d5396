package io.denorm.testkit;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Finds a JDK 17 {@code java} for the embedded servers: Cassandra 5.0 and HBase 2.6 fail on newer
 * JDKs, whatever JDK runs the build.
 */
public final class JavaRuntimes {

  private JavaRuntimes() {}

  /**
   * In order: {@code -Ddenorm.java17=…} or {@code DENORM_JAVA17} (a java binary or a JDK home), the
   * running JVM when it is a 17, {@code JAVA_HOME_17_X64}, then a JDK 17 where installers put them
   * (see {@link #installRoots}).
   */
  public static Path java17() {
    String configured = System.getProperty("denorm.java17", System.getenv("DENORM_JAVA17"));
    if (configured != null && !configured.isBlank()) {
      return binary(Path.of(configured)).orElseThrow(() -> new IllegalStateException(
          "denorm.java17 / DENORM_JAVA17 points at " + configured + ", which is neither a java binary nor a JDK home"));
    }
    if (Runtime.version().feature() == 17) {
      return Path.of(System.getProperty("java.home"), "bin", "java");
    }
    String ci = System.getenv("JAVA_HOME_17_X64");
    if (ci != null) {
      Optional<Path> java = binary(Path.of(ci));
      if (java.isPresent()) {
        return java.get();
      }
    }
    Optional<Path> installed = findIn(installRoots());
    if (installed.isPresent()) {
      return installed.get();
    }
    throw new IllegalStateException("The embedded servers need a JDK 17 java (this JVM is " + Runtime.version()
        + "); run the build on JDK 17 or set -Ddenorm.java17=/path/to/jdk17");
  }

  /**
   * Where JDKs are installed: /usr/lib/jvm (Debian, Ubuntu, Fedora), /Library/Java/JavaVirtualMachines
   * and ~/Library/Java/JavaVirtualMachines (macOS installers and IDE downloads, each JDK's home
   * under {@code Contents/Home}), and SDKMAN's ~/.sdkman/candidates/java.
   */
  static java.util.List<Path> installRoots() {
    Path home = Path.of(System.getProperty("user.home", "/"));
    return java.util.List.of(Path.of("/usr/lib/jvm"), Path.of("/Library/Java/JavaVirtualMachines"),
        home.resolve("Library/Java/JavaVirtualMachines"), home.resolve(".sdkman/candidates/java"));
  }

  /** The java binary of the first JDK 17 in one of {@code roots}: a JDK home directly inside, or its macOS {@code Contents/Home}. */
  static Optional<Path> findIn(java.util.List<Path> roots) {
    for (Path root : roots) {
      if (!Files.isDirectory(root)) {
        continue;
      }
      try (DirectoryStream<Path> entries = Files.newDirectoryStream(root)) {
        java.util.List<Path> sorted = new java.util.ArrayList<>();
        entries.forEach(sorted::add);
        java.util.Collections.sort(sorted);
        for (Path entry : sorted) {
          for (Path home : java.util.List.of(entry, entry.resolve("Contents").resolve("Home"))) {
            if (isJdk17(home)) {
              Optional<Path> java = binary(home);
              if (java.isPresent()) {
                return java;
              }
            }
          }
        }
      } catch (IOException ignored) {
        // the next root
      }
    }
    return Optional.empty();
  }

  private static boolean isJdk17(Path home) {
    Path release = home.resolve("release");
    try {
      return Files.isRegularFile(release) && Files.readString(release).contains("JAVA_VERSION=\"17");
    } catch (IOException e) {
      return false;
    }
  }

  private static Optional<Path> binary(Path given) {
    if (Files.isRegularFile(given) && Files.isExecutable(given)) {
      return Optional.of(given);
    }
    Path java = given.resolve("bin").resolve("java");
    return Files.isExecutable(java) ? Optional.of(java) : Optional.empty();
  }
}
