package io.denorm.examples.threads;

import io.denorm.annotations.Column;
import io.denorm.annotations.Entity;
import io.denorm.annotations.PartitionKey;
import java.util.List;

/**
 * The example tree aggregation: a post's whole comment thread in one row, fetched at once to show the
 * page. The replies nest to any depth, so the tree is stored as one JSON value.
 */
@Entity(table = "discussions")
public record Discussion(
    @PartitionKey String postId,
    String title,
    @Column(json = true) @SuppressWarnings("denorm:TreeAggregate") List<Reply> comments) {}
