package io.denorm.examples.portfolios;

import io.denorm.annotations.Entity;
import io.denorm.annotations.PartitionKey;
import io.denorm.annotations.Reference;
import java.util.List;

/**
 * The document guide's portfolio, with references instead of embedded stocks: a trade updates one
 * stock row, never the thousands of portfolios holding it; reading a portfolio with its stocks is
 * an application-side join.
 */
@Entity(table = "portfolios")
@SuppressWarnings("denorm:ReferenceCollection") // a portfolio holds tens of stocks, not thousands
public record Portfolio(@PartitionKey String owner, @Reference(value = Stock.class, field = "stockId") List<Holding> holdings) {}
