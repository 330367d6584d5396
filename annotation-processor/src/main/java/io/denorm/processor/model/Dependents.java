package io.denorm.processor.model;

import java.util.List;

/**
 * What the saves and deletes of one entity keep up to date in other entities' rows: the snippets
 * copying it, the owning sides of its many-to-many links and the {@code @Recent} lists holding it.
 */
public record Dependents(List<SnippetHolder> holders, List<InverseLink> links, List<RecentModel> recents) {}
