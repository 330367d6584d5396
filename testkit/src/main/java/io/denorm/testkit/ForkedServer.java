package io.denorm.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A server JVM forked under a small shell that watches this JVM: the shell starts the server in the
 * background, writes its pid, then blocks reading its stdin (a pipe from this JVM). When this JVM
 * closes the pipe or dies, even killed, the shell kills the server, so no server outlives its build.
 */
final class ForkedServer {

  static final String RESOURCES = "/io/denorm/testkit/";

  final Process watcher;
  final long pid;

  private ForkedServer(Process watcher, long pid) {
    this.watcher = watcher;
    this.pid = pid;
  }

  /** Starts {@code command} with its output in {@code log} and its pid in {@code pidFile}. */
  static ForkedServer launch(String name, List<String> command, Path log, Path pidFile) throws IOException, InterruptedException {
    Files.deleteIfExists(pidFile); // a server started again in its folder: the old pid is not this one's
    List<String> shell = new ArrayList<>(List.of("/bin/sh", "-c",
        "\"$@\" </dev/null >\"$DENORM_LOG\" 2>&1 & child=$!; echo $child > \"$DENORM_PID\"; "
            + "cat >/dev/null; kill -9 $child 2>/dev/null; wait $child 2>/dev/null; exit 0",
        "denorm-" + name));
    shell.addAll(command);
    ProcessBuilder builder = new ProcessBuilder(shell).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
    builder.environment().put("DENORM_LOG", log.toString());
    builder.environment().put("DENORM_PID", pidFile.toString());
    Process watcher = builder.start();
    for (int i = 0; i < 200; i++) {
      if (Files.isRegularFile(pidFile)) {
        String text = Files.readString(pidFile).strip();
        if (!text.isEmpty()) {
          return new ForkedServer(watcher, Long.parseLong(text));
        }
      }
      if (!watcher.isAlive()) {
        throw new IOException("the launcher shell exited before starting " + name);
      }
      Thread.sleep(50);
    }
    throw new IOException(name + "'s pid file did not appear: " + pidFile);
  }

  /**
   * Waits until {@code ready} holds, failing with the log's last lines when the server exits first or
   * does not get ready within {@code timeoutSeconds}. Returns the milliseconds since {@code t0}.
   */
  long awaitReady(String name, java.util.function.BooleanSupplier ready, Path log, long timeoutSeconds, long t0)
      throws IOException, InterruptedException {
    while (!ready.getAsBoolean()) {
      if (!alive()) {
        String tail = tail(log);
        stop();
        throw new IOException(name + " exited during start; last lines of " + log + ":\n" + tail);
      }
      if ((System.nanoTime() - t0) / 1_000_000_000 > timeoutSeconds) {
        stop();
        throw new IOException(name + " was not ready within " + timeoutSeconds + " s; see " + log.getParent());
      }
      Thread.sleep(100);
    }
    return (System.nanoTime() - t0) / 1_000_000;
  }

  /** A start step that may fail with I/O or be interrupted. */
  @FunctionalInterface
  interface Start<S> {
    S run() throws IOException, InterruptedException;
  }

  /** Runs {@code start}, turning its checked failures into unchecked ones that name the server and folder. */
  static <S> S starting(String name, Path dir, Start<S> start) {
    try {
      return start.run();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot start the embedded " + name + " in " + dir + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while starting the embedded " + name, e);
    }
  }

  boolean alive() {
    return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }

  /** Kills the server (its data is throw-away) and waits until it is gone. */
  void stop() {
    try {
      watcher.getOutputStream().close();
    } catch (IOException ignored) {
      // the watcher is gone already; kill the server directly below
    }
    ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
    try {
      watcher.waitFor(30, TimeUnit.SECONDS);
      ProcessHandle.of(pid).ifPresent(h -> h.onExit().orTimeout(30, TimeUnit.SECONDS).join());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException ignored) {
      // timed out waiting; the kill was sent
    }
  }

  /** The JVM flags one per line in resource {@code name} ("--add-opens X" counts as two). */
  static List<String> jvmOptions(String name) throws IOException {
    List<String> out = new ArrayList<>();
    for (String line : resource(name).split("\n")) {
      line = line.strip();
      if (line.startsWith("-")) {
        out.addAll(List.of(line.split("\\s+")));
      }
    }
    return out;
  }

  static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket()) {
      socket.setReuseAddress(false);
      socket.bind(new InetSocketAddress("127.0.0.1", 0));
      return socket.getLocalPort();
    }
  }

  static boolean portOpen(int port) {
    return portOpen("127.0.0.1", port);
  }

  static boolean portOpen(String host, int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(host, port), 200);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  static String resource(String name) throws IOException {
    try (InputStream in = ForkedServer.class.getResourceAsStream(RESOURCES + name)) {
      if (in == null) {
        throw new IOException("missing resource " + RESOURCES + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  static String tail(Path log) {
    try {
      List<String> lines = Files.readAllLines(log);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    } catch (IOException e) {
      return "(no log)";
    }
  }

  static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
