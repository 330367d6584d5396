package io.denorm.examples.posts;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.KeyChecks;
import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.cassandra.CassandraDaoBase;
import io.denorm.cassandra.PreparedCql;
import io.denorm.snippet.RecentList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletionStage;
import javax.annotation.processing.Generated;

/**
 * Cassandra implementation of {@link CommentDao}, storing {@link Comment} in table {@code comments}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.posts.CommentDao"
)
public final class CassandraCommentDao extends CassandraDaoBase implements CommentDao {
  /**
   * {@code INSERT INTO comments (post_id, seq, author, comment) VALUES (?, ?, ?, ?)}
   */
  private final PreparedCql insertComment;

  /**
   * {@code SELECT post_id, seq, author, comment FROM comments WHERE post_id = ?}
   */
  private final PreparedCql selectByPostId;

  /**
   * {@code DELETE FROM comments WHERE post_id = ? AND seq = ?}
   */
  private final PreparedCql deleteComment;

  /**
   * {@code SELECT post_id FROM comments WHERE post_id = ? AND seq = ?}
   */
  private final PreparedCql selectCommentKey;

  /**
   * {@code SELECT post_id, seq, author, comment FROM comments WHERE post_id = ? LIMIT ?}
   */
  private final PreparedCql selectCommentNewest;

  /**
   * The @Recent lists of other entities that saves and deletes of Comment keep.
   */
  private final List<RecentList<Comment>> recentLists;

  /**
   * A DAO over {@code session} whose tables live in {@code keyspace}. Statements are prepared on first use.
   */
  public CassandraCommentDao(CqlSession session, String keyspace) {
    super(session, keyspace);
    this.insertComment = prepare("INSERT INTO {keyspace}.comments (post_id, seq, author, comment) VALUES (?, ?, ?, ?)");
    this.selectByPostId = prepare("SELECT post_id, seq, author, comment FROM {keyspace}.comments WHERE post_id = ?");
    this.deleteComment = prepare("DELETE FROM {keyspace}.comments WHERE post_id = ? AND seq = ?");
    this.selectCommentKey = prepare("SELECT post_id FROM {keyspace}.comments WHERE post_id = ? AND seq = ?");
    this.selectCommentNewest = prepare("SELECT post_id, seq, author, comment FROM {keyspace}.comments WHERE post_id = ? LIMIT ?");
    this.recentLists = List.of(
            new RecentList<Comment>("Post", "recentComments", 3, ((Comment child) -> child.postId()),
            ((Comment child) -> Arrays.<Object>asList(child.postId(), child.seq())), ((Comment child) -> child.seq()),
            recentStore("posts", "id", "recent_comments", CassandraPostMapper::recentCommentsFrom, CassandraPostMapper::bindRecentComments, selectCommentNewest, CassandraCommentMapper::fromRow)));
  }

  /**
   * Writes every column of the {@code Comment} row in table {@code comments}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   * Then the @Recent lists holding Comment (Post.recentComments) are brought up to date, each by compare-and-set.
   */
  @Override
  public void save(Comment comment) {
    CassandraCommentMapper.requireValidKey(comment);
    long writeTimestamp = nextWriteTimestamp();
    join(insertComment.async().thenCompose(prepared -> writeAsync(CassandraCommentMapper.bindAll(prepared.boundStatementBuilder(), comment).build(), writeTimestamp))
        .thenCompose(saved -> RecentList.afterSaveAll(recentLists, comment)));
  }

  /**
   * Writes every column of the {@code Comment} row in table {@code comments}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   * Then the @Recent lists holding Comment (Post.recentComments) are brought up to date, each by compare-and-set.
   */
  @Override
  public CompletionStage<Void> saveAsync(Comment comment) {
    CassandraCommentMapper.requireValidKey(comment);
    long writeTimestamp = nextWriteTimestamp();
    return insertComment.async().thenCompose(prepared -> writeAsync(CassandraCommentMapper.bindAll(prepared.boundStatementBuilder(), comment).build(), writeTimestamp))
        .thenCompose(saved -> RecentList.afterSaveAll(recentLists, comment));
  }

  /**
   * Served by table {@code comments}: {@code post_id = ?}.
   */
  @Override
  public Page<Comment> findByPostId(String postId, PageRequest page) {
    KeyChecks.argument("Comment", "postId", postId);
    return page(
        selectByPostId.sync().boundStatementBuilder()
            .setString(0, postId)
            .build(),
        CassandraCommentMapper::fromRow, page);
  }

  /**
   * Served by table {@code comments}: {@code post_id = ?}.
   */
  @Override
  public List<Comment> findByPostId(String postId) {
    KeyChecks.argument("Comment", "postId", postId);
    return list(
        selectByPostId.sync().boundStatementBuilder()
            .setString(0, postId)
            .build(),
        CassandraCommentMapper::fromRow);
  }

  /**
   * Deletes one row of table {@code comments} by its primary key, at one client-side write timestamp.
   * Returns whether the row existed when it was read just before the delete.
   * First the @Recent lists holding the row (Post.recentComments) drop it for the next newest, each by compare-and-set.
   */
  @Override
  public boolean deleteByPostIdAndSeq(String postId, long seq) {
    KeyChecks.keyComponent("Comment", "postId", postId);
    List<Object> recentKey = Arrays.<Object>asList(postId, seq);
    join(RecentList.beforeDeleteAll(recentLists, recentKey.get(0), recentKey));
    long writeTimestamp = nextWriteTimestamp();
    boolean existed = exists(selectCommentKey.sync().boundStatementBuilder()
            .setString(0, postId)
            .setLong(1, seq)
            .build());
    write(deleteComment.sync().boundStatementBuilder()
            .setString(0, postId)
            .setLong(1, seq)
            .build(), writeTimestamp);
    return existed;
  }

  /**
   * Deletes one row of table {@code comments} by its primary key, at one client-side write timestamp.
   * First the @Recent lists holding the row (Post.recentComments) drop it for the next newest, each by compare-and-set.
   */
  @Override
  public void delete(Comment comment) {
    CassandraCommentMapper.requireValidKey(comment);
    List<Object> recentKey = Arrays.<Object>asList(comment.postId(), comment.seq());
    join(RecentList.beforeDeleteAll(recentLists, recentKey.get(0), recentKey));
    long writeTimestamp = nextWriteTimestamp();
    write(CassandraCommentMapper.bindKey(deleteComment.sync().boundStatementBuilder(), comment).build(), writeTimestamp);
  }
}
