package io.denorm.examples.library;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.cassandra.CassandraDaoBase;
import io.denorm.cassandra.CassandraIndexTable;
import io.denorm.cassandra.MasterTable;
import io.denorm.cassandra.PreparedCql;
import io.denorm.index.IndexMaintenance;
import io.denorm.snippet.SnippetHolders;
import io.denorm.write.SavePipeline;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import javax.annotation.processing.Generated;

/**
 * The rows of {@code library_books} that hold snippets of other entities, as those entities' fan-outs reach them
 * (Cassandra).
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.library.Book"
)
public final class CassandraBookSnippetHolders extends CassandraDaoBase<Book> implements SnippetHolders<Book> {
  /**
   * {@code SELECT id, name, publisher_id, authors, WRITETIME(name), WRITETIME(publisher_id), MAXWRITETIME(authors) FROM
   * library_books WHERE id = ?}
   */
  private final PreparedCql selectBookRow;

  /**
   * {@code UPDATE library_books SET authors = ? WHERE id = ?}
   */
  private final PreparedCql updateBookRewritten;

  /**
   * {@code SELECT authors_id, id FROM library_books_by_authors_id WHERE authors_id = ?}
   */
  private final PreparedCql selectByAuthorsSource;

  /**
   * {@code SELECT id, name, thumbnail_url, book_ids, count_of_books FROM authors WHERE id IN ?}
   */
  private final PreparedCql selectAuthorIn;

  /**
   * {@code INSERT INTO library_books (id, name, publisher_id, authors) VALUES (?, ?, ?, ?)}
   */
  private final PreparedCql insertBook;

  /**
   * {@code SELECT id, name, publisher_id, authors FROM library_books WHERE token(id) >= ? AND token(id) <= ?}
   */
  private final PreparedCql scanBook;

  /**
   * Index table {@code library_books_by_publisher}.
   */
  private final CassandraIndexTable libraryBooksByPublisherIndex;

  /**
   * Index table {@code library_books_by_authors_id}.
   */
  private final CassandraIndexTable libraryBooksByAuthorsIdIndex;

  /**
   * Reads the master row an index row points at.
   */
  private final Function<List<Object>, CompletionStage<Optional<Book>>> bookByKey;

  private final IndexMaintenance<Book> maintenance;

  /**
   * Over {@code session}, tables in {@code keyspace}. Statements are prepared on first use.
   */
  public CassandraBookSnippetHolders(CqlSession session, String keyspace) {
    super(session, keyspace);
    this.selectBookRow = prepare("SELECT id, name, publisher_id, authors, WRITETIME(name), WRITETIME(publisher_id), "
        + "MAXWRITETIME(authors) FROM {keyspace}.library_books WHERE id = ?");
    this.updateBookRewritten = prepare("UPDATE {keyspace}.library_books SET authors = ? WHERE id = ?");
    this.selectByAuthorsSource = prepare("SELECT authors_id, id FROM {keyspace}.library_books_by_authors_id WHERE "
        + "authors_id = ?");
    this.selectAuthorIn = prepare("SELECT id, name, thumbnail_url, book_ids, count_of_books FROM {keyspace}.authors "
        + "WHERE id IN ?");
    this.insertBook = prepare("INSERT INTO {keyspace}.library_books (id, name, publisher_id, authors) VALUES (?, ?, ?, "
        + "?)");
    this.scanBook = prepare("SELECT id, name, publisher_id, authors FROM {keyspace}.library_books WHERE token(id) >= ? "
        + "AND token(id) <= ?");
    this.libraryBooksByPublisherIndex = indexTable(CassandraBookMapper.LIBRARY_BOOKS_BY_PUBLISHER,
        "library_books_by_publisher", 1, List.of("publisher_id", "id"));
    this.libraryBooksByAuthorsIdIndex = membershipIndexTable(CassandraBookMapper.LIBRARY_BOOKS_BY_AUTHORS_ID,
        "library_books_by_authors_id", 1, List.of("authors_id", "id"));
    countInto(libraryBooksByAuthorsIdIndex, "authors", "id", "count_of_books");
    inverseInto(libraryBooksByAuthorsIdIndex, "authors", "id", "book_ids", false);
    this.bookByKey = masterLookup(selectBookRow, CassandraBookMapper::fromRow);
    this.maintenance = indexMaintenance(scanBook, CassandraBookMapper::fromRow, CassandraBookMapper::indexEntries,
        bookByKey);
    master(MasterTable.<Book>of("Book", selectBookRow, CassandraBookMapper::fromRow, CassandraBookMapper::keyOf,
        CassandraBookMapper::bindKeyValues)
        .inserting(insertBook, CassandraBookMapper::bindAll)
        .indexed(CassandraBookMapper::indexEntries));
  }

  /**
   * As the DAO {@code settings} is: its clock, repair grace, write observer and list limit.
   */
  public CassandraBookSnippetHolders(CqlSession session, String keyspace,
      CassandraDaoBase<?> settings) {
    this(session, keyspace);
    copySettingsFrom(settings);
  }

  @Override
  public CompletionStage<Page<Book>> holdersOf(String field, Object sourceId, PageRequest page) {
    switch (field) {
      case "authors":
        return selectByAuthorsSource.async().thenCompose(prepared -> indexPageAsync(prepared.boundStatementBuilder()
            .setString(0, (String) sourceId).build(),
            libraryBooksByAuthorsIdIndex, bookByKey, CassandraBookMapper::indexEntries, page));
      default:
        throw new IllegalArgumentException("Book has no fanned-out snippet field " + field);
    }
  }

  /**
   * Saves {@code entity}, read as {@code previous}, through the protocol of {@code library_books}, its snippets as
   * given.
   */
  @Override
  public CompletionStage<Void> saveHolder(Book entity, Book previous) {
    CassandraBookMapper.requireValidKey(entity);
    return writeAsync(new SavePipeline.Call<>(entity, true, previous, nextWriteTimestamp()));
  }

  @Override
  public CompletionStage<Optional<Book>> reload(Book entity) {
    return storedAsync(entity);
  }

  @Override
  public CompletionStage<Optional<Book>> byId(Object id) {
    return bookByKey.apply(List.of(id));
  }

  /**
   * Reads the rows the fanned-out snippets of {@code entity} copy.
   */
  @Override
  public CompletionStage<UnaryOperator<Book>> copiesNow(Book entity) {
    return referencesAsync(CassandraBookMapper.authorsReferences(entity), selectAuthorIn,
        CassandraAuthorMapper::fromRow)
        .thenApply(authorsSources -> SnippetHolders.<Book>inTurn(state -> CassandraBookMapper.refreshAuthors(state,
            authorsSources::get)));
  }

  /**
   * Reads the row of {@code entity} again and saves it as {@code change} makes it, stamped just above the state read:
   * a save of the row made meanwhile is stamped higher and keeps what it wrote.
   */
  @Override
  public CompletionStage<Boolean> rewrite(Book entity, UnaryOperator<Book> change) {
    return rewriteAsync(selectBookRow.async().thenCompose(prepared ->
        stampedAsync(CassandraBookMapper.bindKey(prepared.boundStatementBuilder(), entity).build(),
        CassandraBookMapper::fromRow)),
            change, CassandraBookMapper::indexEntries,
            fresh -> updateBookRewritten.async().thenApply(prepared ->
                CassandraBookMapper.bindRewrite(prepared.boundStatementBuilder(), fresh).build()));
  }
}
