package io.denorm.spring;

import io.denorm.index.IndexedDao;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.BeanDefinitionRegistryPostProcessor;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;

/**
 * Registers a bean for every DAO the processor listed in {@code META-INF/denorm/model.yaml}, of its
 * DAO interface's type, named after it ({@code userDao}), built over the store the application has:
 * its {@code CqlSession} bean (Spring Boot's Cassandra auto-configuration makes one) or its HBase
 * {@code Connection} bean. Every DAO bean depends on {@value #SCHEMA_BEAN}, which runs the schema
 * action first. A bean of the same name the application defines itself is left as it is.
 */
final class DenormDaoRegistrar implements BeanDefinitionRegistryPostProcessor, BeanFactoryAware, EnvironmentAware {

  static final String SCHEMA_BEAN = "denormSchemaAction";
  static final String DAOS_BEAN = "denormDaos";
  static final String CQL_SESSION = "com.datastax.oss.driver.api.core.CqlSession";
  static final String HBASE_CONNECTION = "org.apache.hadoop.hbase.client.Connection";

  private static final Logger LOG = LoggerFactory.getLogger(DenormDaoRegistrar.class);

  private BeanFactory beans;
  private Environment environment;

  @Override
  public void setBeanFactory(BeanFactory beanFactory) {
    this.beans = beanFactory;
  }

  @Override
  public void setEnvironment(Environment environment) {
    this.environment = environment;
  }

  @Override
  public void postProcessBeanDefinitionRegistry(BeanDefinitionRegistry registry) throws BeansException {
    ClassLoader loader = beans instanceof ConfigurableListableBeanFactory c && c.getBeanClassLoader() != null ? c.getBeanClassLoader()
        : ClassUtils.getDefaultClassLoader();
    DenormProperties properties = Binder.get(environment).bind("denorm", DenormProperties.class).orElseGet(DenormProperties::new);
    List<DaoModel> model = DaoModel.fromClasspath(loader);
    StoreSupport store = store(properties, registry, loader);
    if (store == null) {
      LOG.info("Denorm: no CqlSession or HBase Connection bean, so none of the {} generated DAOs is a bean", model.size());
      return;
    }
    List<String> names = new ArrayList<>();
    java.util.Set<String> entities = new java.util.LinkedHashSet<>();
    for (DaoModel dao : model) {
      if (!dao.in(properties.getPackages())) {
        continue;
      }
      String implementation = store.store().equals("cassandra") ? dao.cassandra() : dao.hbase();
      if (implementation == null) {
        continue; // the DAO is for the other store only
      }
      Class<?> type = ClassUtils.resolveClassName(dao.interfaceName(), loader);
      if (registry.containsBeanDefinition(dao.beanName())
          || registry instanceof ListableBeanFactory factory && factory.getBeanNamesForType(type, true, false).length > 0) {
        LOG.info("Denorm: the application defines a {} bean itself; the generated {} is not registered", dao.interfaceName(), implementation);
        continue;
      }
      Class<?> impl = ClassUtils.resolveClassName(implementation, loader);
      RootBeanDefinition definition = new RootBeanDefinition(type);
      definition.setInstanceSupplier(() -> create(store, impl, properties));
      definition.setDependsOn(SCHEMA_BEAN);
      registry.registerBeanDefinition(dao.beanName(), definition);
      names.add(dao.beanName());
      entities.add(dao.entity());
    }
    // Only the tables of the DAOs' entities: an application jar may hold other models' tables too.
    java.util.Collection<String> only = properties.getPackages().isEmpty() ? List.of() : entities;
    registry.registerBeanDefinition(SCHEMA_BEAN,
        new RootBeanDefinition(SchemaAction.class, () -> new SchemaAction(store, properties.getSchemaAction(), loader, only)));
    registry.registerBeanDefinition(DAOS_BEAN, new RootBeanDefinition(DenormDaos.class, () -> new DenormDaos(store, names, beans)));
    LOG.info("Denorm: {} DAO beans on {} ({} {})", names.size(), store.store(), store.store().equals("cassandra") ? "keyspace" : "namespace",
        store.schema());
  }

  @Override
  public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {}

  private static Object create(StoreSupport store, Class<?> impl, DenormProperties properties) {
    try {
      Object dao = store.dao(impl);
      if (properties.getRepairGrace() != null && dao instanceof IndexedDao<?> indexed) {
        indexed.setIndexRepairGrace(properties.getRepairGrace());
      }
      return dao;
    } catch (java.lang.reflect.InvocationTargetException e) {
      throw new IllegalStateException("Denorm: cannot create " + impl.getName() + ": " + e.getCause(), e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Denorm: cannot create " + impl.getName() + " (was it generated for this store?): " + e, e);
    }
  }

  /** The store the DAOs run on: the one {@code denorm.store} names, or the one whose client bean exists. */
  private StoreSupport store(DenormProperties properties, BeanDefinitionRegistry registry, ClassLoader loader) {
    boolean cassandra = hasBean(registry, CQL_SESSION, loader);
    boolean hbase = hasBean(registry, HBASE_CONNECTION, loader);
    DenormProperties.Store chosen = properties.getStore();
    if (chosen == DenormProperties.Store.AUTO) {
      if (cassandra && hbase) {
        throw new IllegalStateException("Denorm: the application has both a CqlSession and an HBase Connection bean: "
            + "set denorm.store=cassandra or denorm.store=hbase");
      }
      chosen = cassandra ? DenormProperties.Store.CASSANDRA : hbase ? DenormProperties.Store.HBASE : null;
    }
    if (chosen == DenormProperties.Store.CASSANDRA) {
      if (!cassandra) {
        throw new IllegalStateException("Denorm: denorm.store=cassandra, but there is no CqlSession bean "
            + "(add spring-boot-cassandra and set spring.cassandra.contact-points, or define one)");
      }
      String keyspace = properties.getKeyspace() != null ? properties.getKeyspace() : environment.getProperty("spring.cassandra.keyspace-name");
      if (keyspace == null || keyspace.isBlank()) {
        throw new IllegalStateException("Denorm: set denorm.keyspace (or spring.cassandra.keyspace-name) to the keyspace of the generated tables");
      }
      return new CassandraSupport(beans, keyspace, properties.getReplicationFactor());
    }
    if (chosen == DenormProperties.Store.HBASE) {
      if (!hbase) {
        throw new IllegalStateException("Denorm: denorm.store=hbase, but there is no HBase Connection bean "
            + "(set denorm.hbase.zookeeper-quorum, or define one)");
      }
      return new HBaseSupport(beans, properties.getNamespace());
    }
    return null;
  }

  private static boolean hasBean(BeanDefinitionRegistry registry, String typeName, ClassLoader loader) {
    if (!ClassUtils.isPresent(typeName, loader) || !(registry instanceof ListableBeanFactory factory)) {
      return false;
    }
    return factory.getBeanNamesForType(ClassUtils.resolveClassName(typeName, loader), true, false).length > 0;
  }

  /** Runs the schema action once, when the first DAO bean is created (every DAO bean depends on it). */
  static final class SchemaAction {
    SchemaAction(StoreSupport store, DenormProperties.SchemaAction action, ClassLoader loader, java.util.Collection<String> entities) {
      long t0 = System.nanoTime();
      store.apply(action, loader, entities);
      if (action != DenormProperties.SchemaAction.NONE) {
        LOG.info("Denorm: schema action {} on {} {} done in {} ms", action, store.store(), store.schema(), (System.nanoTime() - t0) / 1_000_000);
      }
    }
  }
}
