package io.denorm.processor.model;

/**
 * The owning side of a many-to-many, as the inverse side's DAO sees it: {@code owner}'s {@code
 * index} (keyed by the owning field) feeds the inverse field of the entity the DAO stores.
 */
public record InverseLink(EntityModel owner, IndexModel index) {

  /** The owning field ({@code authors}). */
  public ColumnModel field() {
    return index.key().get(0).source();
  }
}
