package io.denorm.examples.accounts;

/**
 * What a plan's page shows of each account: a projection of {@link Account}, served by the covering
 * index {@code accounts_by_plan} (its trusted rows on Cassandra without reading the accounts).
 */
public record AccountCard(String id, String handle, String bio) {}
