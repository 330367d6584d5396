package io.denorm.examples.library;

import io.denorm.annotations.Entity;
import io.denorm.annotations.PartitionKey;

/**
 * The example publisher: it does not list its books (that list would grow without bound); each book
 * holds the publisher's id, indexed, so "the books of a publisher" is one index read.
 */
@Entity(table = "publishers")
public record Publisher(@PartitionKey String id, String name) {}
