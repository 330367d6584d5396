package io.denorm.spark.model;

import io.denorm.annotations.Dao;
import java.util.List;
import java.util.Optional;

@Dao
public interface AccountRankDao {
  void saveAll(Iterable<AccountRank> ranks);

  Optional<AccountRank> findByAccountId(String accountId);

  /** The accounts of one component, through the index. */
  List<AccountRank> findByComponent(String component);
}
