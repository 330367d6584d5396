package io.denorm.examples.portfolios;

/** One line of a portfolio: a reference to a stock, with the number of shares held beside it. */
public record Holding(String stockId, long numberHeld) {}
