package io.denorm.processor.model;

/**
 * One condition of a finder name: {@code AtBetween} is the column of property {@code at} and
 * {@link Operator#BETWEEN}. {@code SkillsName} is the field {@code name} ({@code path}) of the
 * elements of {@code skills}.
 *
 * @param firstParameter index of the method parameter bound to this condition's first value
 */
public record Criterion(String property, ColumnModel column, Operator operator, int firstParameter, String path) {

  public Criterion(String property, ColumnModel column, Operator operator, int firstParameter) {
    this(property, column, operator, firstParameter, null);
  }
}
