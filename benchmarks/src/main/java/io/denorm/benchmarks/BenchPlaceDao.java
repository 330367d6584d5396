package io.denorm.benchmarks;

import io.denorm.annotations.Dao;
import java.util.List;
import java.util.concurrent.CompletionStage;

@Dao
public interface BenchPlaceDao {
  /** A new place: the previous state is given (none), so the save reads nothing first. */
  CompletionStage<Void> saveAsync(BenchPlace place, BenchPlace previous);

  List<BenchPlace> findNear(double lat, double lon, double radiusMeters);
}
