package io.denorm.testkit;

import java.io.IOException;
import javax.management.JMException;
import javax.management.JMRuntimeException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/** Calls into a forked Cassandra node's JMX on the loopback interface ({@code -Dcassandra.jmx.local.port}). */
final class CassandraJmx {

  private CassandraJmx() {}

  /** One call on a connection to the node's MBean server; {@code storage} is its {@code StorageService}. */
  interface Call {
    void call(MBeanServerConnection server, ObjectName storage) throws IOException, JMException;
  }

  /** Runs {@code call} through the JMX port {@code port}; {@code what} names it in the exception that a failure throws. */
  static void call(int port, String what, Call call) {
    try {
      JMXServiceURL url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://127.0.0.1:" + port + "/jmxrmi");
      try (JMXConnector jmx = JMXConnectorFactory.connect(url)) {
        call.call(jmx.getMBeanServerConnection(), new ObjectName("org.apache.cassandra.db:type=StorageService"));
      }
    } catch (IOException | JMException | JMRuntimeException e) {
      throw new IllegalStateException(what + " through JMX port " + port + ": " + e, e);
    }
  }

  /** Flushes every table of {@code keyspace} to SSTables, as {@code nodetool flush} does. */
  static void flush(int port, String keyspace) {
    call(port, "flushing keyspace " + keyspace, (server, storage) -> server.invoke(storage, "forceKeyspaceFlush",
        new Object[] {keyspace, new String[0]}, new String[] {String.class.getName(), String[].class.getName()}));
  }

  /** Flushes every table of {@code keyspace} and compacts each into one SSTable, as {@code nodetool flush} and {@code compact} do. */
  static void compact(int port, String keyspace) {
    flush(port, keyspace);
    call(port, "compacting keyspace " + keyspace, (server, storage) -> server.invoke(storage, "forceKeyspaceCompaction",
        new Object[] {false, keyspace, new String[0]}, new String[] {boolean.class.getName(), String.class.getName(), String[].class.getName()}));
  }
}
