package io.denorm.examples.shop;

import io.denorm.Converter;
import java.math.BigDecimal;

/**
 * Stores a {@link Money} in euros as a whole number of cents: a {@code bigint}, whose order is the
 * order of the amounts, so prices can key rows (a price range is one slice of a partition on
 * Cassandra and one row-key range on HBase). Refuses other currencies and fractions of a cent.
 */
public final class EuroCents implements Converter<Money, Long> {

  @Override
  public Long toColumn(Money value) {
    if (!value.currency().equals("EUR")) {
      throw new IllegalArgumentException("only EUR amounts are stored, not " + value.currency());
    }
    return value.amount().movePointRight(2).longValueExact();
  }

  @Override
  public Money fromColumn(Long cents) {
    return new Money(BigDecimal.valueOf(cents, 2), "EUR");
  }
}
