package io.denorm.processor.model;

/**
 * One condition of a finder name: {@code AtBetween} is the column of property {@code at} and
 * {@link Operator#BETWEEN}. {@code column} is null when the name's property matches no stored field.
 *
 * @param firstParameter index of the method parameter bound to this condition's first value
 */
public record Criterion(String property, ColumnModel column, Operator operator, int firstParameter) {}
