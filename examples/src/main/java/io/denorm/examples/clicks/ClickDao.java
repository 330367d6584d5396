package io.denorm.examples.clicks;

import io.denorm.annotations.Dao;
import java.util.List;
import java.util.concurrent.CompletionStage;

/** Clicks as they arrive, a user's clicks, and the unique visitors of a site. */
@Dao
public interface ClickDao {
  void save(Click click);

  CompletionStage<Void> saveAsync(Click click);

  /** A user's clicks, newest first. */
  List<Click> findByUserId(String userId);

  /** How many different users clicked on {@code site}. */
  long uniqueVisitors(String site);

  CompletionStage<Long> uniqueVisitorsAsync(String site);

  /** Counts {@code site}'s visitors again from the pairs table and corrects the count. */
  long recountUniqueVisitors(String site);
}
