package io.denorm.examples.trades;

/** The id, price and quantity of a trade: a projection of {@link Trade}. */
public record TradeSummary(long tradeId, double price, long quantity) {}
