package io.denorm.examples.users;

/** One skill of a user: stored inside the user's row, indexed by (name, level) per element. */
public record Skill(String name, String level) {}
