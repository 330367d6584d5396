package io.denorm.processor;

import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;

/** Test sources and compilation through Denorm's processor. */
final class Sources {
  private Sources() {}

  static JavaFileObject source(String qualifiedName, String body) {
    return JavaFileObjects.forSourceString(qualifiedName, body);
  }

  static Compilation compile(JavaFileObject... sources) {
    return javac().withProcessors(new DenormProcessor()).compile(sources);
  }

  /** A valid entity to write DAOs against: partition (sensorId, day), clustering (at DESC, seq). */
  static final JavaFileObject READING = source("test.Reading", """
      package test;

      import io.denorm.annotations.*;
      import java.time.*;

      @Entity(table = "readings")
      public class Reading {
        @PartitionKey(0) String sensorId;
        @PartitionKey(1) LocalDate day;
        @ClusteringKey(value = 0, order = Order.DESC) Instant at;
        @ClusteringKey(1) int seq;
        double value;
        String unit;
        @Transient double cached;
      }
      """);

  /** A DAO over {@link #READING} with one method whose declaration is {@code method}. */
  static JavaFileObject dao(String method) {
    return source("test.ReadingDao", """
        package test;

        import io.denorm.*;
        import io.denorm.annotations.*;
        import java.time.*;
        import java.util.*;
        import java.util.concurrent.*;
        import java.util.stream.*;

        @Dao
        public interface ReadingDao {
          void save(Reading r);
          %s
        }
        """.formatted(method));
  }
}
