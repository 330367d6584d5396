package io.denorm.examples.accounts;

import io.denorm.annotations.Dao;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

@Dao
public interface AccountDao {
  void save(Account a);

  CompletionStage<Void> saveAsync(Account a);

  /** A new account (on Cassandra the stored row is read all the same: accounts_by_plan is a trusted covering index). */
  void insert(Account a);

  /** A save given the previous state (read all the same on Cassandra, as for insert). */
  void save(Account a, Account previous);

  boolean deleteById(String id);

  Optional<Account> findById(String id);

  /** Served by the unique index accounts_by_email. */
  Optional<Account> findByEmail(String email);

  /** Served by a key prefix of the unique index accounts_by_handle. */
  java.util.List<Account> findByDomain(String domain);

  /** Served by the index accounts_by_plan. */
  java.util.List<Account> findByPlan(String plan);

  /** Served by the covering index accounts_by_plan, as findByPlan is, returned as a projection. */
  java.util.List<AccountCard> findCardsByPlan(String plan);

  /** Served by the unique index accounts_by_handle. */
  Optional<Account> findByDomainAndHandle(String domain, String handle);
}
