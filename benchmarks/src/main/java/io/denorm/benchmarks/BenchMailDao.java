package io.denorm.benchmarks;

import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.annotations.Dao;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletionStage;

@Dao
public interface BenchMailDao {
  CompletionStage<Void> saveAsync(BenchMail mail);

  /** The walk: the user's days newest first, empty ones never read. */
  Page<BenchMail> findByUserIdAndSentAtLessThanEqual(String userId, Instant from, PageRequest page);

  /** The baseline's read: one day. */
  List<BenchMail> findByUserIdAndDay(String userId, long day);
}
