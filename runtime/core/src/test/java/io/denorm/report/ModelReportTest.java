package io.denorm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The report of a small model: what each call costs, the diagram's links, and names escaped. */
class ModelReportTest {

  private static final Map<String, Object> MODEL = Map.of(
      "entities", List.of(
          Map.of("name", "Author", "class", "shop.Author", "table", "authors",
              "estimate", Map.of("rows", 1_000, "rowsPerPartition", 1, "valueBytes", 32, "from", "@Estimate"),
              "columns", List.of(Map.of("field", "id", "column", "id", "key", "partition"), Map.of("field", "name", "column", "name", "key", "regular"))),
          Map.of("name", "Book", "class", "shop.<script>alert(1)</script>Book", "table", "books",
              "estimate", Map.of("rows", 10_000, "rowsPerPartition", 1, "valueBytes", 32, "from", "@Estimate"),
              "columns", List.of(Map.of("field", "isbn", "column", "isbn", "key", "partition"), Map.of("field", "title", "column", "title", "key", "regular"),
                  Map.of("field", "blurb", "column", "blurb", "key", "regular")),
              "references", List.of(Map.of("field", "authors", "target", "Author", "many", true,
                  "denormalized", Map.of("copies", List.of("name"), "fanOut", true, "reverseIndex", "books_by_authors_id"))))),
      "tables", List.of(
          Map.of("name", "authors", "kind", "master", "entity", "Author", "entityClass", "shop.Author", "partitionKey", List.of("id"),
              "clusteringKey", List.of(), "estimate", Map.of("rowsPerPartition", 1, "valuesPerPartition", 1, "bytesPerPartition", 72,
                  "basis", "one row per partition key")),
          Map.of("name", "books", "kind", "master", "entity", "Book", "entityClass", "shop.<script>alert(1)</script>Book",
              "partitionKey", List.of("isbn"), "clusteringKey", List.of(),
              "estimate", Map.of("rowsPerPartition", 200_000, "valuesPerPartition", 400_000, "bytesPerPartition", 30_000_000, "basis", "test")),
          Map.of("name", "books_by_title", "kind", "index", "entity", "Book", "entityClass", "shop.<script>alert(1)</script>Book",
              "indexKey", List.of("title"), "partitionKey", List.of("title"), "clusteringKey", List.of(Map.of("column", "isbn", "order", "ASC")),
              "include", List.of(), "estimate", Map.of("basis", "depends on the distinct values of title"))),
      "daos", List.of(
          Map.of("name", "AuthorDao", "entity", "Author", "entityClass", "shop.Author", "methods", List.of(
              Map.of("method", "save(Author)", "kind", "save", "table", "authors", "async", false,
                  "cql", List.of("INSERT INTO authors (id, name) VALUES (?, ?)")))),
          Map.of("name", "BookDao", "entity", "Book", "entityClass", "shop.<script>alert(1)</script>Book", "methods", List.of(
              Map.of("method", "findByTitle(String)", "kind", "find", "table", "books_by_title", "async", false,
                  "cql", List.of("SELECT title, isbn FROM books_by_title WHERE title = ?")),
              Map.of("method", "save(Book)", "kind", "save", "table", "books", "async", false, "maintains", List.of("books_by_title"),
                  "cql", List.of("SELECT isbn, title, blurb FROM books WHERE isbn = ?", "INSERT INTO books (isbn, title, blurb) VALUES (?, ?, ?)"))))));

  private final String html = ModelReport.html(MODEL, "Shop <model>");

  @Test
  void aSaveCountsTheCopiesItRewritesAndAFinderOnANarrowIndexItsMasterReads() {
    assertTrue(html.contains("<td>1 SELECT of books_by_authors_id</td><td>1 statement + 1 statement per Book holding it (about 10) when name change</td>"),
        html);
    assertTrue(html.contains("<td>1 SELECT + 1 master SELECT per row</td><td>–</td><td>1 Get/Scan + 1 master Get/Scan per row</td>"), html);
    assertFalse(html.contains("master SELECT per unverified row"), "the index does not hold blurb: every hit reads its master");
    assertTrue(html.contains("<td>1 SELECT</td><td>1 statement + at most 2 for 1 maintained table</td><td>1 Get/Scan</td>"
        + "<td>1 mutation + at most 2 for 1 maintained table</td>"), html);
  }

  @Test
  void theDiagramLinksPatternsToTablesAndTheMasterToWhatItsSavesKeep() {
    String author = diagram("entity-shop-Author");
    assertTrue(author.contains("Access patterns (0)"), "a save is not an access pattern: " + author);
    assertTrue(author.contains(">Book.authors (copies name)</text>"), "an author's save rewrites the books' copies: " + author);
    assertEquals(1, count(author, "<path class=\"keeps\""), "the master table keeps the copies: " + author);
    String book = diagram("entity-shop--script-alert-1---script-Book");
    assertTrue(book.contains(">findByTitle(String)</text>") && book.contains(">books_by_title</text>"), book);
    assertEquals(1, count(book, "<path d="), "the finder's edge to the table that serves it: " + book);
    assertEquals(1, count(book, "<path class=\"keeps\""), "the master keeps its index table: " + book);
  }

  private String diagram(String anchor) {
    int at = html.indexOf("id=\"" + anchor + "\"");
    assertTrue(at >= 0, anchor);
    return html.substring(at, html.indexOf("</svg>", at));
  }

  private static int count(String s, String needle) {
    return s.split(java.util.regex.Pattern.quote(needle), -1).length - 1;
  }

  @Test
  void namesAreEscapedAndAPartitionOverTheLimitIsFlagged() {
    assertFalse(html.contains("<script>alert"), "no markup from the model reaches the page unescaped");
    assertTrue(html.contains("shop.&lt;script&gt;alert(1)&lt;/script&gt;Book"));
    assertTrue(html.contains("<title>Shop &lt;model&gt;</title>"));
    assertTrue(html.contains("over 100,000 rows or 100 MB: books") && html.contains("<tr class=\"over\"><td><code>books</code>"), html);
  }
}
