package io.denorm.examples.library;

import io.denorm.annotations.Dao;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/** Saving an author whose name or thumbnail changed rewrites the snippet in every book holding it. */
@Dao
public interface AuthorDao {
  void save(Author author);

  CompletionStage<Void> saveAsync(Author author);

  Optional<Author> findById(String id);

  boolean deleteById(String id);
}
