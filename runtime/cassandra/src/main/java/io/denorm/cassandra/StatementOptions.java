package io.denorm.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.cql.StatementBuilder;
import java.time.Duration;

/**
 * What a DAO applies to every statement it sends that does not set it itself: the consistency level,
 * the serial consistency level of its compare-and-sets, a timeout and an execution profile (null:
 * the session's configuration decides), and whether the statements are traced.
 *
 * <p>The driver (4.19) keeps no timeout on a batch statement ({@code getTimeout()} is always null),
 * so {@link #applyTo(Statement)} does not try to put one there; a DAO sends its batches (the index
 * rows of a step, a logged save, the batches of a bulk insert) with an execution profile derived
 * from the one they name (or the default one) whose request timeout is this timeout. A batch that
 * carries a profile object of its own keeps it, and its timeout.
 *
 * <p>{@link #DEFAULTS} keeps Denorm's promises on a multi-node cluster (docs/consistency.md):
 * {@code LOCAL_QUORUM} reads and writes, so that the master read which decides an index repair sees
 * every acknowledged write, and {@code LOCAL_SERIAL} for Denorm's own compare-and-sets. {@link
 * #DRIVER_DEFAULTS} leaves everything to the session's configuration ({@code application.conf});
 * below quorum, a read at one replica can miss an acknowledged write, and a repair decided on it
 * can delete an entry that write needs.
 */
public record StatementOptions(ConsistencyLevel consistency, ConsistencyLevel serialConsistency, Duration timeout, String executionProfile,
    boolean tracing) {

  /** Options without tracing. */
  public StatementOptions(ConsistencyLevel consistency, ConsistencyLevel serialConsistency, Duration timeout, String executionProfile) {
    this(consistency, serialConsistency, timeout, executionProfile, false);
  }

  public static final StatementOptions DEFAULTS =
      new StatementOptions(DefaultConsistencyLevel.LOCAL_QUORUM, DefaultConsistencyLevel.LOCAL_SERIAL, null, null);

  public static final StatementOptions DRIVER_DEFAULTS = new StatementOptions(null, null, null, null);

  /**
   * {@link #DEFAULTS} with the options an entity's {@code @Consistency} names: levels by name, a
   * timeout in milliseconds; empty (or 0) keeps the default.
   */
  public static StatementOptions named(String level, String serial, long timeoutMillis, String executionProfile) {
    StatementOptions o = DEFAULTS;
    if (!level.isEmpty()) {
      o = o.withConsistency(DefaultConsistencyLevel.valueOf(level));
    }
    if (!serial.isEmpty()) {
      o = o.withSerialConsistency(DefaultConsistencyLevel.valueOf(serial));
    }
    if (timeoutMillis > 0) {
      o = o.withTimeout(Duration.ofMillis(timeoutMillis));
    }
    if (!executionProfile.isEmpty()) {
      o = o.withExecutionProfile(executionProfile);
    }
    return o;
  }

  public StatementOptions withConsistency(ConsistencyLevel level) {
    return new StatementOptions(level, serialConsistency, timeout, executionProfile, tracing);
  }

  public StatementOptions withSerialConsistency(ConsistencyLevel level) {
    return new StatementOptions(consistency, level, timeout, executionProfile, tracing);
  }

  public StatementOptions withTimeout(Duration value) {
    return new StatementOptions(consistency, serialConsistency, value, executionProfile, tracing);
  }

  public StatementOptions withExecutionProfile(String name) {
    return new StatementOptions(consistency, serialConsistency, timeout, name, tracing);
  }

  public StatementOptions withTracing(boolean on) {
    return new StatementOptions(consistency, serialConsistency, timeout, executionProfile, on);
  }

  /**
   * These options with every attribute {@code attributes} sets in place of this one's (HBase's
   * durability ignored).
   */
  public StatementOptions with(io.denorm.Attributes attributes) {
    StatementOptions o = this;
    if (attributes.consistency() != null) {
      o = o.withConsistency(DefaultConsistencyLevel.valueOf(attributes.consistency().name()));
    }
    if (attributes.serialConsistency() != null) {
      o = o.withSerialConsistency(DefaultConsistencyLevel.valueOf(attributes.serialConsistency().name()));
    }
    if (attributes.timeout() != null) {
      o = o.withTimeout(attributes.timeout());
    }
    if (attributes.executionProfile() != null) {
      o = o.withExecutionProfile(attributes.executionProfile());
    }
    return attributes.tracing() ? o.withTracing(true) : o;
  }

  /**
   * {@code statement} with every option it does not set itself taken from these; a batch gets no
   * timeout (the driver would not keep it: see the class comment).
   */
  public Statement<?> applyTo(Statement<?> statement) {
    Statement<?> out = statement;
    if (executionProfile != null && out.getExecutionProfileName() == null && out.getExecutionProfile() == null) {
      out = out.setExecutionProfileName(executionProfile);
    }
    if (consistency != null && out.getConsistencyLevel() == null) {
      out = out.setConsistencyLevel(consistency);
    }
    if (serialConsistency != null && out.getSerialConsistencyLevel() == null) {
      out = out.setSerialConsistencyLevel(serialConsistency);
    }
    if (timeout != null && out.getTimeout() == null && !(out instanceof com.datastax.oss.driver.api.core.cql.BatchStatement)) {
      out = out.setTimeout(timeout);
    }
    if (tracing && !out.isTracing()) {
      out = out.setTracing(true);
    }
    return out;
  }

  /**
   * {@code builder} with every option these set, replacing what the builder has: for a builder of a
   * statement that sets none of them itself (one bound from a statement prepared from its CQL alone,
   * a new batch), so that the statement is built once with them, where {@link #applyTo(Statement)}
   * copies a built statement once per option it sets.
   */
  public <B extends StatementBuilder<B, ?>> B applyTo(B builder) {
    B out = builder;
    if (executionProfile != null) {
      out = out.setExecutionProfileName(executionProfile);
    }
    if (consistency != null) {
      out = out.setConsistencyLevel(consistency);
    }
    if (serialConsistency != null) {
      out = out.setSerialConsistencyLevel(serialConsistency);
    }
    if (timeout != null) {
      out = out.setTimeout(timeout);
    }
    if (tracing) {
      out = out.setTracing(true);
    }
    return out;
  }
}
