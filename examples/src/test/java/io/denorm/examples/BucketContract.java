package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.InvalidEntityException;
import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.examples.posts.Comment;
import io.denorm.examples.posts.CommentDao;
import io.denorm.examples.posts.Post;
import io.denorm.examples.posts.PostDao;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * The example comment buckets on a real store: {@code Comment.bucket} is {@code @Bucket(field = "seq",
 * size = 100)}, and {@code findByPostId} walks a post's buckets newest first, page by page.
 */
abstract class BucketContract {

  static PostDao posts;
  static CommentDao comments;

  static void use(Stores.Store s) {
    posts = s.dao(PostDao.class, "bucket_test", List.of("Post", "Comment"));
    comments = s.sameSchema(CommentDao.class);
  }

  static void fill(String post, long count) {
    posts.save(new Post(post, "Post " + post, null));
    for (long seq = 0; seq < count; seq++) {
      comments.save(new Comment(post, seq, "user" + seq, "comment " + seq));
    }
  }

  static List<Long> seqs(List<Comment> list) {
    return list.stream().map(Comment::seq).toList();
  }

  static List<Long> descending(long from, long toInclusive) {
    return LongStream.rangeClosed(toInclusive, from).map(i -> from + toInclusive - i).boxed().toList();
  }

  /** Walks every page of {@code size}, checking each page's size; returns the sequence numbers in order. */
  static List<Long> walk(String post, int size, List<Integer> pageSizes) {
    List<Long> all = new ArrayList<>();
    PageRequest request = PageRequest.ofSize(size);
    while (true) {
      Page<Comment> page = comments.findByPostId(post, request);
      pageSizes.add(page.content().size());
      all.addAll(seqs(page.content()));
      if (!page.hasNext()) {
        return all;
      }
      request = PageRequest.of(size, page.nextCursor());
    }
  }

  @Test
  void commentsLiveInBucketsOf100NewestFirst() {
    fill("b1", 250);
    assertEquals(descending(249, 200), seqs(comments.findByPostIdAndBucket("b1", 2)));
    assertEquals(descending(199, 100), seqs(comments.findByPostIdAndBucket("b1", 1)));
    assertEquals(descending(99, 0), seqs(comments.findByPostIdAndBucket("b1", 0)));
    List<Integer> pages = new ArrayList<>();
    assertEquals(descending(249, 0), walk("b1", 100, pages));
    assertEquals(List.of(100, 100, 50), pages, "pages fill across buckets: 249..150, 149..50, 49..0");
    pages.clear();
    assertEquals(descending(249, 0), walk("b1", 30, pages), "pages of 30 cross bucket borders");
    assertEquals(List.of(30, 30, 30, 30, 30, 30, 30, 30, 10), pages);
    assertEquals(descending(249, 0), seqs(comments.findByPostId("b1")));
    assertEquals(List.of(249L, 248L, 247L), posts.findById("b1").orElseThrow().recentComments().stream().map(Comment::seq).toList());
  }

  @Test
  void aCursorResumesWhereThePageEnded() {
    fill("b2", 130);
    Page<Comment> first = comments.findByPostId("b2", PageRequest.ofSize(40));
    assertEquals(descending(129, 90), seqs(first.content()));
    assertNotNull(first.nextCursor());
    Page<Comment> second = comments.findByPostId("b2", PageRequest.of(40, first.nextCursor()));
    assertEquals(descending(89, 50), seqs(second.content()));
    Page<Comment> again = comments.findByPostId("b2", PageRequest.of(40, first.nextCursor()));
    assertEquals(seqs(second.content()), seqs(again.content()), "a cursor can be used twice");
  }

  @Test
  void anEmptiedBucketIsSkipped() {
    fill("b3", 300);
    for (long seq = 100; seq < 200; seq++) {
      comments.delete(new Comment("b3", seq, null, null));
    }
    List<Long> expected = new ArrayList<>(descending(299, 200));
    expected.addAll(descending(99, 0));
    assertEquals(expected, walk("b3", 64, new ArrayList<>()));
    assertEquals(List.of(), comments.findByPostIdAndBucket("b3", 1));
  }

  @Test
  void aCommentInTheWrongBucketIsRefusedWithNothingWritten() {
    posts.save(new Post("b4", "Post b4", null));
    InvalidEntityException e = assertThrows(InvalidEntityException.class,
        () -> comments.save(new Comment("b4", 0, 150, "user", "misplaced")));
    assertTrue(e.getMessage().contains("Comment") && e.getMessage().contains("bucket") && e.getMessage().contains("belongs in bucket 1"), e.getMessage());
    assertEquals(List.of(), comments.findByPostIdAndBucket("b4", 0));
    assertEquals(List.of(), comments.findByPostId("b4"));
    List<Comment> recent = posts.findById("b4").orElseThrow().recentComments();
    assertTrue(recent == null || recent.isEmpty(), "no recent comment: " + recent);
  }
}
