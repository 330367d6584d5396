package io.denorm.examples;

import io.denorm.examples.library.AuthorSnippet;
import io.denorm.examples.library.Book;
import java.util.ArrayList;
import java.util.List;

/** Books of the library example as the contracts write them: an id and author ids only. */
final class Library {
  private Library() {}

  static Book book(String id, String... authorIds) {
    List<AuthorSnippet> by = new ArrayList<>();
    for (String a : authorIds) {
      by.add(AuthorSnippet.of(a));
    }
    return new Book(id, "Book " + id, by);
  }
}
