package io.denorm.examples.sessions;

import io.denorm.Attributes;
import io.denorm.annotations.Dao;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Sessions by id and by user; {@code withAttributes(Attributes.none().withTtl(…))} saves sessions with another lifetime. */
@Dao
public interface SessionDao {
  void save(Session session);

  Optional<Session> findById(UUID id);

  /** A user's live sessions: expired ones are gone from the index as from the table. */
  List<Session> findByUserId(String userId);

  boolean deleteById(UUID id);

  SessionDao withAttributes(Attributes attributes);
}
