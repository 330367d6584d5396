package io.denorm.examples.books;

import io.denorm.annotations.Dao;
import java.util.List;
import java.util.Optional;

@Dao
public interface BookDao {
  void save(Book book);

  boolean deleteByIsbn(String isbn);

  List<Book> findByAuthor(String author);

  List<Book> findByGenresContains(String genre);

  Optional<Book> findBySlug(String slug);
}
