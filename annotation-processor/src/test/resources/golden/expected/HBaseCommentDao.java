package io.denorm.examples.posts;

import io.denorm.KeyChecks;
import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.hbase.HBaseConnections;
import io.denorm.hbase.HBaseDaoBase;
import io.denorm.hbase.KeySalt;
import io.denorm.snippet.RecentList;
import io.denorm.write.DeletePipeline;
import io.denorm.write.SavePipeline;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletionStage;
import javax.annotation.processing.Generated;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Connection;

/**
 * HBase implementation of {@link CommentDao}, storing {@link Comment} in table {@code comments}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.posts.CommentDao"
)
public final class HBaseCommentDao extends HBaseDaoBase<Comment> implements CommentDao {
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
   * A DAO over {@code connection} whose tables live in {@code namespace}. It runs on an asynchronous connection opened
   * once per {@code connection}.
   */
  public HBaseCommentDao(Connection connection, String namespace) {
    this(HBaseConnections.async(connection), namespace);
  }

  /**
   * A DAO over {@code connection} whose tables live in {@code namespace}.
   */
  public HBaseCommentDao(AsyncConnection connection, String namespace) {
    super(connection, namespace, "Comment", "comments", HBaseCommentMapper.KEY, HBaseCommentMapper.COLUMNS,
        HBaseCommentMapper::key, HBaseCommentMapper::cells, HBaseCommentMapper::fromRow, entity -> List.of());
    typedKeys(HBaseCommentMapper::rowKey);
    this.recentLists = List.of(
            new RecentList<Comment>("Post", "recentComments", 3, ((Comment child) -> child.postId()),
            ((Comment child) -> Arrays.<Object>asList(child.postId(), child.bucket(), child.seq())),
                ((Comment child) -> child.seq()),
            recentStore("posts", "Post", HBasePostMapper.KEY, KeySalt.NONE, "~recent_comments",
                HBasePostMapper::recentCommentsFromCell, HBasePostMapper::recentCommentsToCell,
            (parentId, n) -> listAsync(range(List.of(parentId)), n))));
    this.saves = savePipeline()
        .checking(this::checkKey)
        .then(entity -> RecentList.afterSaveAll(recentLists, entity))
        .build();
    this.deletes = deletePipeline(HBaseCommentMapper::key)
        .checking(this::checkKey)
        .before(key -> RecentList.beforeDeleteAll(recentLists, key.get(0), key))
        .build();
  }

  /**
   * Writes every column of the {@code Comment} row in table {@code comments} at one timestamp; null columns are
   * deleted.
   * The key (and every index key) is encoded before anything is sent.
   * Then the @Recent lists holding Comment are brought up to date, each by compare-and-set.
   */
  @Override
  public void save(Comment comment) {
    join(saves.save(comment));
  }

  /**
   * Writes every column of the {@code Comment} row in table {@code comments} at one timestamp; null columns are
   * deleted.
   * The key (and every index key) is encoded before anything is sent.
   * Then the @Recent lists holding Comment are brought up to date, each by compare-and-set.
   */
  @Override
  public CompletionStage<Void> saveAsync(Comment comment) {
    return saves.save(comment);
  }

  /**
   * Reads the buckets of {@code comments} (@Bucket on {@code bucket}) newest first: one scan of a key range, the bucket
   * and {@code seq} being descending in the row key.
   */
  @Override
  public Page<Comment> findByPostId(String postId, PageRequest page) {
    KeyChecks.argument("Comment", "postId", postId);
    return page(range(List.<Object>of(postId)), page, false);
  }

  /**
   * Reads the buckets of {@code comments} (@Bucket on {@code bucket}) newest first: one scan of a key range, the bucket
   * and {@code seq} being descending in the row key.
   */
  @Override
  public List<Comment> findByPostId(String postId) {
    KeyChecks.argument("Comment", "postId", postId);
    return list(range(List.<Object>of(postId)), 0, false);
  }

  /**
   * Served by table {@code comments}: {@code post_id = ? AND bucket = ?}.
   */
  @Override
  public List<Comment> findByPostIdAndBucket(String postId, long bucket) {
    KeyChecks.argument("Comment", "postId", postId);
    return list(range(List.<Object>of(postId, bucket)), 0);
  }

  /**
   * Deletes one row of table {@code comments} by its key, at one timestamp.
   * Returns whether the row existed when it was read just before the delete.
   * First the @Recent lists holding the row drop it for the next newest, each by compare-and-set.
   */
  @Override
  public boolean deleteByPostIdAndBucketAndSeq(String postId, long bucket, long seq) {
    KeyChecks.keyComponent("Comment", "postId", postId);
    return join(deletes.deleteByKey(List.<Object>of(postId, bucket, seq), true));
  }

  /**
   * Deletes one row of table {@code comments} by its key, at one timestamp.
   * First the @Recent lists holding the row drop it for the next newest, each by compare-and-set.
   */
  @Override
  public void delete(Comment comment) {
    join(deletes.delete(comment, false));
  }
}
