package io.denorm.spark.model;

import io.denorm.annotations.Dao;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

@Dao
public interface MemberDao {
  void save(Member m);

  void saveAll(Iterable<Member> members);

  Optional<Member> findById(UUID id);

  Optional<Member> findByEmail(String email);

  List<Member> findByCity(String city);
}
