package io.denorm.examples.users;

import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.annotations.Dao;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.stream.Stream;

@Dao
public interface UserDao {
  void save(User u);

  /**
   * Partial updates: the user read by id, the fields named set, and saved with its index rows kept
   * (false when there is no such user). A null value clears the field and its index entries.
   */
  boolean updateStateAndCityById(UUID id, String state, String city);

  CompletionStage<Boolean> updateEmailByIdAsync(UUID id, String email);

  void updateCategoriesById(UUID id, Set<String> categories);

  CompletionStage<Void> saveAsync(User u);

  /** A save whose caller knows the previous state (null for a new user): no read before the write. */
  void save(User u, User previous);

  /** A new user: nothing is read before the writes (see the generated javadoc for a user that exists after all). */
  void insert(User u);

  /** Every user saved as save(u) saves one, 64 at a time; users with one id one after the other, the last one given stored. */
  void saveAll(Iterable<User> users);

  /** Deletes every user given, each with its index rows, as {@code delete} would. */
  void deleteAll(Collection<User> users);

  CompletionStage<Void> insertAsync(User u);

  boolean deleteById(UUID id);

  Optional<User> findById(UUID id);

  /** Served by the unique index users_by_email. */
  Optional<User> findByEmail(String email);

  /** Served by a key prefix of users_by_location. */
  Stream<User> findByState(String state);

  /** The users of a state through the index, published with back-pressure (each index row checked against its user). */
  java.util.concurrent.Flow.Publisher<User> findEachByState(String state);

  Page<User> findByStateAndCity(String state, String city, PageRequest page);

  List<User> findByStateAndCity(String state, String city);

  /** Served by the inverted index users_by_category. */
  Stream<User> findByCategoriesContains(String category);

  CompletionStage<List<User>> findByStateAsync(String state);

  /** Served by users_by_skill: one index row per skill, so name and level come from the same skill. */
  Stream<User> findBySkillsNameAndSkillsLevel(String name, String level);

  /** Counted through users_by_location: each index row is checked against its user, as findByStateAndCity checks it. */
  long countByStateAndCity(String state, String city);

  CompletionStage<Long> countByCategoriesContainsAsync(String category);

  /** Whether the unique index users_by_email holds a current row for the address. */
  boolean existsByEmail(String email);

  CompletionStage<Boolean> existsByStateAsync(String state);
}
