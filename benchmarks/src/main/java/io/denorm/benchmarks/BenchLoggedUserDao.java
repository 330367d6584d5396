package io.denorm.benchmarks;

import io.denorm.annotations.Dao;
import io.denorm.annotations.Store;
import java.util.concurrent.CompletionStage;

/** Cassandra alone: HBase has no batch across tables. */
@Dao(stores = Store.CASSANDRA)
public interface BenchLoggedUserDao {
  /** A new user: nothing is read before the batch. */
  CompletionStage<Void> insertAsync(BenchLoggedUser user);
}
