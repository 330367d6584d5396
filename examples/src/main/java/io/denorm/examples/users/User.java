package io.denorm.examples.users;

import io.denorm.annotations.Entity;
import io.denorm.annotations.Index;
import io.denorm.annotations.PartitionKey;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * Users by location (index table, composite key index State:City:UserID), a unique email,
 * and an inverted index by category.
 */
@Entity(table = "users")
@Index(name = "users_by_location", key = {"state", "city"}, include = "name")
@Index(name = "users_by_email", key = "email", unique = true)
@Index(name = "users_by_category", key = "categories")
@Index(name = "users_by_skill", key = {"skills.name", "skills.level"})
public class User {
  @PartitionKey UUID id;
  String name;
  String email;
  String state;
  String city;
  Set<String> categories;
  @SuppressWarnings("denorm:EmbeddedCollection") // a user lists a handful of skills
  List<Skill> skills;

  public User() {}

  public User(UUID id, String name, String email, String state, String city, Set<String> categories) {
    this(id, name, email, state, city, categories, List.of());
  }

  public User(UUID id, String name, String email, String state, String city, Set<String> categories, List<Skill> skills) {
    this.id = id;
    this.name = name;
    this.email = email;
    this.state = state;
    this.city = city;
    this.categories = categories;
    this.skills = skills;
  }

  public UUID id() {
    return id;
  }

  public String name() {
    return name;
  }

  public String email() {
    return email;
  }

  public String state() {
    return state;
  }

  public String city() {
    return city;
  }

  public Set<String> categories() {
    return categories;
  }

  public List<Skill> skills() {
    return skills == null ? List.of() : skills;
  }

  public User withSkills(List<Skill> newSkills) {
    return new User(id, name, email, state, city, categories, newSkills);
  }

  /** A copy that lives somewhere else. */
  public User movedTo(String newState, String newCity) {
    return new User(id, name, email, newState, newCity, categories, skills);
  }

  public User withEmail(String newEmail) {
    return new User(id, name, newEmail, state, city, categories, skills);
  }

  public User withCategories(Set<String> newCategories) {
    return new User(id, name, email, state, city, newCategories, skills);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof User u && java.util.Objects.equals(id, u.id) && java.util.Objects.equals(name, u.name)
        && java.util.Objects.equals(email, u.email) && java.util.Objects.equals(state, u.state)
        && java.util.Objects.equals(city, u.city) && java.util.Objects.equals(categories == null ? Set.of() : categories,
            u.categories == null ? Set.of() : u.categories)
        && skills().equals(u.skills());
  }

  @Override
  public int hashCode() {
    return id.hashCode();
  }

  @Override
  public String toString() {
    return name + " <" + email + "> " + city + ", " + state + " " + categories + " " + skills();
  }
}
