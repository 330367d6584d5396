package io.denorm.examples.library;

import io.denorm.KeyChecks;
import io.denorm.hbase.HBaseConnections;
import io.denorm.hbase.HBaseDaoBase;
import io.denorm.snippet.FanOutReport;
import io.denorm.snippet.FanOutStats;
import io.denorm.snippet.SnippetFanOut;
import io.denorm.snippet.SnippetReport;
import io.denorm.snippet.SnippetSource;
import io.denorm.write.DeletePipeline;
import io.denorm.write.SavePipeline;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import javax.annotation.processing.Generated;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Connection;

/**
 * HBase implementation of {@link AuthorDao}, storing {@link Author} in table {@code authors}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.library.AuthorDao"
)
public final class HBaseAuthorDao extends HBaseDaoBase<Author> implements AuthorDao, SnippetSource<Author> {
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
   * A DAO over {@code connection} whose tables live in {@code namespace}. It runs on an asynchronous connection opened
   * once per {@code connection}.
   */
  public HBaseAuthorDao(Connection connection, String namespace) {
    this(HBaseConnections.async(connection), namespace);
  }

  /**
   * A DAO over {@code connection} whose tables live in {@code namespace}.
   */
  public HBaseAuthorDao(AsyncConnection connection, String namespace) {
    super(connection, namespace, "Author", "authors", HBaseAuthorMapper.KEY, HBaseAuthorMapper.COLUMNS,
        HBaseAuthorMapper::key, HBaseAuthorMapper::cells, HBaseAuthorMapper::fromRow, entity -> List.of());
    typedKeys(HBaseAuthorMapper::rowKey);
    this.snippetFanOut = new SnippetFanOut<>("Author", source -> source.id(), List.<SnippetFanOut.Target<Author, ?>>of(
            new io.denorm.snippet.SnippetFanOut.Target<io.denorm.examples.library.Author,
                io.denorm.examples.library.Book>("Book", "authors", io.denorm.snippet.SnippetFanOut.once(() ->
                new io.denorm.examples.library.HBaseBookSnippetHolders(connection, namespace, this)),
            io.denorm.examples.library.HBaseBookMapper::authorsSourceChanged,
                io.denorm.examples.library.HBaseBookMapper::refreshAuthors)),
            List.<SnippetFanOut.Link<Author, ?>>of(new SnippetFanOut.Link<Author, Book>("bookIds", "Book",
                SnippetFanOut.once(() -> new HBaseBookSnippetHolders(connection, namespace, this)),
            source -> source.bookIds(), HBaseBookMapper::authorsWith, HBaseBookMapper::authorsWithout)));
    this.saves = savePipeline()
        .checking(this::checkKey)
        .fanningOut(snippetFanOut::save, this::storedAsync)
        .build();
    this.deletes = deletePipeline(HBaseAuthorMapper::key)
        .checking(this::checkKey)
        .before(key -> getAsync(key).thenCompose(snippetFanOut::beforeDelete))
        .build();
  }

  /**
   * Writes every column of the {@code Author} row in table {@code authors} at one timestamp; null columns are deleted.
   * The key (and every index key) is encoded before anything is sent.
   * Then every snippet copying a changed field of {@code author} is rewritten in its holders; see {@link #fanOut}.
   */
  @Override
  public void save(Author author) {
    join(saves.save(author));
  }

  /**
   * Writes every column of the {@code Author} row in table {@code authors} at one timestamp; null columns are deleted.
   * The key (and every index key) is encoded before anything is sent.
   * Then every snippet copying a changed field of {@code author} is rewritten in its holders; see {@link #fanOut}.
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
    return get(List.<Object>of(id));
  }

  /**
   * Deletes one row of table {@code authors} by its key, at one timestamp.
   * Returns whether the row existed when it was read just before the delete.
   * First the row is read and removed from every owning row its inverse sides name, through their protocol.
   */
  @Override
  public boolean deleteById(String id) {
    KeyChecks.keyComponent("Author", "id", id);
    return join(deletes.deleteByKey(List.<Object>of(id), true));
  }

  /**
   * Counts, source row by source row, the snippet copies that differ from their source; writes nothing.
   */
  @Override
  public SnippetReport verifySnippets() {
    return snippetFanOut.verifyAll(masterSegments(), false);
  }

  /**
   * Rewrites, source row by source row, the snippet copies that differ from their source.
   */
  @Override
  public SnippetReport repairSnippets() {
    return snippetFanOut.verifyAll(masterSegments(), true);
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
}
