package io.denorm.examples.posts;

import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.annotations.Dao;
import java.util.List;
import java.util.concurrent.CompletionStage;

/** Saving or deleting a comment also brings its post's recent comments up to date. */
@Dao
public interface CommentDao {
  void save(Comment comment);

  CompletionStage<Void> saveAsync(Comment comment);

  /** A post's comments, newest first, a page at a time, bucket after bucket. */
  Page<Comment> findByPostId(String postId, PageRequest page);

  /** Every comment of a post, newest first. */
  List<Comment> findByPostId(String postId);

  /** One bucket: up to 100 comments, newest first. */
  List<Comment> findByPostIdAndBucket(String postId, long bucket);

  boolean deleteByPostIdAndBucketAndSeq(String postId, long bucket, long seq);

  void delete(Comment comment);
}
