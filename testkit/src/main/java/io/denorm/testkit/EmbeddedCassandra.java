package io.denorm.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
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
 * A real single-node Cassandra 5.0 ({@code cassandra-all} from Maven Central) in a forked JDK 17
 * JVM, on free loopback ports, with its data in a folder of its own.
 *
 * <p>The server is started under a small shell that watches this JVM: when this JVM exits, even
 * killed, the shell's stdin closes and it kills the server, so no server outlives its build. The
 * server's pid is written to {@code cassandra.pid} for scripts that clean up after a crash.
 */
public final class EmbeddedCassandra implements AutoCloseable {

  public static final String VERSION = "5.0.9";
  private static final String RESOURCES = "/io/denorm/testkit/";

  private final Path dir;
  private final int nativePort;
  private final Process watcher;
  private final long pid;
  private final long startMillis;

  private EmbeddedCassandra(Path dir, int nativePort, Process watcher, long pid, long startMillis) {
    this.dir = dir;
    this.nativePort = nativePort;
    this.watcher = watcher;
    this.pid = pid;
    this.startMillis = startMillis;
  }

  /**
   * Starts a server in {@code dir} (wiped first) and returns once its CQL port accepts connections.
   * The first start on a machine resolves the server's jars with Maven, which can take minutes.
   */
  public static EmbeddedCassandra start(Path dir) {
    try {
      return doStart(dir.toAbsolutePath());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the embedded Cassandra in " + dir + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while starting the embedded Cassandra", e);
    }
  }

  private static EmbeddedCassandra doStart(Path dir) throws IOException, InterruptedException {
    deleteRecursively(dir);
    Path logs = dir.resolve("logs");
    Files.createDirectories(logs);
    Files.createDirectories(dir.resolve("data"));
    Files.createDirectories(dir.resolve("triggers"));
    String classpath = ServerClasspath.resolve("cassandra-" + VERSION, RESOURCES + "cassandra-server-pom.xml", dir);
    int nativePort = freePort();
    int storagePort = freePort();
    int sslPort = freePort();
    String yaml = resource("cassandra.yaml.template")
        .replace("@DIR@", dir.toString())
        .replace("@STORAGE_PORT@", Integer.toString(storagePort))
        .replace("@SSL_STORAGE_PORT@", Integer.toString(sslPort))
        .replace("@NATIVE_PORT@", Integer.toString(nativePort));
    Path config = dir.resolve("cassandra.yaml");
    Files.writeString(config, yaml);
    Path logback = dir.resolve("logback.xml");
    Files.writeString(logback, resource("cassandra-logback.xml"));

    List<String> java = new ArrayList<>();
    java.add(JavaRuntimes.java17().toString());
    for (String line : resource("cassandra-jvm17.options").split("\n")) {
      line = line.strip();
      if (line.startsWith("-")) {
        java.addAll(List.of(line.split("\\s+")));
      }
    }
    java.addAll(List.of(
        "-Xms256M", "-Xmx" + System.getProperty("denorm.cassandra.heap", "1G"), "-Xss256k", "-XX:+UseG1GC",
        "-XX:+ExitOnOutOfMemoryError", "-Djava.net.preferIPv4Stack=true",
        "-Dcassandra.config=" + config.toUri(), "-Dcassandra.storagedir=" + dir.resolve("data"),
        "-Dcassandra.logdir=" + logs, "-Dlogback.configurationFile=" + logback,
        "-Dcassandra-foreground=true", "-Dcassandra.triggers_dir=" + dir.resolve("triggers"),
        "-Dcassandra.shutdown_announce_in_ms=0", "-Dcassandra.skip_wait_for_gossip_to_settle=0",
        "-cp", classpath, "org.apache.cassandra.service.CassandraDaemon"));

    Path pidFile = dir.resolve("cassandra.pid");
    // sh runs the server in the background, records its pid, then blocks reading stdin (a pipe from
    // this JVM); EOF — this JVM closing it or dying — kills the server.
    List<String> command = new ArrayList<>(List.of("/bin/sh", "-c",
        "\"$@\" </dev/null >\"$DENORM_LOG\" 2>&1 & child=$!; echo $child > \"$DENORM_PID\"; "
            + "cat >/dev/null; kill -9 $child 2>/dev/null; wait $child 2>/dev/null; exit 0",
        "denorm-cassandra"));
    command.addAll(java);
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
    builder.environment().put("DENORM_LOG", logs.resolve("stdout.log").toString());
    builder.environment().put("DENORM_PID", pidFile.toString());
    long t0 = System.nanoTime();
    Process watcher = builder.start();
    long pid = readPid(pidFile, watcher);
    long timeoutMillis = Long.getLong("denorm.cassandra.startTimeoutSeconds", 180) * 1000;
    EmbeddedCassandra server = new EmbeddedCassandra(dir, nativePort, watcher, pid, 0);
    while (!portOpen(nativePort)) {
      if (!server.serverAlive()) {
        String tail = tail(logs.resolve("stdout.log"));
        server.close();
        throw new IOException("Cassandra exited during start; last lines of " + logs.resolve("stdout.log") + ":\n" + tail);
      }
      if ((System.nanoTime() - t0) / 1_000_000 > timeoutMillis) {
        server.close();
        throw new IOException("Cassandra's CQL port did not open within " + timeoutMillis / 1000 + " s; see " + logs);
      }
      Thread.sleep(100);
    }
    long ready = (System.nanoTime() - t0) / 1_000_000;
    return new EmbeddedCassandra(dir, nativePort, watcher, pid, ready);
  }

  public String host() {
    return "127.0.0.1";
  }

  public int port() {
    return nativePort;
  }

  /** {@code 127.0.0.1:port}, as {@code -Ddenorm.cassandra.contactPoints} takes it. */
  public String contactPoint() {
    return host() + ":" + nativePort;
  }

  /** The datacenter of the embedded node (SimpleSnitch's). */
  public String localDatacenter() {
    return "datacenter1";
  }

  public long pid() {
    return pid;
  }

  /** Milliseconds from launching the JVM to the CQL port accepting connections. */
  public long startMillis() {
    return startMillis;
  }

  public Path dir() {
    return dir;
  }

  boolean serverAlive() {
    return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }

  /** Kills the server (its data is throw-away) and waits until it is gone. */
  @Override
  public void close() {
    try {
      OutputStream stdin = watcher.getOutputStream();
      stdin.close();
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

  private static long readPid(Path pidFile, Process watcher) throws IOException, InterruptedException {
    for (int i = 0; i < 200; i++) {
      if (Files.isRegularFile(pidFile)) {
        String text = Files.readString(pidFile).strip();
        if (!text.isEmpty()) {
          return Long.parseLong(text);
        }
      }
      if (!watcher.isAlive()) {
        throw new IOException("the launcher shell exited before starting Cassandra");
      }
      Thread.sleep(50);
    }
    throw new IOException("Cassandra's pid file did not appear: " + pidFile);
  }

  static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket()) {
      socket.setReuseAddress(false);
      socket.bind(new InetSocketAddress("127.0.0.1", 0));
      return socket.getLocalPort();
    }
  }

  static boolean portOpen(int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("127.0.0.1", port), 200);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static String resource(String name) throws IOException {
    try (InputStream in = EmbeddedCassandra.class.getResourceAsStream(RESOURCES + name)) {
      if (in == null) {
        throw new IOException("missing resource " + RESOURCES + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static String tail(Path log) {
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
