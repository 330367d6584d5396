package io.denorm.examples.library;

import io.denorm.annotations.Entity;
import io.denorm.annotations.PartitionKey;

/** An author, as the seed's author documents have it: books show the name and thumbnail beside each title. */
@Entity(table = "authors")
public record Author(@PartitionKey String id, String name, String thumbnailUrl) {

  public Author renamed(String newName) {
    return new Author(id, newName, thumbnailUrl);
  }

  public Author withThumbnail(String url) {
    return new Author(id, name, url);
  }
}
