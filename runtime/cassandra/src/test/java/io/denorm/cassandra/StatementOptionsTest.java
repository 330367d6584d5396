package io.denorm.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class StatementOptionsTest {

  @Test
  void defaultsAreQuorumAndLocalSerial() {
    Statement<?> s = StatementOptions.DEFAULTS.applyTo(SimpleStatement.newInstance("SELECT 1"));
    assertEquals(DefaultConsistencyLevel.LOCAL_QUORUM, s.getConsistencyLevel());
    assertEquals(DefaultConsistencyLevel.LOCAL_SERIAL, s.getSerialConsistencyLevel());
    assertNull(s.getTimeout());
  }

  @Test
  void aStatementsOwnSettingsWin() {
    Statement<?> own = SimpleStatement.newInstance("SELECT 1").setConsistencyLevel(DefaultConsistencyLevel.ALL);
    Statement<?> s = StatementOptions.DEFAULTS.withTimeout(Duration.ofSeconds(3)).withExecutionProfile("olap").applyTo(own);
    assertEquals(DefaultConsistencyLevel.ALL, s.getConsistencyLevel());
    assertEquals(DefaultConsistencyLevel.LOCAL_SERIAL, s.getSerialConsistencyLevel());
    assertEquals(Duration.ofSeconds(3), s.getTimeout());
    assertEquals("olap", s.getExecutionProfileName());
  }

  @Test
  void driverDefaultsLeaveTheStatementAsItIs() {
    SimpleStatement plain = SimpleStatement.newInstance("SELECT 1");
    assertEquals(plain, StatementOptions.DRIVER_DEFAULTS.applyTo(plain));
  }
}
