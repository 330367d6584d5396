package io.denorm.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.denorm.processor.Sources.compile;
import static io.denorm.processor.Sources.source;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * A DAO's parameters may be named like the locals and lambda parameters of the generated code
 * ({@code entity}, {@code prepared}, {@code page}, {@code key}, {@code row}, …): the generated
 * implementations still compile, on both stores.
 */
class ParameterNamesTest {

  private static final JavaFileObject ENTITY = source("test.Thing", """
      package test;

      import io.denorm.annotations.*;
      import java.util.*;

      @Entity(table = "things")
      @Index(name = "things_by_owner", key = {"owner", "kind"})
      @Index(name = "things_by_tag", key = "tag", include = {"owner", "size"})
      @Index(name = "things_by_label", key = "labels", unique = false)
      public class Thing {
        @PartitionKey UUID id;
        String owner;
        String kind;
        String tag;
        long size;
        Set<String> labels;
      }
      """);

  private static final JavaFileObject DAO = source("test.ThingDao", """
      package test;

      import io.denorm.Page;
      import io.denorm.PageRequest;
      import io.denorm.annotations.*;
      import java.util.*;
      import java.util.concurrent.CompletionStage;
      import java.util.stream.Stream;

      @Dao
      public interface ThingDao {
        void save(Thing prepared);

        void save(Thing entity, Thing previous);

        CompletionStage<Void> saveAsync(Thing entity);

        void insert(Thing stored);

        CompletionStage<Void> insertAsync(Thing ts);

        void saveAll(Iterable<Thing> entity);

        void deleteAll(Collection<Thing> key);

        boolean deleteById(UUID prepared);

        Optional<Thing> findById(UUID entity);

        CompletionStage<Optional<Thing>> findByIdAsync(UUID prepared);

        boolean updateTagById(UUID entity, String prepared);

        CompletionStage<Boolean> updateOwnerAndKindByIdAsync(UUID key, String entity, String row);

        List<Thing> findByOwnerAndKind(String entity, String prepared);

        Page<Thing> findByOwnerAndKind(String row, String key, PageRequest page);

        Stream<Thing> findByOwner(String change);

        CompletionStage<List<Thing>> findByOwnerAsync(String prepared);

        List<Thing> findByTag(String entity);

        Stream<Thing> findByLabelsContains(String sources);

        long countByOwnerAndKind(String entity, String prepared);

        CompletionStage<Long> countByLabelsContainsAsync(String state);

        boolean existsByTag(String ids);

        CompletionStage<Boolean> existsByOwnerAsync(String n);
      }
      """);

  @Test
  void parametersNamedLikeTheGeneratedLocalsStillCompile() throws IOException {
    Compilation compilation = compile(ENTITY, DAO);

    assertThat(compilation).succeeded();
    String cassandra = compilation.generatedSourceFile("test.CassandraThingDao").orElseThrow().getCharContent(true).toString();
    // the local the generated code would have named like the parameter is renamed
    assertThat(cassandra).contains("prepared_ ->");
    assertThat(compilation).generatedSourceFile("test.HBaseThingDao");
  }

  /** Fields named like the generated mappers' parameters and locals, in a class and in a record. */
  @Test
  void fieldsNamedLikeTheGeneratedLocalsStillCompile() {
    JavaFileObject type = source("test.Odd", """
        package test;

        import io.denorm.annotations.*;
        import java.util.*;

        @Entity(table = "odds")
        @Index(name = "odds_by_row", key = {"row", "statement"}, include = {"entries", "cells"})
        public class Odd {
          @PartitionKey String entity;
          @ClusteringKey long offset;
          String row;
          String statement;
          String entries;
          String cells;
          String reader;
          long key0;
        }
        """);
    JavaFileObject record = source("test.OddRecord", """
        package test;

        import io.denorm.annotations.*;

        @Entity(table = "odd_records")
        @Index(name = "odd_records_by_row", key = "row", include = "cells")
        public record OddRecord(@PartitionKey String entity, @ClusteringKey long offset, String row, String statement,
            String entries, String cells, String reader, long key0, String key) {}
        """);
    JavaFileObject daos = source("test.OddDao", """
        package test;

        import io.denorm.annotations.*;
        import java.util.*;

        @Dao
        public interface OddDao {
          void save(Odd odd);

          List<Odd> findByRowAndStatement(String row, String statement);

          Optional<Odd> findByEntityAndOffset(String entity, long offset);

          boolean deleteByEntityAndOffset(String entity, long offset);
        }
        """);
    JavaFileObject recordDao = source("test.OddRecordDao", """
        package test;

        import io.denorm.annotations.*;
        import java.util.*;

        @Dao
        public interface OddRecordDao {
          void save(OddRecord odd);

          List<OddRecord> findByRow(String row);

          List<OddRecord> findByEntity(String entity);
        }
        """);

    assertThat(compile(type, record, daos, recordDao)).succeeded();
  }
}
