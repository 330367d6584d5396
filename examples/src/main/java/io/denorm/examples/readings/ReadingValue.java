package io.denorm.examples.readings;

import java.time.Instant;

/** The time and value of a reading, without its sensor, day and unit: a projection of {@link Reading}. */
public record ReadingValue(Instant at, double value) {}
