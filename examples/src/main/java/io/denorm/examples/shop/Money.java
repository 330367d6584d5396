package io.denorm.examples.shop;

import java.math.BigDecimal;
import java.util.Objects;

/** An amount in a currency, as an application's own type: stored through {@link EuroCents}. */
public record Money(BigDecimal amount, String currency) {

  public Money {
    Objects.requireNonNull(amount, "amount");
    Objects.requireNonNull(currency, "currency");
  }

  public static Money euros(String amount) {
    return new Money(new BigDecimal(amount), "EUR");
  }

  @Override
  public String toString() {
    return amount.toPlainString() + " " + currency;
  }
}
