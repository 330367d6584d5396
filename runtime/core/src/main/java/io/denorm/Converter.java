package io.denorm;

/**
 * Maps a type of the application to a type Denorm stores (a {@code String}, a number, a {@code UUID},
 * an {@code Instant}, …), for a field annotated {@link io.denorm.annotations.Convert}. Both methods
 * must be inverse to each other, and {@link #toColumn} must keep the order of values that the
 * stored order is meant to follow when the field is part of a key (HBase row keys and Cassandra
 * clustering order are those of the stored value). Neither method is called with null: a null field
 * is stored as null. An implementation has a public no-argument constructor; one instance per class
 * loader is shared by every DAO, so it must be thread-safe.
 *
 * @param <J> the Java type of the field
 * @param <C> the stored type
 */
public interface Converter<J, C> {

  /** The stored form of {@code value}; throw to refuse it (the save fails naming the entity and field, writing nothing). */
  C toColumn(J value);

  /** The field value of a stored {@code column}. */
  J fromColumn(C column);
}
