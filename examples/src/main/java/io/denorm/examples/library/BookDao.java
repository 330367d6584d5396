package io.denorm.examples.library;

import io.denorm.annotations.Dao;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

@Dao
public interface BookDao {
  /** Copies the authors' name and thumbnail into the snippets, then saves. */
  void save(Book book);

  CompletionStage<Void> saveAsync(Book book);

  Optional<Book> findById(String id);

  /** The books of an author, through the reverse index Denorm keeps for the snippets. */
  List<Book> findByAuthorsId(String authorId);

  /** The books of a publisher: the publisher keeps no list, each book its publisher's id. */
  List<Book> findByPublisherId(String publisherId);

  /** The book's publisher, joined. */
  Optional<Publisher> loadPublisherId(Book book);

  boolean deleteById(String id);
}
