package io.denorm.examples.threads;

import io.denorm.annotations.Dao;
import java.util.Optional;

/** A post's whole thread, written and read as one row. */
@Dao
public interface DiscussionDao {
  void save(Discussion discussion);

  Optional<Discussion> findByPostId(String postId);
}
