package io.denorm.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the testkit looks for a JDK 17: Linux's layout and macOS's ({@code Contents/Home}), newer JDKs skipped. */
class JavaRuntimesTest {

  private static Path jdk(Path home, String version) throws Exception {
    Files.createDirectories(home.resolve("bin"));
    Files.writeString(home.resolve("release"), "JAVA_VERSION=\"" + version + "\"\n");
    Path java = home.resolve("bin/java");
    Files.writeString(java, "#!/bin/sh\n");
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    return java;
  }

  @Test
  void findsAMacOsJdk17UnderContentsHomeAndSkipsANewerOne(@TempDir Path dir) throws Exception {
    Path mac = dir.resolve("Library/Java/JavaVirtualMachines");
    jdk(mac.resolve("temurin-21.jdk/Contents/Home"), "21.0.4");
    Path java17 = jdk(mac.resolve("zulu-17.jdk/Contents/Home"), "17.0.12");
    assertEquals(Optional.of(java17), JavaRuntimes.findIn(List.of(dir.resolve("usr/lib/jvm"), mac)));
  }

  @Test
  void findsALinuxJdk17DirectlyInsideItsRoot(@TempDir Path dir) throws Exception {
    Path jvm = dir.resolve("jvm");
    jdk(jvm.resolve("java-25-openjdk-amd64"), "25");
    Path java17 = jdk(jvm.resolve("java-17-openjdk-amd64"), "17.0.15");
    assertEquals(Optional.of(java17), JavaRuntimes.findIn(List.of(jvm)));
    assertTrue(JavaRuntimes.findIn(List.of(dir.resolve("nothing-here"))).isEmpty());
  }

  @Test
  void theMacOsInstallLocationsAreSearched() {
    assertTrue(JavaRuntimes.installRoots().contains(Path.of("/Library/Java/JavaVirtualMachines")));
  }
}
