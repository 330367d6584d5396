package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.examples.posts.Comment;
import io.denorm.examples.posts.CommentDao;
import io.denorm.examples.posts.Post;
import io.denorm.examples.posts.PostDao;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The example post with its 3 most recent comments in its row ({@code @Recent(of = Comment.class,
 * by = "postId", limit = 3)}), kept by the comments' saves and deletes, on a real store.
 */
abstract class RecentContract {

  static PostDao posts;
  static CommentDao comments;

  static void use(Stores.Store s) {
    posts = s.dao(PostDao.class, "recent_test", List.of("Post", "Comment"));
    comments = s.sameSchema(CommentDao.class);
  }

  static Comment comment(String post, long seq) {
    return new Comment(post, seq, "user" + seq, "comment " + seq);
  }

  static List<Long> recent(String post) {
    List<Comment> list = posts.findById(post).orElseThrow().recentComments();
    return list == null ? List.of() : list.stream().map(Comment::seq).toList();
  }

  @Test
  void thePostShowsItsThreeNewestComments() {
    posts.save(new Post("p1", "What's new in the coolest Cloud", "A blog post by someone real famous"));
    for (long seq = 1; seq <= 5; seq++) {
      comments.save(comment("p1", seq));
    }
    Post p1 = posts.findById("p1").orElseThrow();
    assertEquals(List.of(comment("p1", 5), comment("p1", 4), comment("p1", 3)), p1.recentComments());
    // An edit of a recent comment shows; a comment older than the three changes nothing.
    comments.save(new Comment("p1", 4, "user4", "edited"));
    comments.save(new Comment("p1", 1, "user1", "edited too"));
    assertEquals("edited", posts.findById("p1").orElseThrow().recentComments().get(1).comment());
    assertEquals(List.of(5L, 4L, 3L), recent("p1"));
    // The post's own save leaves the list as it is.
    posts.save(new Post("p1", "Renamed", "A blog post by someone real famous"));
    assertEquals(List.of(5L, 4L, 3L), recent("p1"));
    assertEquals("Renamed", posts.findById("p1").orElseThrow().name());
  }

  @Test
  void deletingARecentCommentBringsTheNextNewestIn() {
    posts.save(new Post("p2", "Deletes", null));
    for (long seq = 1; seq <= 6; seq++) {
      comments.save(comment("p2", seq));
    }
    assertTrue(comments.deleteByPostIdAndBucketAndSeq("p2", 0, 6));
    assertEquals(List.of(5L, 4L, 3L), recent("p2"));
    comments.delete(comment("p2", 4));
    assertEquals(List.of(5L, 3L, 2L), recent("p2"));
    comments.delete(comment("p2", 1)); // not in the list: nothing changes
    assertEquals(List.of(5L, 3L, 2L), recent("p2"));
    for (long seq : List.of(5L, 3L, 2L)) {
      comments.delete(comment("p2", seq));
    }
    assertEquals(List.of(), recent("p2"));
  }

  /** 8 threads each save 25 comments of one post at once: the list ends as the 3 highest of all 200. */
  @Test
  void concurrentCommentsNeverDropTheNewest() throws Exception {
    posts.save(new Post("p3", "Busy", null));
    Parallel.run(8, thread -> {
      for (int i = 0; i < 25; i++) {
        comments.save(comment("p3", i * 8L + thread));
      }
    });
    assertEquals(List.of(199L, 198L, 197L), recent("p3"));
    Page<Comment> first = comments.findByPostId("p3", PageRequest.ofSize(100));
    assertEquals(100, first.content().size());
    assertEquals(199L, first.content().get(0).seq(), "all comments, newest first");
    assertEquals(200, comments.findByPostId("p3").size());
  }

  @Test
  void aCommentOnAPostThatDoesNotExistCreatesNoPost() {
    comments.save(comment("nowhere", 1));
    assertTrue(posts.findById("nowhere").isEmpty());
    assertEquals(1, comments.findByPostId("nowhere").size());
  }
}
