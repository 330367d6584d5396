package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.examples.accounts.Account;
import io.denorm.testkit.CassandraExtension;
import io.denorm.testkit.CassandraTarget;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link CoveringIndexContract} on a real Cassandra. */
@ExtendWith(CassandraExtension.class)
class CassandraCoveringIndexTest extends CoveringIndexContract {

  static CqlSession client;

  @BeforeAll
  static void open(CqlSession c) {
    client = c;
  }

  @Override
  Stores.Store store() {
    return Stores.cassandra(client);
  }

  @Override
  boolean trustsVerifiedRows() {
    return true;
  }

  /**
   * A verified mark is a cell written after its row, so the row lives in two places until a
   * compaction merges them: after a flush and a compaction, the row is still read trusted (its mark
   * and its write time kept), and a save still takes the trust away.
   */
  @Test
  void aVerifiedRowStaysTrustedAcrossAFlushAndACompaction() throws Exception {
    CassandraTarget target = CassandraExtension.sharedTarget();
    assumeTrue(target.isEmbedded(), "compacts through the embedded server's JMX");
    indexed.setIndexRepairGrace(Duration.ZERO);
    dao.save(new Account("c1", "c1@x", "d", "h1", "pro", "first"));
    assertEquals(List.of("first"), bios("pro"));
    awaitTrusted(1);

    target.embedded().compact(store.schema());
    long trusted = indexed.indexReadStats().trusted();
    long indexRows = indexed.indexReadStats().indexRows();
    assertEquals(List.of("first"), bios("pro"));
    assertEquals(indexRows + 1, indexed.indexReadStats().indexRows());
    assertEquals(trusted + 1, indexed.indexReadStats().trusted(), "read trusted, without its master, after the compaction");

    dao.save(new Account("c1", "c1@x", "d", "h1", "pro", "second"));
    target.embedded().compact(store.schema());
    assertEquals(List.of("second"), bios("pro"), "the save wrote the row again, unverified, and the compaction kept it so");
    assertEquals(trusted + 1, indexed.indexReadStats().trusted());
  }
}
