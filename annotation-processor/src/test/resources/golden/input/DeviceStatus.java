package io.denorm.examples.devices;

public enum DeviceStatus {
  ACTIVE,
  SLEEPING,
  RETIRED
}
