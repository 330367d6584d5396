package io.denorm.examples.library;

/** The part of an author a book shows: the id, and copies of the name and thumbnail. */
public record AuthorSnippet(String id, String name, String thumbnailUrl) {

  /** A snippet holding only the id: saving the book fills in the rest from the author. */
  public static AuthorSnippet of(String authorId) {
    return new AuthorSnippet(authorId, null, null);
  }
}
