package io.denorm.spark.model;

import io.denorm.annotations.Dao;
import java.util.Optional;

@Dao
public interface AccountDao {
  void saveAll(Iterable<Account> accounts);

  Optional<Account> findById(String id);
}
