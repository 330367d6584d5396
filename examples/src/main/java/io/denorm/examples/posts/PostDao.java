package io.denorm.examples.posts;

import io.denorm.annotations.Dao;
import java.util.Optional;

@Dao
public interface PostDao {
  void save(Post post);

  /** The post with its three most recent comments: one read. */
  Optional<Post> findById(String id);

  boolean deleteById(String id);
}
