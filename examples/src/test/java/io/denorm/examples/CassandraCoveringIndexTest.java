package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.examples.accounts.Account;
import io.denorm.testkit.CassandraExtension;
import io.denorm.testkit.CassandraTarget;
import io.denorm.testkit.EmbeddedCassandra;
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
   * A verified mark is a cell written after its row: with the row flushed before the mark, the row
   * lives in two SSTables, and a compaction merges them into one. The row is read trusted (without
   * its master) in both states, its mark and its write time kept, and a save still takes the trust
   * away after a compaction.
   */
  @Test
  void aVerifiedRowStaysTrustedAcrossAFlushAndACompaction() throws Exception {
    CassandraTarget target = CassandraExtension.sharedTarget();
    assumeTrue(target.isEmbedded(), "flushes, compacts and counts SSTables through the embedded server's JMX");
    EmbeddedCassandra server = target.embedded();
    String keyspace = store.schema();
    indexed.setIndexRepairGrace(Duration.ZERO);
    dao.save(new Account("c1", "c1@x", "d", "h1", "pro", "first"));
    server.flush(keyspace);
    assertEquals(List.of("first"), bios("pro"));
    awaitTrusted(1);
    server.flush(keyspace);
    assertEquals(2, server.liveSSTables(keyspace, "accounts_by_plan"), "the row, then its mark, each in an SSTable of its own");

    long trusted = indexed.indexReadStats().trusted();
    assertEquals(List.of("first"), bios("pro"));
    assertEquals(trusted + 1, indexed.indexReadStats().trusted(), "read trusted from the two SSTables");
    server.compact(keyspace);
    assertEquals(1, server.liveSSTables(keyspace, "accounts_by_plan"), "compacted into one");
    assertEquals(List.of("first"), bios("pro"));
    assertEquals(trusted + 2, indexed.indexReadStats().trusted(), "read trusted after the compaction");

    dao.save(new Account("c1", "c1@x", "d", "h1", "pro", "second"));
    server.compact(keyspace);
    assertEquals(List.of("second"), bios("pro"), "the save wrote the row again, unverified, and the compaction kept it so");
    assertEquals(trusted + 2, indexed.indexReadStats().trusted());
  }

  /**
   * A finder's select leaves the rows' write time out: a row that its master matches is read again
   * by its identity for it, to judge whether it can be verified. A row found younger than the grace
   * is not read again for it by the reads that follow within the grace; once it is older, the next
   * read reads it again and verifies it.
   */
  @Test
  void aYoungRowIsReadAgainForItsWriteTimeOncePerGrace() throws Exception {
    indexed.setIndexRepairGrace(Duration.ofSeconds(5));
    dao.save(new Account("y1", "y1@x", "d", "h1", "pro", "first"));
    long before = indexed.indexReadStats().writeTimeReads();
    assertEquals(List.of("first"), bios("pro"));
    assertEquals(before + 1, indexed.indexReadStats().writeTimeReads(), "the row read again for its write time: " + indexed.indexReadStats());
    Thread.sleep(1_000); // the read again completes in the background (a point read of a row)
    for (int i = 0; i < 5; i++) {
      assertEquals(List.of("first"), bios("pro"));
    }
    assertEquals(before + 1, indexed.indexReadStats().writeTimeReads(), "young: not read again within the grace: " + indexed.indexReadStats());
    assertEquals(0, indexed.indexReadStats().verified());
    assertEquals(0, indexed.indexReadStats().trusted());
    Thread.sleep(4_500); // past the grace since the save
    awaitTrusted(1);
    assertTrue(indexed.indexReadStats().writeTimeReads() >= before + 2, "read again once the grace had passed: " + indexed.indexReadStats());
    assertEquals(List.of("first"), bios("pro"));
  }
}
