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
   * running JVM when it is a 17, {@code JAVA_HOME_17_X64}, then a JDK 17 under /usr/lib/jvm.
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
    Path jvms = Path.of("/usr/lib/jvm");
    if (Files.isDirectory(jvms)) {
      try (DirectoryStream<Path> homes = Files.newDirectoryStream(jvms)) {
        for (Path home : homes) {
          if (isJdk17(home)) {
            Optional<Path> java = binary(home);
            if (java.isPresent()) {
              return java.get();
            }
          }
        }
      } catch (IOException ignored) {
        // fall through to the error below
      }
    }
    throw new IllegalStateException("The embedded servers need a JDK 17 java (this JVM is " + Runtime.version()
        + "); run the build on JDK 17 or set -Ddenorm.java17=/path/to/jdk17");
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
