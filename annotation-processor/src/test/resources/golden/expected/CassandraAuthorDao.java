package io.denorm.examples.library;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.KeyChecks;
import io.denorm.ScannableDao;
import io.denorm.cassandra.CassandraDaoBase;
import io.denorm.cassandra.MasterTable;
import io.denorm.cassandra.PreparedCql;
import io.denorm.cassandra.StatementOptions;
import io.denorm.index.IndexScans;
import io.denorm.snippet.FanOutReport;
import io.denorm.snippet.FanOutStats;
import io.denorm.snippet.SnippetFanOut;
import io.denorm.snippet.SnippetReport;
import io.denorm.snippet.SnippetSource;
import io.denorm.write.DeletePipeline;
import io.denorm.write.SavePipeline;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import javax.annotation.processing.Generated;

/**
 * Cassandra implementation of {@link AuthorDao}, storing {@link Author} in table {@code authors}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.library.AuthorDao"
)
public final class CassandraAuthorDao extends CassandraDaoBase<Author> implements AuthorDao, ScannableDao<Author>,
    SnippetSource<Author> {
  /**
   * {@code SELECT id, name, thumbnail_url, book_ids, count_of_books FROM authors WHERE id = ?}
   */
  private final PreparedCql selectById;

  /**
   * {@code SELECT id, name, thumbnail_url, book_ids, count_of_books FROM authors WHERE token(id) >= ? AND token(id) <=
   * ?}
   */
  private final PreparedCql scanAuthor;

  /**
   * {@code SELECT id, name, thumbnail_url, book_ids, count_of_books, WRITETIME(name), WRITETIME(thumbnail_url) FROM
   * authors WHERE id = ?}
   */
  private final PreparedCql selectAuthorRow;

  /**
   * {@code INSERT INTO authors (id, name, thumbnail_url) VALUES (?, ?, ?)}
   */
  private final PreparedCql insertAuthor;

  /**
   * {@code DELETE FROM authors WHERE id = ?}
   */
  private final PreparedCql deleteAuthor;

  /**
   * {@code SELECT id FROM authors WHERE id = ?}
   */
  private final PreparedCql selectAuthorKey;

  /**
   * Rewrites the snippets copying a saved Author.
   */
  private final SnippetFanOut<Author> snippetFanOut;

  /**
   * The steps of a save of Author, each feature hooked into its step; every save method is one call of it.
   */
  private final SavePipeline<Author> saves;

  /**
   * The steps of a delete of Author; every delete method is one call of it.
   */
  private final DeletePipeline<Author> deletes;

  /**
   * A DAO over {@code session} whose tables live in {@code keyspace}. Statements are prepared on first use.
   */
  public CassandraAuthorDao(CqlSession session, String keyspace) {
    super(session, keyspace);
    this.selectById = prepare("SELECT id, name, thumbnail_url, book_ids, count_of_books FROM {keyspace}.authors WHERE "
        + "id = ?");
    this.scanAuthor = prepare("SELECT id, name, thumbnail_url, book_ids, count_of_books FROM {keyspace}.authors WHERE "
        + "token(id) >= ? AND token(id) <= ?");
    this.selectAuthorRow = prepare("SELECT id, name, thumbnail_url, book_ids, count_of_books, WRITETIME(name), "
        + "WRITETIME(thumbnail_url) FROM {keyspace}.authors WHERE id = ?");
    this.insertAuthor = prepare("INSERT INTO {keyspace}.authors (id, name, thumbnail_url) VALUES (?, ?, ?)");
    this.deleteAuthor = prepare("DELETE FROM {keyspace}.authors WHERE id = ?");
    this.selectAuthorKey = prepare("SELECT id FROM {keyspace}.authors WHERE id = ?");
    this.snippetFanOut = new SnippetFanOut<>("Author", source -> source.id(), List.<SnippetFanOut.Target<Author, ?>>of(
            new io.denorm.snippet.SnippetFanOut.Target<io.denorm.examples.library.Author,
                io.denorm.examples.library.Book>("Book", "authors", io.denorm.snippet.SnippetFanOut.once(() ->
                new io.denorm.examples.library.CassandraBookSnippetHolders(session, keyspace, this)),
            io.denorm.examples.library.CassandraBookMapper::authorsSourceChanged,
                io.denorm.examples.library.CassandraBookMapper::refreshAuthors)),
            List.<SnippetFanOut.Link<Author, ?>>of(new SnippetFanOut.Link<Author, Book>("bookIds", "Book",
                SnippetFanOut.once(() -> new CassandraBookSnippetHolders(session, keyspace, this)),
            source -> source.bookIds(), CassandraBookMapper::authorsWith, CassandraBookMapper::authorsWithout)));
    master(MasterTable.<Author>of("Author", selectAuthorRow, CassandraAuthorMapper::fromRow,
        CassandraAuthorMapper::keyOf, CassandraAuthorMapper::bindKeyValues)
        .inserting(insertAuthor, CassandraAuthorMapper::bindAll)
        .deleting(deleteAuthor, selectAuthorKey));
    this.saves = savePipeline()
        .checking(CassandraAuthorMapper::requireValidKey)
        .fanningOut(snippetFanOut::save, this::storedAsync)
        .build();
    this.deletes = deletePipeline(CassandraAuthorMapper::keyOf)
        .checking(CassandraAuthorMapper::requireValidKey)
        .before(key -> storedAsync(key).thenCompose(snippetFanOut::beforeDelete))
        .build();
  }

  /**
   * Writes every column of the {@code Author} row in table {@code authors}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   * Ids added to or removed from {@code bookIds} are applied to the owning rows (Book.authors), read first: an added id
   * that names no row fails the save before anything is written.
   * Then every snippet copying a changed field of {@code author} is rewritten in its holders (Book.authors); see {@link
   * #fanOut}.
   */
  @Override
  public void save(Author author) {
    join(saves.save(author));
  }

  /**
   * Writes every column of the {@code Author} row in table {@code authors}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   * Ids added to or removed from {@code bookIds} are applied to the owning rows (Book.authors), read first: an added id
   * that names no row fails the save before anything is written.
   * Then every snippet copying a changed field of {@code author} is rewritten in its holders (Book.authors); see {@link
   * #fanOut}.
   */
  @Override
  public CompletionStage<Void> saveAsync(Author author) {
    return saves.save(author);
  }

  /**
   * Served by table {@code authors}: {@code id = ?}.
   */
  @Override
  public Optional<Author> findById(String id) {
    KeyChecks.argument("Author", "id", id);
    return one(
        selectById.sync().boundStatementBuilder()
            .setString(0, id),
        CassandraAuthorMapper::fromRow);
  }

  /**
   * Deletes one row of table {@code authors} by its primary key, at one client-side write timestamp.
   * Returns whether the row existed when it was read just before the delete.
   * First the row is read and removed from every owning row its inverse sides name (Book.authors), through their
   * protocol.
   */
  @Override
  public boolean deleteById(String id) {
    KeyChecks.keyComponent("Author", "id", id);
    return join(deletes.deleteByKey(Arrays.<Object>asList(id), true));
  }

  @Override
  public List<IndexScans.Segment<Author>> scanSegments(int segments) {
    return masterSegments(scanAuthor, CassandraAuthorMapper::fromRow, segments);
  }

  @Override
  public IndexScans.Segment<Author> scanSegment(String range) {
    return masterSegment(scanAuthor, CassandraAuthorMapper::fromRow, range);
  }

  /**
   * Counts, source row by source row, the snippet copies that differ from their source; writes nothing.
   */
  @Override
  public SnippetReport verifySnippets() {
    return snippetFanOut.verifyAll(masterSegments(scanAuthor, CassandraAuthorMapper::fromRow), false);
  }

  /**
   * Rewrites, source row by source row, the snippet copies that differ from their source.
   */
  @Override
  public SnippetReport repairSnippets() {
    return snippetFanOut.verifyAll(masterSegments(scanAuthor, CassandraAuthorMapper::fromRow), true);
  }

  /**
   * Rewrites every snippet copying {@code source} that differs from it; holders already up to date are not written.
   */
  @Override
  public CompletionStage<FanOutReport> fanOut(Author source) {
    return snippetFanOut.fanOut(source);
  }

  @Override
  public FanOutStats fanOutStats() {
    return snippetFanOut.stats();
  }

  /**
   * This DAO with other statement options, for the calls that need them: another instance over the same session and
   * keyspace (the session prepares each statement once), with this one's clock, repair grace, observer and list limit.
   */
  public CassandraAuthorDao withStatementOptions(StatementOptions options) {
    CassandraAuthorDao other = new CassandraAuthorDao(session(), keyspace().asInternal());
    other.copySettingsFrom(this);
    other.setStatementOptions(options);
    return other;
  }
}
