package io.denorm.examples.posts;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.KeyChecks;
import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.ScannableDao;
import io.denorm.cassandra.CassandraDaoBase;
import io.denorm.cassandra.MasterTable;
import io.denorm.cassandra.PreparedCql;
import io.denorm.cassandra.StatementOptions;
import io.denorm.index.IndexScans;
import io.denorm.snippet.RecentList;
import io.denorm.write.DeletePipeline;
import io.denorm.write.SavePipeline;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import javax.annotation.processing.Generated;

/**
 * Cassandra implementation of {@link CommentDao}, storing {@link Comment} in table {@code comments}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.posts.CommentDao"
)
public final class CassandraCommentDao extends CassandraDaoBase<Comment> implements CommentDao, ScannableDao<Comment> {
  /**
   * {@code SELECT bucket FROM comments_buckets WHERE post_id = ? AND bucket >= ? AND bucket <= ?}
   */
  private final PreparedCql selectCommentBuckets;

  /**
   * {@code SELECT post_id, bucket, seq, author, comment FROM comments WHERE post_id = ? AND bucket = ?}
   */
  private final PreparedCql selectCommentBucket;

  /**
   * {@code SELECT post_id, bucket, seq, author, comment FROM comments WHERE token(post_id, bucket) >= ? AND
   * token(post_id, bucket) <= ?}
   */
  private final PreparedCql scanComment;

  /**
   * {@code SELECT post_id, bucket, seq, author, comment, WRITETIME(author), WRITETIME(comment) FROM comments WHERE
   * post_id = ? AND bucket = ? AND seq = ?}
   */
  private final PreparedCql selectCommentRow;

  /**
   * {@code INSERT INTO comments (post_id, bucket, seq, author, comment) VALUES (?, ?, ?, ?, ?)}
   */
  private final PreparedCql insertComment;

  /**
   * {@code DELETE FROM comments WHERE post_id = ? AND bucket = ? AND seq = ?}
   */
  private final PreparedCql deleteComment;

  /**
   * {@code SELECT post_id FROM comments WHERE post_id = ? AND bucket = ? AND seq = ?}
   */
  private final PreparedCql selectCommentKey;

  /**
   * {@code INSERT INTO comments_buckets (post_id, bucket) VALUES (?, ?)}
   */
  private final PreparedCql insertCommentBucket;

  /**
   * The @Recent lists of other entities that saves and deletes of Comment keep.
   */
  private final List<RecentList<Comment>> recentLists;

  /**
   * The steps of a save of Comment, each feature hooked into its step; every save method is one call of it.
   */
  private final SavePipeline<Comment> saves;

  /**
   * The steps of a delete of Comment; every delete method is one call of it.
   */
  private final DeletePipeline<Comment> deletes;

  /**
   * A DAO over {@code session} whose tables live in {@code keyspace}. Statements are prepared on first use.
   */
  public CassandraCommentDao(CqlSession session, String keyspace) {
    super(session, keyspace);
    this.selectCommentBuckets = prepare("SELECT bucket FROM {keyspace}.comments_buckets WHERE post_id = ? AND bucket "
        + ">= ? AND bucket <= ?");
    this.selectCommentBucket = prepare("SELECT post_id, bucket, seq, author, comment FROM {keyspace}.comments WHERE "
        + "post_id = ? AND bucket = ?");
    this.scanComment = prepare("SELECT post_id, bucket, seq, author, comment FROM {keyspace}.comments WHERE "
        + "token(post_id, bucket) >= ? AND token(post_id, bucket) <= ?");
    this.selectCommentRow = prepare("SELECT post_id, bucket, seq, author, comment, WRITETIME(author), "
        + "WRITETIME(comment) FROM {keyspace}.comments WHERE post_id = ? AND bucket = ? AND seq = ?");
    this.insertComment = prepare("INSERT INTO {keyspace}.comments (post_id, bucket, seq, author, comment) VALUES (?, "
        + "?, ?, ?, ?)");
    this.deleteComment = prepare("DELETE FROM {keyspace}.comments WHERE post_id = ? AND bucket = ? AND seq = ?");
    this.selectCommentKey = prepare("SELECT post_id FROM {keyspace}.comments WHERE post_id = ? AND bucket = ? AND seq "
        + "= ?");
    this.insertCommentBucket = prepare("INSERT INTO {keyspace}.comments_buckets (post_id, bucket) VALUES (?, ?)");
    this.recentLists = List.of(
            new RecentList<Comment>("Post", "recentComments", 3, ((Comment child) -> child.postId()),
            ((Comment child) -> Arrays.<Object>asList(child.postId(), child.bucket(), child.seq())),
                ((Comment child) -> child.seq()),
            recentStore("posts", "id", "recent_comments", CassandraPostMapper::recentCommentsFrom,
                CassandraPostMapper::bindRecentComments,
            (parentId, n) -> CompletableFuture.supplyAsync(() -> bucketPage((lowest, highest) ->
                selectCommentBuckets.sync().boundStatementBuilder().setString(0, (String) parentId).setLong(1, lowest)
                .setLong(2, highest).build(),
                Long.MIN_VALUE, Long.MAX_VALUE, false,
                bucket -> selectCommentBucket.sync().boundStatementBuilder().setString(0, (String) parentId).setLong(1,
                    bucket).build(),
                CassandraCommentMapper::fromRow, PageRequest.ofSize(n)).content()))));
    master(MasterTable.<Comment>of("Comment", selectCommentRow, CassandraCommentMapper::fromRow,
        CassandraCommentMapper::keyOf, CassandraCommentMapper::bindKeyValues)
        .inserting(insertComment, CassandraCommentMapper::bindAll)
        .deleting(deleteComment, selectCommentKey));
    this.saves = savePipeline()
        .checking(CassandraCommentMapper::requireValidKey)
        .listing(entity -> insertCommentBucket.async().thenCompose(bucketInsert -> writeAsync(
            bucketInsert.boundStatementBuilder().setString(0, entity.postId()).setLong(1, entity.bucket()).build(),
            nextWriteTimestamp())))
        .then(entity -> RecentList.afterSaveAll(recentLists, entity))
        .build();
    this.deletes = deletePipeline(CassandraCommentMapper::keyOf)
        .checking(CassandraCommentMapper::requireValidKey)
        .before(key -> RecentList.beforeDeleteAll(recentLists, key.get(0), key))
        .build();
  }

  /**
   * Writes every column of the {@code Comment} row in table {@code comments}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   * The row's bucket is first listed in table {@code comments_buckets} (the walk of {@code bucket} reads it).
   * Then the @Recent lists holding Comment (Post.recentComments) are brought up to date, each by compare-and-set.
   */
  @Override
  public void save(Comment comment) {
    join(saves.save(comment));
  }

  /**
   * Writes every column of the {@code Comment} row in table {@code comments}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   * The row's bucket is first listed in table {@code comments_buckets} (the walk of {@code bucket} reads it).
   * Then the @Recent lists holding Comment (Post.recentComments) are brought up to date, each by compare-and-set.
   */
  @Override
  public CompletionStage<Void> saveAsync(Comment comment) {
    return saves.save(comment);
  }

  /**
   * Walks the buckets of {@code comments} (@Bucket on {@code bucket}) newest first: the bucket numbers from table
   * {@code comments_buckets}, read lazily, then each bucket's rows.
   */
  @Override
  public Page<Comment> findByPostId(String postId, PageRequest page) {
    KeyChecks.argument("Comment", "postId", postId);
    return bucketPage((lowest, highest) -> selectCommentBuckets.sync().boundStatementBuilder().setString(0, postId)
        .setLong(1, lowest).setLong(2, highest).build(),
            Long.MIN_VALUE, Long.MAX_VALUE, false,
            bucket -> selectCommentBucket.sync().boundStatementBuilder().setString(0, postId).setLong(1, bucket)
                .build(),
            CassandraCommentMapper::fromRow, page);
  }

  /**
   * Walks the buckets of {@code comments} (@Bucket on {@code bucket}) newest first: the bucket numbers from table
   * {@code comments_buckets}, read lazily, then each bucket's rows.
   */
  @Override
  public List<Comment> findByPostId(String postId) {
    KeyChecks.argument("Comment", "postId", postId);
    return bucketList((lowest, highest) -> selectCommentBuckets.sync().boundStatementBuilder().setString(0, postId)
        .setLong(1, lowest).setLong(2, highest).build(),
            Long.MIN_VALUE, Long.MAX_VALUE,
            bucket -> selectCommentBucket.sync().boundStatementBuilder().setString(0, postId).setLong(1, bucket)
                .build(),
            CassandraCommentMapper::fromRow);
  }

  /**
   * Served by table {@code comments}: {@code post_id = ? AND bucket = ?}.
   */
  @Override
  public List<Comment> findByPostIdAndBucket(String postId, long bucket) {
    KeyChecks.argument("Comment", "postId", postId);
    return list(
        selectCommentBucket.sync().boundStatementBuilder()
            .setString(0, postId)
            .setLong(1, bucket)
            .build(),
        CassandraCommentMapper::fromRow);
  }

  /**
   * Deletes one row of table {@code comments} by its primary key, at one client-side write timestamp.
   * Returns whether the row existed when it was read just before the delete.
   * First the @Recent lists holding the row (Post.recentComments) drop it for the next newest, each by compare-and-set.
   */
  @Override
  public boolean deleteByPostIdAndBucketAndSeq(String postId, long bucket, long seq) {
    KeyChecks.keyComponent("Comment", "postId", postId);
    return join(deletes.deleteByKey(Arrays.<Object>asList(postId, bucket, seq), true));
  }

  /**
   * Deletes one row of table {@code comments} by its primary key, at one client-side write timestamp.
   * First the @Recent lists holding the row (Post.recentComments) drop it for the next newest, each by compare-and-set.
   */
  @Override
  public void delete(Comment comment) {
    join(deletes.delete(comment, false));
  }

  @Override
  public List<IndexScans.Segment<Comment>> scanSegments(int segments) {
    return masterSegments(scanComment, CassandraCommentMapper::fromRow, segments);
  }

  @Override
  public IndexScans.Segment<Comment> scanSegment(String range) {
    return masterSegment(scanComment, CassandraCommentMapper::fromRow, range);
  }

  /**
   * This DAO with other statement options, for the calls that need them: another instance over the same session and
   * keyspace (the session prepares each statement once), with this one's clock, repair grace, observer and list limit.
   */
  public CassandraCommentDao withStatementOptions(StatementOptions options) {
    CassandraCommentDao other = new CassandraCommentDao(session(), keyspace().asInternal());
    other.copySettingsFrom(this);
    other.setStatementOptions(options);
    return other;
  }
}
