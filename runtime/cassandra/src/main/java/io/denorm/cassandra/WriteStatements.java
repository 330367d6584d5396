package io.denorm.cassandra;

import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import io.denorm.Expiry;

/**
 * How a DAO's writes are made ready to send: stamped with the write's timestamp, made idempotent
 * (so that the driver may retry them), given the entity's time to live when they insert an expiring
 * entity. Where Denorm binds a statement itself, all of it and the DAO's options are set on the
 * builder, so that the statement is built once; a statement given already built is copied only for
 * what it lacks here, and gets the DAO's options when it is sent.
 */
final class WriteStatements {

  private WriteStatements() {}

  /** {@code statement} stamped at {@code writeTimestamp} and idempotent, copied only for what it does not carry already. */
  static BoundStatement asWrite(CassandraDaoBase<?> dao, BoundStatement statement, long writeTimestamp) {
    BoundStatement out = withTtl(dao.expiry(), statement);
    if (out.getQueryTimestamp() != writeTimestamp) {
      out = out.setQueryTimestamp(writeTimestamp);
    }
    return Boolean.TRUE.equals(out.isIdempotent()) ? out : out.setIdempotent(true);
  }

  /** The statement {@code builder} builds, as {@link #asWrite(CassandraDaoBase, BoundStatement, long)} makes it, with {@code dao}'s options. */
  static BoundStatement asWrite(CassandraDaoBase<?> dao, BoundStatementBuilder builder, long writeTimestamp) {
    return dao.withOptions(withTtl(dao.expiry(), builder).setQueryTimestamp(writeTimestamp).setIdempotence(true)).build();
  }

  /**
   * {@code statement} with the time to live of {@code e} bound when it is an insert of an expiring
   * entity (it ends with {@code USING TTL ?}) that has none bound yet (delete marks bind their own);
   * as is otherwise. All that a statement sent inside a batch needs: the batch carries the
   * timestamp and the idempotence of all of its statements.
   */
  static BoundStatement withTtl(Expiry e, BoundStatement statement) {
    int last = ttlMarker(e, statement.getPreparedStatement());
    return last >= 0 && !statement.isSet(last) ? statement.setInt(last, e.seconds()) : statement;
  }

  /** {@link #withTtl(Expiry, BoundStatement)} on a builder. */
  static BoundStatementBuilder withTtl(Expiry e, BoundStatementBuilder builder) {
    int last = ttlMarker(e, builder.getPreparedStatement());
    return last >= 0 && !builder.isSet(last) ? builder.setInt(last, e.seconds()) : builder;
  }

  /** The index of {@code prepared}'s time-to-live marker when {@code e} expires rows and it ends with one, else -1. */
  private static int ttlMarker(Expiry e, PreparedStatement prepared) {
    if (!e.expiring()) {
      return -1;
    }
    var markers = prepared.getVariableDefinitions();
    int last = markers.size() - 1;
    return last >= 0 && markers.get(last).getName().asInternal().equals("[ttl]") ? last : -1;
  }
}
