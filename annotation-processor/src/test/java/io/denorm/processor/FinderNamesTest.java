package io.denorm.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.denorm.processor.Sources.compile;
import static io.denorm.processor.Sources.source;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import io.denorm.processor.model.Names;
import java.io.IOException;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;

class FinderNamesTest {

  @Test
  void snakeCase() {
    assertEquals("sensor_id", Names.snakeCase("sensorId"));
    assertEquals("http_status", Names.snakeCase("HTTPStatus"));
    assertEquals("value2_x", Names.snakeCase("value2X"));
    assertEquals("at", Names.snakeCase("at"));
    assertEquals("user_name", Names.snakeCase("UserName"));
  }

  /**
   * {@code day} is a prefix of {@code dayOfWeek}: the parser must try the longer name first and
   * fall back to the shorter one where only that reading parses.
   */
  @Test
  void propertyNamesThatArePrefixesOfOthers() throws IOException {
    JavaFileObject entity = source("test.Slot", """
        package test;
        import io.denorm.annotations.*;
        @Entity public class Slot {
          @PartitionKey(0) String day;
          @PartitionKey(1) String dayOfWeek;
          @ClusteringKey(0) int dayOfWeekNumber;
        }""");
    JavaFileObject dao = source("test.SlotDao", """
        package test;
        import java.util.*;
        @io.denorm.annotations.Dao
        public interface SlotDao {
          List<Slot> findByDayAndDayOfWeek(String day, String dayOfWeek);
          List<Slot> findByDayOfWeekAndDayAndDayOfWeekNumberAfter(String dayOfWeek, String day, int n);
        }""");
    Compilation c = compile(entity, dao);
    assertThat(c).succeededWithoutWarnings();
    String model = c.generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/denorm/model.yaml").orElseThrow().getCharContent(true).toString();
    // Parameters follow the name's order; WHERE follows the key's order.
    org.junit.jupiter.api.Assertions.assertTrue(model.contains(
        "SELECT day, day_of_week, day_of_week_number FROM slot WHERE day = ? AND day_of_week = ? AND day_of_week_number > ?"), model);
    String daoSource = c.generatedSourceFile("test.CassandraSlotDao").orElseThrow().getCharContent(true).toString();
    org.junit.jupiter.api.Assertions.assertTrue(daoSource.contains(".setString(0, day)\n            .setString(1, dayOfWeek)\n            .setInt(2, n)"), daoSource);
  }
}
