package io.denorm.examples.portfolios;

import io.denorm.annotations.Entity;
import io.denorm.annotations.PartitionKey;

/** A stock: it trades all day, so portfolios reference it by id instead of embedding a copy. */
@Entity(table = "stocks")
public record Stock(@PartitionKey String id, String symbol, double open, double high, double low, long vol, long mktCap, double pe) {}
