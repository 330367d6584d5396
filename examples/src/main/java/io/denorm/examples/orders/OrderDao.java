package io.denorm.examples.orders;

import io.denorm.annotations.Dao;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

@Dao
public interface OrderDao {
  void save(Order order);

  CompletionStage<Void> saveAsync(Order order);

  Optional<Order> findById(String id);

  boolean deleteById(String id);
}
