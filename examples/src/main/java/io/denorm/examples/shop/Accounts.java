package io.denorm.examples.shop;

import io.denorm.Attributes;
import io.denorm.examples.sessions.Session;
import io.denorm.examples.sessions.SessionDao;
import io.denorm.examples.users.User;
import io.denorm.examples.users.UserDao;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Service;

/** The shop's accounts: users imported in bulk, moved by partial updates, and their login sessions. */
@Service
public class Accounts {

  private final UserDao users;
  private final SessionDao sessions;

  /** The DAO beans the Denorm starter registered, injected like any other bean. */
  public Accounts(UserDao users, SessionDao sessions) {
    this.users = users;
    this.sessions = sessions;
  }

  /** Saves every user (in parallel, each through the index protocol); returns how many. */
  public int importUsers(Collection<User> batch) {
    users.saveAll(batch);
    return batch.size();
  }

  /** Moves a user: only the state and the city are written, and the location index follows. */
  public boolean relocate(UUID userId, String state, String city) {
    return users.updateStateAndCityById(userId, state, city);
  }

  public List<User> usersIn(String state, String city) {
    return users.findByStateAndCity(state, city);
  }

  public long countIn(String state, String city) {
    return users.countByStateAndCity(state, city);
  }

  /** A login: a session that ends by itself 30 minutes after its last save (the entity's @TimeToLive). */
  public Session login(String userId, String device) {
    Session s = new Session(UUID.randomUUID(), userId, device, Instant.now());
    sessions.save(s);
    return s;
  }

  /** A login that ends sooner: the same save with another lifetime, for this call only. */
  public Session loginFor(String userId, String device, Duration lifetime) {
    Session s = new Session(UUID.randomUUID(), userId, device, Instant.now());
    sessions.withAttributes(Attributes.none().withTtl(lifetime)).save(s);
    return s;
  }

  public List<Session> sessionsOf(String userId) {
    return sessions.findByUserId(userId);
  }
}
