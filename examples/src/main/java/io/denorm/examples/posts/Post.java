package io.denorm.examples.posts;

import io.denorm.annotations.Entity;
import io.denorm.annotations.PartitionKey;
import io.denorm.annotations.Recent;
import java.util.List;

/**
 * The example post: its three most recent comments embedded in its row (a bounded list, kept by the
 * comments' saves and deletes), all the others in table {@code comments}. The post's own save never
 * writes {@code recentComments}.
 */
@Entity(table = "posts")
public record Post(@PartitionKey String id, String name, String summary,
    @Recent(of = Comment.class, by = "postId", limit = 3) List<Comment> recentComments) {

  /** A post as the application writes it: the recent comments are Denorm's to keep. */
  public Post(String id, String name, String summary) {
    this(id, name, summary, null);
  }
}
