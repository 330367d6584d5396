package io.denorm.benchmarks;

import com.datastax.oss.driver.api.mapper.annotations.DaoFactory;
import com.datastax.oss.driver.api.mapper.annotations.DaoKeyspace;
import com.datastax.oss.driver.api.mapper.annotations.Mapper;

/** The driver mapper's entry point; its processor generates {@code BenchMapperBuilder}. */
@Mapper
public interface BenchMapper {
  @DaoFactory
  MapperUserDao userDao(@DaoKeyspace String keyspace);
}
