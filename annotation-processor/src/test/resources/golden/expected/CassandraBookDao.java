package io.denorm.examples.library;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.KeyChecks;
import io.denorm.ScannableDao;
import io.denorm.cassandra.CassandraDaoBase;
import io.denorm.cassandra.CassandraIndexTable;
import io.denorm.cassandra.MasterTable;
import io.denorm.cassandra.PreparedCql;
import io.denorm.cassandra.StatementOptions;
import io.denorm.index.IndexMaintenance;
import io.denorm.index.IndexScans;
import io.denorm.index.IndexedDao;
import io.denorm.snippet.SnippetFanOut;
import io.denorm.write.DeletePipeline;
import io.denorm.write.SavePipeline;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;
import javax.annotation.processing.Generated;

/**
 * Cassandra implementation of {@link BookDao}, storing {@link Book} in table {@code library_books}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.library.BookDao"
)
public final class CassandraBookDao extends CassandraDaoBase<Book> implements BookDao, ScannableDao<Book>,
    IndexedDao<Book> {
  /**
   * {@code SELECT id, name, publisher_id, authors FROM library_books WHERE id = ?}
   */
  private final PreparedCql selectById;

  /**
   * {@code SELECT authors_id, id FROM library_books_by_authors_id WHERE authors_id = ?}
   */
  private final PreparedCql selectByAuthorsId;

  /**
   * {@code SELECT publisher_id, id FROM library_books_by_publisher WHERE publisher_id = ?}
   */
  private final PreparedCql selectByPublisherId;

  /**
   * {@code SELECT id, name FROM publishers WHERE id IN ?}
   */
  private final PreparedCql selectPublisherIn;

  /**
   * {@code SELECT id, name, publisher_id, authors FROM library_books WHERE token(id) >= ? AND token(id) <= ?}
   */
  private final PreparedCql scanBook;

  /**
   * {@code SELECT id, name, publisher_id, authors, WRITETIME(name), WRITETIME(publisher_id), MAXWRITETIME(authors) FROM
   * library_books WHERE id = ?}
   */
  private final PreparedCql selectBookRow;

  /**
   * {@code INSERT INTO library_books (id, name, publisher_id, authors) VALUES (?, ?, ?, ?)}
   */
  private final PreparedCql insertBook;

  /**
   * {@code DELETE FROM library_books WHERE id = ?}
   */
  private final PreparedCql deleteBook;

  /**
   * {@code SELECT id, name, thumbnail_url, book_ids, count_of_books FROM authors WHERE id IN ?}
   */
  private final PreparedCql selectAuthorIn;

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
   * The rows of Book as snippet holders: a save settles the copies it wrote through them (see {@code
   * SnippetHolders.settle}).
   */
  private final Supplier<CassandraBookSnippetHolders> snippetCopies;

  /**
   * The steps of a save of Book, each feature hooked into its step; every save method is one call of it.
   */
  private final SavePipeline<Book> saves;

  /**
   * The steps of a delete of Book; every delete method is one call of it.
   */
  private final DeletePipeline<Book> deletes;

  /**
   * A DAO over {@code session} whose tables live in {@code keyspace}. Statements are prepared on first use.
   */
  public CassandraBookDao(CqlSession session, String keyspace) {
    super(session, keyspace);
    this.selectById = prepare("SELECT id, name, publisher_id, authors FROM {keyspace}.library_books WHERE id = ?");
    this.selectByAuthorsId = prepare("SELECT authors_id, id FROM {keyspace}.library_books_by_authors_id WHERE "
        + "authors_id = ?");
    this.selectByPublisherId = prepare("SELECT publisher_id, id FROM {keyspace}.library_books_by_publisher WHERE "
        + "publisher_id = ?");
    this.selectPublisherIn = prepare("SELECT id, name FROM {keyspace}.publishers WHERE id IN ?");
    this.scanBook = prepare("SELECT id, name, publisher_id, authors FROM {keyspace}.library_books WHERE token(id) >= ? "
        + "AND token(id) <= ?");
    this.selectBookRow = prepare("SELECT id, name, publisher_id, authors, WRITETIME(name), WRITETIME(publisher_id), "
        + "MAXWRITETIME(authors) FROM {keyspace}.library_books WHERE id = ?");
    this.insertBook = prepare("INSERT INTO {keyspace}.library_books (id, name, publisher_id, authors) VALUES (?, ?, ?, "
        + "?)");
    this.deleteBook = prepare("DELETE FROM {keyspace}.library_books WHERE id = ?");
    this.selectAuthorIn = prepare("SELECT id, name, thumbnail_url, book_ids, count_of_books FROM {keyspace}.authors "
        + "WHERE id IN ?");
    this.libraryBooksByPublisherIndex = indexTable(CassandraBookMapper.LIBRARY_BOOKS_BY_PUBLISHER,
        "library_books_by_publisher", 1, List.of("publisher_id", "id"));
    this.libraryBooksByAuthorsIdIndex = membershipIndexTable(CassandraBookMapper.LIBRARY_BOOKS_BY_AUTHORS_ID,
        "library_books_by_authors_id", 1, List.of("authors_id", "id"));
    countInto(libraryBooksByAuthorsIdIndex, "authors", "id", "count_of_books");
    inverseInto(libraryBooksByAuthorsIdIndex, "authors", "id", "book_ids", false);
    this.bookByKey = masterLookup(selectBookRow, CassandraBookMapper::fromRow);
    this.maintenance = indexMaintenance(scanBook, CassandraBookMapper::fromRow, CassandraBookMapper::indexEntries,
        bookByKey);
    this.snippetCopies = SnippetFanOut.once(() -> new CassandraBookSnippetHolders(session, keyspace, this));
    master(MasterTable.<Book>of("Book", selectBookRow, CassandraBookMapper::fromRow, CassandraBookMapper::keyOf,
        CassandraBookMapper::bindKeyValues)
        .inserting(insertBook, CassandraBookMapper::bindAll)
        .deleting(deleteBook, null)
        .indexed(CassandraBookMapper::indexEntries));
    this.saves = savePipeline()
        .checking(CassandraBookMapper::requireValidKey)
        .copying(entity -> referencesAsync(CassandraBookMapper.authorsReferences(entity), selectAuthorIn,
            CassandraAuthorMapper::fromRow)
            .thenApply(sources -> Objects.requireNonNullElse(CassandraBookMapper.refreshAuthors(entity, sources::get),
                entity)))
        .settling(entity -> snippetCopies.get().settle(entity, entity))
        .build();
    this.deletes = deletePipeline(CassandraBookMapper::keyOf)
        .checking(CassandraBookMapper::requireValidKey)
        .build();
  }

  /**
   * Writes every column of the {@code Book} row in table {@code library_books}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   * The {@code authors} snippets are first copied again from their Author rows (name, thumbnailUrl), read in batches.
   */
  @Override
  public void save(Book book) {
    join(saves.save(book));
  }

  /**
   * Writes every column of the {@code Book} row in table {@code library_books}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
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
    return one(
        selectById.sync().boundStatementBuilder()
            .setString(0, id),
        CassandraBookMapper::fromRow);
  }

  /**
   * Served by table {@code library_books_by_authors_id}: {@code authors_id = ?}.
   * Each index row is checked against the master row it points at; rows whose master no longer matches are left out and
   * repaired.
   */
  @Override
  public List<Book> findByAuthorsId(String authorId) {
    KeyChecks.argument("Book", "authors.id", authorId);
    return indexList(
        selectByAuthorsId.sync().boundStatementBuilder()
            .setString(0, authorId)
            .build(),
        libraryBooksByAuthorsIdIndex, bookByKey, CassandraBookMapper::indexEntries);
  }

  /**
   * Served by table {@code library_books_by_publisher}: {@code publisher_id = ?}.
   * Each index row is checked against the master row it points at; rows whose master no longer matches are left out and
   * repaired.
   */
  @Override
  public List<Book> findByPublisherId(String publisherId) {
    KeyChecks.argument("Book", "publisherId", publisherId);
    return indexList(
        selectByPublisherId.sync().boundStatementBuilder()
            .setString(0, publisherId)
            .build(),
        libraryBooksByPublisherIndex, bookByKey, CassandraBookMapper::indexEntries);
  }

  /**
   * Joins the Publisher rows that {@code publisherId} references, read from table {@code publishers} with {@code IN},
   * up to 100 ids per request.
   */
  @Override
  @SuppressWarnings("unchecked")
  public Optional<Publisher> loadPublisherId(Book book) {
    Objects.requireNonNull(book, "Book to join");
    var rows = references(CassandraBookMapper.publisherIdReferences(book), selectPublisherIn,
        CassandraPublisherMapper::fromRow);
    return (Optional<Publisher>) (Object) rows.values().stream().findFirst();
  }

  /**
   * Deletes one row of table {@code library_books} by its primary key, at one client-side write timestamp.
   * Returns whether the row existed when it was read just before the delete.
   * Index entries of the deleted row are removed after the master row.
   */
  @Override
  public boolean deleteById(String id) {
    KeyChecks.keyComponent("Book", "id", id);
    return join(deletes.deleteByKey(Arrays.<Object>asList(id), true));
  }

  @Override
  public List<IndexScans.Segment<Book>> scanSegments(int segments) {
    return masterSegments(scanBook, CassandraBookMapper::fromRow, segments);
  }

  @Override
  public IndexScans.Segment<Book> scanSegment(String range) {
    return masterSegment(scanBook, CassandraBookMapper::fromRow, range);
  }

  /**
   * Verify, rebuild and back-fill of the index tables of {@code library_books}: library_books_by_publisher,
   * library_books_by_authors_id.
   */
  @Override
  public IndexMaintenance<Book> indexMaintenance() {
    return maintenance;
  }

  /**
   * This DAO with other statement options, for the calls that need them: another instance over the same session and
   * keyspace (the session prepares each statement once), with this one's clock, repair grace, observer and list limit.
   */
  public CassandraBookDao withStatementOptions(StatementOptions options) {
    CassandraBookDao other = new CassandraBookDao(session(), keyspace().asInternal());
    other.copySettingsFrom(this);
    other.setStatementOptions(options);
    return other;
  }
}
