package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.denorm.Attributes;
import io.denorm.examples.sessions.Session;
import io.denorm.testkit.CassandraExtension;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link SessionContract} on a real Cassandra, and what only Cassandra shows: the TTL of each cell. */
@ExtendWith(CassandraExtension.class)
class CassandraSessionTest extends SessionContract {

  static CqlSession session;

  @BeforeAll
  static void open(CqlSession client) {
    session = client;
    use(Stores.cassandra(client));
  }

  /** TTL(device) of the master row and of its sessions_by_user row (null: none). */
  private static List<Integer> ttls(Session s) {
    Row master = session.execute(SimpleStatement.newInstance("SELECT TTL(device) FROM sessions_test.sessions WHERE id = ?", s.getId())).one();
    Row index = session.execute(SimpleStatement.newInstance(
        "SELECT TTL(device) FROM sessions_test.sessions_by_user WHERE user_id = ? AND id = ?", s.getUserId(), s.getId())).one();
    return java.util.Arrays.asList(master.isNull(0) ? null : master.getInt(0), index.isNull(0) ? null : index.getInt(0));
  }

  @Test
  void theEntitysDefaultTimeToLiveReachesTheRowAndItsIndexRowAndZeroMeansNone() {
    Session d = session("linus");
    dao.save(d);
    for (Integer ttl : ttls(d)) {
      assertTrue(ttl != null && ttl > 1700 && ttl <= 1800, "@TimeToLive(seconds = 1800) on the row and its index row: " + ttls(d));
    }
    Session forever = session("linus");
    dao.withAttributes(Attributes.none().withTtl(Duration.ZERO)).save(forever);
    assertEquals(java.util.Arrays.asList(null, null), ttls(forever), "Duration.ZERO: no time to live in place of the default");
    UUID id = forever.getId();
    assertEquals(forever, dao.findById(id).orElseThrow());
  }
}
