package io.denorm.examples.calibrations;

import io.denorm.annotations.Dao;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

@Dao
public interface CalibrationDao {
  void save(Calibration calibration);

  List<Calibration> findBySensorId(String sensorId);

  List<Calibration> findBySensorIdAndVersion(String sensorId, int version);

  List<Calibration> findBySensorIdAndVersionAndAtAfter(String sensorId, int version, Instant after);

  Optional<Calibration> findBySensorIdAndVersionAndAt(String sensorId, int version, Instant at);

  List<Calibration> findBySensorIdAndVersionBetween(String sensorId, int from, int to);

  boolean deleteBySensorIdAndVersionAndAt(String sensorId, int version, Instant at);
}
