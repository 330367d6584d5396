package io.denorm;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Set;

/**
 * The bucket of a time for {@code @Bucket(field = …, unit = …)}: the number of whole units from
 * 1970-01-01T00:00Z, in UTC, so buckets sort as the times do (negative before 1970).
 */
public final class TimeBuckets {

  /** The units a time bucket can have. */
  public static final Set<ChronoUnit> UNITS = Set.of(ChronoUnit.HOURS, ChronoUnit.DAYS, ChronoUnit.MONTHS, ChronoUnit.YEARS);

  private TimeBuckets() {}

  /** The bucket {@code time} falls in. */
  public static long of(ChronoUnit unit, Instant time) {
    java.util.Objects.requireNonNull(time, "time");
    return switch (unit) {
      case HOURS -> Math.floorDiv(time.getEpochSecond(), 3600L);
      case DAYS -> Math.floorDiv(time.getEpochSecond(), 86_400L);
      case MONTHS -> {
        ZonedDateTime t = time.atZone(ZoneOffset.UTC);
        yield (t.getYear() - 1970L) * 12 + t.getMonthValue() - 1;
      }
      case YEARS -> time.atZone(ZoneOffset.UTC).getYear() - 1970L;
      default -> throw new IllegalArgumentException("a time bucket is HOURS, DAYS, MONTHS or YEARS, not " + unit);
    };
  }

  /** The first instant of bucket {@code bucket}. */
  public static Instant start(ChronoUnit unit, long bucket) {
    return switch (unit) {
      case HOURS -> Instant.ofEpochSecond(Math.multiplyExact(bucket, 3600L));
      case DAYS -> Instant.ofEpochSecond(Math.multiplyExact(bucket, 86_400L));
      case MONTHS -> ZonedDateTime.of(1970, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC).plusMonths(bucket).toInstant();
      case YEARS -> ZonedDateTime.of(1970, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC).plusYears(bucket).toInstant();
      default -> throw new IllegalArgumentException("a time bucket is HOURS, DAYS, MONTHS or YEARS, not " + unit);
    };
  }
}
