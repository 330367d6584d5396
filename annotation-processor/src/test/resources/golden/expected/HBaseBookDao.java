package io.denorm.examples.library;

import io.denorm.KeyChecks;
import io.denorm.hbase.HBaseConnections;
import io.denorm.hbase.HBaseDaoBase;
import io.denorm.hbase.HBaseIndexTable;
import io.denorm.hbase.HBaseReferences;
import io.denorm.hbase.KeySalt;
import io.denorm.snippet.SnippetFanOut;
import io.denorm.write.SavePipeline;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import javax.annotation.processing.Generated;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Connection;

/**
 * HBase implementation of {@link BookDao}, storing {@link Book} in table {@code library_books}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.library.BookDao"
)
public final class HBaseBookDao extends HBaseDaoBase<Book> implements BookDao {
  /**
   * Index table {@code library_books_by_publisher}.
   */
  private final HBaseIndexTable libraryBooksByPublisherIndex;

  /**
   * Index table {@code library_books_by_authors_id}.
   */
  private final HBaseIndexTable libraryBooksByAuthorsIdIndex;

  /**
   * Reads the Publisher rows {@code publisherId} references, for joins.
   */
  private final HBaseReferences<Publisher> publisherIdReferences;

  /**
   * Reads the Author rows {@code authors} references, for joins.
   */
  private final HBaseReferences<Author> authorsReferences;

  /**
   * The rows of Book as snippet holders: a save settles the copies it wrote through them (see {@code
   * SnippetHolders.settle}).
   */
  private final Supplier<HBaseBookSnippetHolders> snippetCopies;

  /**
   * The steps of a save of Book, each feature hooked into its step; every save method is one call of it.
   */
  private final SavePipeline<Book> saves;

  /**
   * A DAO over {@code connection} whose tables live in {@code namespace}. It runs on an asynchronous connection opened
   * once per {@code connection}.
   */
  public HBaseBookDao(Connection connection, String namespace) {
    this(HBaseConnections.async(connection), namespace);
  }

  /**
   * A DAO over {@code connection} whose tables live in {@code namespace}.
   */
  public HBaseBookDao(AsyncConnection connection, String namespace) {
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
    this.publisherIdReferences = references("publishers", "Publisher", HBasePublisherMapper.KEY, KeySalt.NONE,
        HBasePublisherMapper.COLUMNS, HBasePublisherMapper::fromRow);
    this.authorsReferences = references("authors", "Author", HBaseAuthorMapper.KEY, KeySalt.NONE,
        HBaseAuthorMapper.COLUMNS, HBaseAuthorMapper::fromRow);
    this.snippetCopies = SnippetFanOut.once(() -> new HBaseBookSnippetHolders(connection, namespace, this));
    this.saves = savePipeline()
        .checking(this::checkKey)
        .copying(entity -> authorsReferences.load(HBaseBookMapper.authorsReferences(entity))
            .thenApply(sources -> Objects.requireNonNullElse(HBaseBookMapper.refreshAuthors(entity, sources::get),
                entity)))
        .settling(entity -> snippetCopies.get().settle(entity, entity))
        .build();
  }

  /**
   * Writes every column of the {@code Book} row in table {@code library_books} at one timestamp; null columns are
   * deleted.
   * The key (and every index key) is encoded before anything is sent.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   * The {@code authors} snippets are first copied again from their Author rows (name, thumbnailUrl), read in batches.
   */
  @Override
  public void save(Book book) {
    join(saves.save(book));
  }

  /**
   * Writes every column of the {@code Book} row in table {@code library_books} at one timestamp; null columns are
   * deleted.
   * The key (and every index key) is encoded before anything is sent.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   * The {@code authors} snippets are first copied again from their Author rows (name, thumbnailUrl), read in batches.
   */
  @Override
  public CompletionStage<Void> saveAsync(Book book) {
    return saves.save(book);
  }

  /**
   * Served by table {@code library_books}: {@code id = ?}.
   */
  @Override
  public Optional<Book> findById(String id) {
    KeyChecks.argument("Book", "id", id);
    return get(List.<Object>of(id));
  }

  /**
   * Served by table {@code library_books_by_authors_id}: {@code authors_id = ?}.
   * Each index row is checked against the master row it points at; rows whose master no longer matches are left out and
   * repaired.
   */
  @Override
  public List<Book> findByAuthorsId(String authorId) {
    KeyChecks.argument("Book", "authors.id", authorId);
    return indexList(libraryBooksByAuthorsIdIndex, range(libraryBooksByAuthorsIdIndex, List.<Object>of(authorId)), 0);
  }

  /**
   * Served by table {@code library_books_by_publisher}: {@code publisher_id = ?}.
   * Each index row is checked against the master row it points at; rows whose master no longer matches are left out and
   * repaired.
   */
  @Override
  public List<Book> findByPublisherId(String publisherId) {
    KeyChecks.argument("Book", "publisherId", publisherId);
    return indexList(libraryBooksByPublisherIndex, range(libraryBooksByPublisherIndex, List.<Object>of(publisherId)),
        0);
  }

  /**
   * Joins the Publisher rows that {@code publisherId} references, read from table {@code publishers} as multi-gets of
   * up to 100 rows.
   */
  @Override
  @SuppressWarnings("unchecked")
  public Optional<Publisher> loadPublisherId(Book book) {
    Objects.requireNonNull(book, "Book to join");
    var rows = join(publisherIdReferences.load(HBaseBookMapper.publisherIdReferences(book)));
    return (Optional<Publisher>) (Object) rows.values().stream().findFirst();
  }

  /**
   * Deletes one row of table {@code library_books} by its key, at one timestamp.
   * Returns whether the row existed when it was read just before the delete.
   */
  @Override
  public boolean deleteById(String id) {
    KeyChecks.keyComponent("Book", "id", id);
    return join(removeAsync(List.<Object>of(id)));
  }
}
