package io.denorm.spring;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;

/** The {@code denorm.*} settings of a Spring Boot application. */
@ConfigurationProperties("denorm")
public class DenormProperties {

  /** Which store the generated DAOs run on. */
  public enum Store {
    /** Cassandra when a {@code CqlSession} bean exists, HBase when a {@code Connection} bean does; both is an error. */
    AUTO,
    CASSANDRA,
    HBASE
  }

  /** What happens to the schema at start-up, before the first DAO is handed out. */
  public enum SchemaAction {
    /** Nothing is checked or created. */
    NONE,
    /** The keyspace (namespace), tables and types the model needs are created where missing; nothing is altered or dropped. */
    CREATE_IF_NOT_EXISTS,
    /** Start-up fails, listing the differences, when the live schema lacks a table, a column or a type, or has another key. */
    VALIDATE
  }

  private Store store = Store.AUTO;
  private String keyspace;
  private String namespace = "default";
  private SchemaAction schemaAction = SchemaAction.NONE;
  private int replicationFactor = 1;
  private Duration repairGrace;
  private java.util.List<String> packages = new java.util.ArrayList<>();
  private final HBase hbase = new HBase();

  /** How Denorm connects to HBase when the application defines no {@code Connection} bean itself. */
  public static class HBase {
    /** ZooKeeper hosts, each optionally {@code host:port} (the port of the first one is used). */
    private String zookeeperQuorum;
    /** Further client settings, as in hbase-site.xml (TLS, Kerberos, timeouts). */
    private Map<String, String> properties = new LinkedHashMap<>();

    public String getZookeeperQuorum() {
      return zookeeperQuorum;
    }

    public void setZookeeperQuorum(String zookeeperQuorum) {
      this.zookeeperQuorum = zookeeperQuorum;
    }

    public Map<String, String> getProperties() {
      return properties;
    }

    public void setProperties(Map<String, String> properties) {
      this.properties = properties;
    }
  }

  public Store getStore() {
    return store;
  }

  public void setStore(Store store) {
    this.store = store;
  }

  /** The Cassandra keyspace of the generated tables; {@code spring.cassandra.keyspace-name} when unset. */
  public String getKeyspace() {
    return keyspace;
  }

  public void setKeyspace(String keyspace) {
    this.keyspace = keyspace;
  }

  /** The HBase namespace of the generated tables ({@code default} when unset). */
  public String getNamespace() {
    return namespace;
  }

  public void setNamespace(String namespace) {
    this.namespace = namespace;
  }

  public SchemaAction getSchemaAction() {
    return schemaAction;
  }

  public void setSchemaAction(SchemaAction schemaAction) {
    this.schemaAction = schemaAction;
  }

  /** The replication factor of a keyspace {@code create-if-not-exists} creates (SimpleStrategy); an existing keyspace keeps its own. */
  public int getReplicationFactor() {
    return replicationFactor;
  }

  public void setReplicationFactor(int replicationFactor) {
    this.replicationFactor = replicationFactor;
  }

  /** How old a stale index row must be before a read repairs it; the DAOs' default (60 s) when unset. */
  public Duration getRepairGrace() {
    return repairGrace;
  }

  public void setRepairGrace(Duration repairGrace) {
    this.repairGrace = repairGrace;
  }

  /**
   * The packages whose generated DAOs become beans (and whose entities' tables the schema action
   * covers); every DAO of the classpath's models when empty.
   */
  public java.util.List<String> getPackages() {
    return packages;
  }

  public void setPackages(java.util.List<String> packages) {
    this.packages = packages;
  }

  public HBase getHbase() {
    return hbase;
  }
}
