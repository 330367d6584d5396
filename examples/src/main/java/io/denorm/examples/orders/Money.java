package io.denorm.examples.orders;

import java.math.BigDecimal;

/** An amount in a currency, embedded wherever an order shows a price. */
public record Money(BigDecimal amount, String currency) {

  public static Money of(String amount, String currency) {
    return new Money(new BigDecimal(amount), currency);
  }
}
