package io.denorm.processor.model;

/** The part a column plays in its table's primary key. */
public enum KeyRole {
  PARTITION,
  CLUSTERING,
  REGULAR
}
