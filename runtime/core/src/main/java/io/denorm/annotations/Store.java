package io.denorm.annotations;

/** A store Denorm generates DAO implementations for; see {@link Dao#stores()}. */
public enum Store {
  CASSANDRA,
  HBASE
}
