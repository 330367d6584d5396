package io.denorm.benchmarks;

import com.datastax.oss.driver.api.mapper.annotations.Dao;
import com.datastax.oss.driver.api.mapper.annotations.Insert;
import com.datastax.oss.driver.api.mapper.annotations.Select;
import com.datastax.oss.driver.api.mapper.annotations.StatementAttributes;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

/** The driver mapper's DAO, at the consistency level Denorm's DAOs use by default. */
@Dao
public interface MapperUserDao {
  @Insert
  @StatementAttributes(consistencyLevel = "LOCAL_QUORUM")
  void save(MapperUser user);

  @Insert
  @StatementAttributes(consistencyLevel = "LOCAL_QUORUM")
  CompletionStage<Void> saveAsync(MapperUser user);

  @Select
  @StatementAttributes(consistencyLevel = "LOCAL_QUORUM")
  MapperUser findById(UUID id);

  @Select
  @StatementAttributes(consistencyLevel = "LOCAL_QUORUM")
  CompletionStage<MapperUser> findByIdAsync(UUID id);
}
