package io.denorm.benchmarks;

import io.denorm.annotations.Dao;
import java.util.List;
import java.util.concurrent.CompletionStage;

@Dao
public interface BenchReadingDao {
  void save(BenchReading r);

  CompletionStage<Void> saveAsync(BenchReading r);

  void saveAll(List<BenchReading> readings);

  List<BenchReading> findBySensorId(String sensorId);
}
