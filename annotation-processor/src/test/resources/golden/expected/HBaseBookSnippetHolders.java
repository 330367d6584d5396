package io.denorm.examples.library;

import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.hbase.HBaseDaoBase;
import io.denorm.hbase.HBaseIndexTable;
import io.denorm.hbase.HBaseReferences;
import io.denorm.hbase.KeySalt;
import io.denorm.snippet.SnippetHolders;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.UnaryOperator;
import javax.annotation.processing.Generated;
import org.apache.hadoop.hbase.client.AsyncConnection;

/**
 * The rows of {@code library_books} that hold snippets of other entities, as those entities' fan-outs reach them
 * (HBase).
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.library.Book"
)
public final class HBaseBookSnippetHolders extends HBaseDaoBase<Book> implements SnippetHolders<Book> {
  /**
   * Index table {@code library_books_by_publisher}.
   */
  private final HBaseIndexTable libraryBooksByPublisherIndex;

  /**
   * Index table {@code library_books_by_authors_id}.
   */
  private final HBaseIndexTable libraryBooksByAuthorsIdIndex;

  /**
   * Reads the Author rows {@code authors} references, for joins.
   */
  private final HBaseReferences<Author> authorsReferences;

  /**
   * Over {@code connection}, tables in {@code namespace}.
   */
  public HBaseBookSnippetHolders(AsyncConnection connection, String namespace) {
    super(connection, namespace, "Book", "library_books", HBaseBookMapper.KEY, HBaseBookMapper.COLUMNS,
        HBaseBookMapper::key, HBaseBookMapper::cells, HBaseBookMapper::fromRow, HBaseBookMapper::indexEntries);
    typedKeys(HBaseBookMapper::rowKey);
    this.libraryBooksByPublisherIndex = indexTable(HBaseBookMapper.LIBRARY_BOOKS_BY_PUBLISHER,
        "library_books_by_publisher", HBaseBookMapper.LIBRARY_BOOKS_BY_PUBLISHER_KEY);
    this.libraryBooksByAuthorsIdIndex = membershipIndexTable(HBaseBookMapper.LIBRARY_BOOKS_BY_AUTHORS_ID,
        "library_books_by_authors_id", HBaseBookMapper.LIBRARY_BOOKS_BY_AUTHORS_ID_KEY);
    countInto(libraryBooksByAuthorsIdIndex, "authors", "Author", HBaseAuthorMapper.KEY, KeySalt.NONE,
        "#count_of_books");
    inverseInto(libraryBooksByAuthorsIdIndex, "authors", "Author", HBaseAuthorMapper.KEY, KeySalt.NONE, "@book_ids");
    this.authorsReferences = references("authors", "Author", HBaseAuthorMapper.KEY, KeySalt.NONE,
        HBaseAuthorMapper.COLUMNS, HBaseAuthorMapper::fromRow);
  }

  /**
   * As the DAO {@code settings} is: its clock, repair grace, write observer and list limit.
   */
  public HBaseBookSnippetHolders(AsyncConnection connection, String namespace,
      HBaseDaoBase<?> settings) {
    this(connection, namespace);
    copySettingsFrom(settings);
  }

  @Override
  public CompletionStage<Page<Book>> holdersOf(String field, Object sourceId, PageRequest page) {
    switch (field) {
      case "authors":
        return indexPageAsync(libraryBooksByAuthorsIdIndex, range(libraryBooksByAuthorsIdIndex,
            List.<Object>of(((String) sourceId))), page);
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
    return writeAsync(entity, previous);
  }

  @Override
  public CompletionStage<Optional<Book>> reload(Book entity) {
    return storedAsync(entity);
  }

  @Override
  public CompletionStage<Optional<Book>> byId(Object id) {
    return getAsync(List.of(id));
  }

  /**
   * Reads the rows the fanned-out snippets of {@code entity} copy.
   */
  @Override
  public CompletionStage<UnaryOperator<Book>> copiesNow(Book entity) {
    return authorsReferences.load(HBaseBookMapper.authorsReferences(entity))
        .thenApply(authorsSources -> SnippetHolders.<Book>inTurn(state -> HBaseBookMapper.refreshAuthors(state,
            authorsSources::get)));
  }

  /**
   * Reads the row of {@code entity} again and saves it as {@code change} makes it, stamped just above the state read:
   * a save of the row made meanwhile is stamped higher and keeps what it wrote.
   */
  @Override
  public CompletionStage<Boolean> rewrite(Book entity, UnaryOperator<Book> change) {
    return rewriteAsync(entity, change);
  }
}
