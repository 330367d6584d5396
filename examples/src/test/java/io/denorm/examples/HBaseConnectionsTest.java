package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.hbase.HBaseConnections;
import io.denorm.testkit.HBaseExtension;
import io.denorm.testkit.HBaseTarget;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncConnectionImpl;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Failure 11, the HBase connection part, on a real HBase: the asynchronous connection a DAO runs on
 * is opened once per blocking connection, as that connection's user (a Kerberos login carries
 * over, where it used to be rebuilt from the configuration alone), and closed with it.
 */
@ExtendWith(HBaseExtension.class)
class HBaseConnectionsTest {

  @Test
  void theAsyncConnectionIsOnePerConnectionRunsAsItsUserAndClosesWithIt(HBaseTarget target) throws Exception {
    User user = User.create(UserGroupInformation.createRemoteUser("denorm-reporting"));
    Connection connection = ConnectionFactory.createConnection(target.configuration(), user);
    AsyncConnection async = HBaseConnections.async(connection);
    assertSame(async, HBaseConnections.async(connection), "one asynchronous connection per connection");
    assertEquals("denorm-reporting", ((AsyncConnectionImpl) async).getUser().getShortName(), "the connection's user, not the process's");
    assertFalse(async.isClosed());

    connection.close();
    Connection other = target.newConnection();
    try {
      AsyncConnection second = HBaseConnections.async(other);
      assertNotSame(async, second);
      assertTrue(async.isClosed(), "the asynchronous connection of a closed connection is closed on the next use");
      HBaseConnections.close(other);
      assertTrue(second.isClosed(), "close(connection) closes its asynchronous connection");
    } finally {
      other.close();
    }
  }
}
