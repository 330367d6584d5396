package io.denorm.examples.people;

import io.denorm.annotations.Dao;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

@Dao
public interface PersonDao {
  /** A compare-and-set on the version: throws ConcurrentUpdateException when someone saved first. */
  void save(Person person);

  CompletionStage<Void> saveAsync(Person person);

  Optional<Person> findById(String id);

  List<Person> findByLastName(String lastName);

  /** Deletes whatever version is stored, unless it changes between the read and the delete. */
  boolean deleteById(String id);

  /** Deletes the person only if the stored version is still the one {@code person} carries. */
  void delete(Person person);
}
