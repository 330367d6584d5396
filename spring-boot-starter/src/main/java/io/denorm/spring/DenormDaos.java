package io.denorm.spring;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.BeanFactory;

/**
 * The DAO beans the starter registered, and the store they run on. The health contributor and the
 * meters read the DAOs through it.
 */
public final class DenormDaos {

  private final StoreSupport support;
  private final String store;
  private final List<String> beanNames;
  private final BeanFactory beans;

  DenormDaos(StoreSupport support, List<String> beanNames, BeanFactory beans) {
    this.support = support;
    this.store = support.store();
    this.beanNames = List.copyOf(beanNames);
    this.beans = beans;
  }

  /** {@code cassandra} or {@code hbase}. */
  public String store() {
    return store;
  }

  /** The keyspace (Cassandra) or namespace (HBase) of the DAOs. */
  public String schema() {
    return support.schema();
  }

  StoreSupport support() {
    return support;
  }

  /** The bean names of the generated DAOs, in the order of the model. */
  public List<String> beanNames() {
    return beanNames;
  }

  /** Each DAO bean by name (created if it was not yet). */
  public Map<String, Object> instances() {
    Map<String, Object> out = new LinkedHashMap<>();
    beanNames.forEach(n -> out.put(n, beans.getBean(n)));
    return out;
  }
}
