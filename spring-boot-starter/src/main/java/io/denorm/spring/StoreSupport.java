package io.denorm.spring;

/** What the starter does on one store: build a DAO, apply the schema action, probe the store. */
interface StoreSupport {

  /** {@code cassandra} or {@code hbase}. */
  String store();

  /** The keyspace or namespace the DAOs use. */
  String schema();

  /** A new instance of the generated implementation class {@code implementation}. */
  Object dao(Class<?> implementation) throws ReflectiveOperationException;

  /**
   * Runs {@code action} against the live schema, for the tables of {@code entities} (simple class
   * names) and those of no entity; throws when {@code VALIDATE} finds differences.
   */
  void apply(DenormProperties.SchemaAction action, ClassLoader loader, java.util.Collection<String> entities);

  /** Fails when the store does not answer a trivial request. */
  void probe() throws Exception;
}
