package io.denorm.examples.accounts;

import io.denorm.annotations.Entity;
import io.denorm.annotations.Index;
import io.denorm.annotations.PartitionKey;

/**
 * An account on a multi-tenant service, written as a plain class: a unique email, and a handle
 * unique within its domain (a unique index on two fields, so {@code ("x, y", "z")} and {@code ("x",
 * "y, z")} are two different handles), and the accounts on a plan (a covering index: its verified rows
 * are read without the master rows). The consistency
 * tests race saves of accounts from several
 * DAO instances with clocks that disagree.
 */
@Entity(table = "accounts")
@Index(name = "accounts_by_email", key = "email", unique = true)
@Index(name = "accounts_by_handle", key = {"domain", "handle"}, unique = true)
@Index(name = "accounts_by_plan", key = "plan", include = {"email", "domain", "handle", "bio"})
public class Account {
  @PartitionKey String id;
  String email;
  String domain;
  String handle;
  String plan;
  String bio;

  public Account() {}

  public Account(String id, String email, String domain, String handle, String bio) {
    this(id, email, domain, handle, "free", bio);
  }

  public Account(String id, String email, String domain, String handle, String plan, String bio) {
    this.id = id;
    this.email = email;
    this.domain = domain;
    this.handle = handle;
    this.plan = plan;
    this.bio = bio;
  }

  public String id() {
    return id;
  }

  public String email() {
    return email;
  }

  public String domain() {
    return domain;
  }

  public String handle() {
    return handle;
  }

  public String plan() {
    return plan;
  }

  public String bio() {
    return bio;
  }

  @Override
  public String toString() {
    return "Account[" + id + ", " + email + ", " + domain + "/" + handle + "]";
  }
}
