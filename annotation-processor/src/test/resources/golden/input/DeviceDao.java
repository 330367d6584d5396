package io.denorm.examples.devices.dao;

import io.denorm.annotations.Dao;
import io.denorm.examples.devices.Device;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

@Dao
public interface DeviceDao {
  void save(Device device);

  Optional<Device> findById(UUID id);

  CompletionStage<Void> saveAsync(Device device);

  CompletionStage<Optional<Device>> findByIdAsync(UUID id);

  CompletionStage<Void> deleteAsync(Device device);

  boolean deleteById(UUID id);
}
