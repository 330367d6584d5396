package io.denorm.spring;

import java.io.IOException;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Denorm's auto-configuration: the generated DAOs as beans ({@link DenormDaoRegistrar}), the schema
 * action at start-up, an HBase {@code Connection} from {@code denorm.hbase.*} when the application has
 * none, and, where Micrometer and Spring Boot's health module are on the classpath, the DAOs' counters
 * as meters and a {@code denorm} health contributor.
 */
@AutoConfiguration(afterName = "org.springframework.boot.cassandra.autoconfigure.CassandraAutoConfiguration")
@EnableConfigurationProperties(DenormProperties.class)
public class DenormAutoConfiguration {

  @Bean
  static DenormDaoRegistrar denormDaoRegistrar() {
    return new DenormDaoRegistrar();
  }

  /** An HBase connection from {@code denorm.hbase.zookeeper-quorum} and {@code denorm.hbase.properties}. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = DenormDaoRegistrar.HBASE_CONNECTION)
  @ConditionalOnProperty(prefix = "denorm.hbase", name = "zookeeper-quorum")
  static class HBaseConnectionConfiguration {
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean(type = DenormDaoRegistrar.HBASE_CONNECTION)
    org.apache.hadoop.hbase.client.Connection denormHBaseConnection(DenormProperties properties) throws IOException {
      org.apache.hadoop.conf.Configuration conf = io.denorm.hbase.HBaseConnections.quorum(org.apache.hadoop.hbase.HBaseConfiguration.create(),
          properties.getHbase().getZookeeperQuorum());
      properties.getHbase().getProperties().forEach(conf::set);
      return org.apache.hadoop.hbase.client.ConnectionFactory.createConnection(conf);
    }
  }

  /** The DAOs' counters as Micrometer meters in every registry the application has. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "io.micrometer.core.instrument.MeterRegistry")
  static class MetricsConfiguration {
    // No @ConditionalOnBean: the DAO beans are registered after the conditions are evaluated.
    @Bean
    SmartInitializingSingleton denormMeters(ObjectProvider<io.micrometer.core.instrument.MeterRegistry> registries,
        ObjectProvider<DenormDaos> daos) {
      return () -> daos.ifAvailable(d -> registries.orderedStream().forEach(registry -> {
        io.denorm.metrics.DenormMetrics.bindGlobal(registry);
        d.instances().forEach((name, dao) -> io.denorm.metrics.DenormMetrics.bind(dao, name, registry));
      }));
    }
  }

  /** A {@code denorm} health contributor: the store answers, and what reads and repairs found. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "org.springframework.boot.health.contributor.HealthIndicator")
  static class HealthConfiguration {
    @Bean
    @org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator("denorm")
    DenormHealthIndicator denormHealthIndicator(ObjectProvider<DenormDaos> daos) {
      return new DenormHealthIndicator(daos);
    }
  }
}
