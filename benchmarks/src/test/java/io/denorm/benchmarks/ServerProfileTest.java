package io.denorm.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ServerProfileTest {

  /** Cassandra's shared workers take the name of the stage they work for; they are one pool, whatever the stage. */
  @Test
  void sharedWorkersAreOnePool() {
    String shared = ServerProfile.pool("Native-Transport-Requests-12");
    assertEquals(shared, ServerProfile.pool("MutationStage-3"));
    assertEquals(shared, ServerProfile.pool("ViewMutationStage-1"));
    assertEquals(shared, ServerProfile.pool("ReadStage-2"));
    assertFalse(ServerProfile.background(shared));
  }

  /** Other threads are pooled by their names without numbers; flushes, compactions and housekeeping are background. */
  @Test
  void otherThreadsArePooledByName() {
    assertEquals("CompactionExecutor:#", ServerProfile.pool("CompactionExecutor:3"));
    assertEquals("epollEventLoopGroup-#-#", ServerProfile.pool("epollEventLoopGroup-5-2"));
    assertTrue(ServerProfile.background(ServerProfile.pool("CompactionExecutor:3")));
    assertTrue(ServerProfile.background(ServerProfile.pool("PerDiskMemtableFlushWriter_0:1")));
    assertFalse(ServerProfile.background(ServerProfile.pool("epollEventLoopGroup-5-2")));
    assertFalse(ServerProfile.background(ServerProfile.pool("PERIODIC-COMMIT-LOG-SYNCER")));
  }

  /** A sample is named by the Cassandra frame nearest the top of its stack, else by its top frame's library. */
  @Test
  void samplesAreNamedByTheNearestCassandraFrame() {
    assertEquals("db.memtable", ServerProfile.cassandraPackage(List.of("java.util.concurrent.ConcurrentSkipListMap.cpr",
        "org.apache.cassandra.db.memtable.SkipListMemtable.put", "org.apache.cassandra.db.Keyspace.applyInternal")));
    assertEquals("(no Cassandra frame) io.netty", ServerProfile.cassandraPackage(List.of("io.netty.channel.epoll.Native.epollWait")));
    assertEquals("(no Java frame)", ServerProfile.cassandraPackage(List.of()));
  }

  /** The stages a stack passes through: every stage that accepts it. */
  @Test
  void stagesMatchTheirFrames() {
    List<String> viewUpdate = List.of("org.apache.cassandra.db.view.TableViews.pushViewReplicaUpdates", "org.apache.cassandra.db.Keyspace.applyInternal",
        "org.apache.cassandra.service.StorageProxy.performLocally");
    assertEquals(List.of("coordinator (StorageProxy)", "applying mutations (Keyspace.apply)", "  views (db.view)"), stages(viewUpdate));
  }

  /** A request's handling counts its statement's execution too; the row after it only what is outside the execution. */
  @Test
  void requestHandlingOutsideExecutionExcludesCql3() {
    List<String> decoding = List.of("org.apache.cassandra.transport.Message$Codec.decode", "org.apache.cassandra.transport.Dispatcher.processRequest");
    List<String> executing = List.of("org.apache.cassandra.cql3.statements.BatchStatement.execute", "org.apache.cassandra.transport.Dispatcher.processRequest");
    assertEquals(List.of("under a CQL request's handling (transport)", "  of which outside statement execution (no cql3)"), stages(decoding));
    assertEquals(List.of("under a CQL request's handling (transport)", "statement execution (cql3)", "  of which batches (BatchStatement)"), stages(executing));
  }

  private static List<String> stages(List<String> stack) {
    return ServerProfile.STAGES.stream().filter(s -> s.stack().test(stack)).map(ServerProfile.Stage::name).toList();
  }
}
