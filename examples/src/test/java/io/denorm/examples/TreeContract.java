package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.denorm.examples.threads.Discussion;
import io.denorm.examples.threads.DiscussionDao;
import io.denorm.examples.threads.Reply;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The example tree aggregation on a real store: a whole comment thread, nested to any depth, written and read as one row. */
abstract class TreeContract {

  static DiscussionDao discussions;

  static void use(Stores.Store s) {
    discussions = s.dao(DiscussionDao.class, "tree_test", List.of("Discussion"));
  }

  /** A random thread: up to {@code width} replies per comment, {@code depth} levels. */
  static List<Reply> thread(Random random, int width, int depth, String path) {
    List<Reply> out = new ArrayList<>();
    if (depth == 0) {
      return out;
    }
    int n = 1 + random.nextInt(width);
    for (int i = 0; i < n; i++) {
      String id = path + "." + i;
      out.add(new Reply("user" + random.nextInt(20), "comment " + id + (i % 3 == 0 ? " — with “quotes”, \\\\ and \\n" : ""),
          thread(random, width, depth - 1, id)));
    }
    return out;
  }

  static int count(List<Reply> replies) {
    return replies.stream().mapToInt(r -> 1 + count(r.replies())).sum();
  }

  @Test
  void aWholeThreadIsOneRowReadBackAsItWasWritten() {
    List<Reply> comments = thread(new Random(4), 4, 5, "c");
    Discussion d = new Discussion("post-1", "What's new in the coolest Cloud", comments);
    discussions.save(d);
    assertEquals(Optional.of(d), discussions.findByPostId("post-1"));
    assertEquals(count(comments), count(discussions.findByPostId("post-1").orElseThrow().comments()));
  }

  @Test
  void aDeepChainAndAnEditDeepInside() {
    Reply chain = new Reply("last", "the deepest reply");
    for (int level = 199; level >= 0; level--) {
      chain = new Reply("user" + level, "level " + level, List.of(chain));
    }
    discussions.save(new Discussion("post-2", "A long argument", List.of(chain)));
    Reply read = discussions.findByPostId("post-2").orElseThrow().comments().get(0);
    int depth = 0;
    while (!read.replies().isEmpty()) {
      read = read.replies().get(0);
      depth++;
    }
    assertEquals(200, depth);
    assertEquals("the deepest reply", read.text());
    // A reply added deep inside: the application rewrites the tree, the save writes the row.
    Discussion before = discussions.findByPostId("post-2").orElseThrow();
    Discussion after = new Discussion(before.postId(), before.title(), List.of(withReply(before.comments().get(0), 3, new Reply("late", "me too"))));
    discussions.save(after);
    assertEquals(Optional.of(after), discussions.findByPostId("post-2"));
    discussions.save(new Discussion("post-3", "No comments yet", List.of()));
    assertEquals(List.of(), discussions.findByPostId("post-3").orElseThrow().comments());
  }

  /** {@code r} with {@code extra} added to the replies {@code depth} levels down its first branch. */
  static Reply withReply(Reply r, int depth, Reply extra) {
    if (depth == 0) {
      List<Reply> replies = new ArrayList<>(r.replies());
      replies.add(extra);
      return new Reply(r.author(), r.text(), replies);
    }
    List<Reply> replies = new ArrayList<>(r.replies());
    replies.set(0, withReply(replies.get(0), depth - 1, extra));
    return new Reply(r.author(), r.text(), replies);
  }
}
