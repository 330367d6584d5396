package io.denorm.annotations;

/** Storage order of a clustering component. */
public enum Order {
  ASC,
  DESC
}
