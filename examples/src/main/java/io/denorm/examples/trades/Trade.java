package io.denorm.examples.trades;

import io.denorm.annotations.ClusteringKey;
import io.denorm.annotations.Consistency;
import io.denorm.annotations.Entity;
import io.denorm.annotations.Index;
import io.denorm.annotations.Order;
import io.denorm.annotations.PartitionKey;
import io.denorm.annotations.Salt;
import java.time.Instant;

/**
 * The trades of a symbol, newest first. A busy symbol writes in time order, which on HBase would
 * send every write to the last region of the table; salting on (symbol, at) spreads one symbol's
 * trades over 16 buckets, at the price of reading all 16 (in parallel, merged) for a symbol's
 * history. A lookup that names the exact time reads one bucket. On Cassandra, trades are read and
 * written at QUORUM across data centres (not the default LOCAL_QUORUM), with a 20 s timeout.
 */
@Consistency(level = "QUORUM", serial = "SERIAL", timeoutMillis = 20_000)
@Entity(table = "trades", salt = @Salt(buckets = 16, on = {"symbol", "at"}))
@Index(name = "trades_by_account", key = "account")
public record Trade(
    @PartitionKey String symbol,
    @ClusteringKey(value = 0, order = Order.DESC) Instant at,
    @ClusteringKey(1) long tradeId,
    String account,
    double price,
    long quantity) {}
