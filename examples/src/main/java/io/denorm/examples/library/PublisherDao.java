package io.denorm.examples.library;

import io.denorm.annotations.Dao;
import java.util.Optional;

@Dao
public interface PublisherDao {
  void save(Publisher publisher);

  Optional<Publisher> findById(String id);
}
