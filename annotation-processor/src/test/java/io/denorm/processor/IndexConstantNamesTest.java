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
 * The generated mappers hold a constant per index, named after the index, beside constants of
 * their own ({@code KEY}, {@code COLUMNS} and each index's {@code _KEY} on HBase). Index names that
 * would give one of those names still give a mapper that compiles, on both stores.
 */
class IndexConstantNamesTest {

  private static final JavaFileObject ENTITY = source("test.Item", """
      package test;

      import io.denorm.annotations.*;

      @Entity(table = "items")
      @Index(name = "key", key = "a")
      @Index(name = "columns", key = "b")
      @Index(name = "by_c", key = "c")
      @Index(name = "by_c_key", key = {"c", "d"})
      public class Item {
        @PartitionKey String id;
        String a;
        String b;
        String c;
        String d;
      }
      """);

  private static final JavaFileObject DAO = source("test.ItemDao", """
      package test;

      import io.denorm.annotations.*;
      import java.util.*;

      @Dao
      public interface ItemDao {
        void save(Item item);

        List<Item> findByA(String a);

        List<Item> findByB(String b);

        List<Item> findByC(String c);

        List<Item> findByCAndD(String c, String d);
      }
      """);

  @Test
  void indexNamesThatGiveTheMappersOwnConstantsStillCompile() throws IOException {
    Compilation compilation = compile(ENTITY, DAO);

    assertThat(compilation).succeeded();
    String hbase = compilation.generatedSourceFile("test.HBaseItemMapper").orElseThrow().getCharContent(true).toString();
    assertThat(hbase).contains(" KEY = new RowKeyCodec(");
    assertThat(hbase).contains(" COLUMNS = List.of(");
    assertThat(hbase).contains(" KEY_INDEX = new IndexDefinition(");
    assertThat(hbase).contains(" COLUMNS_INDEX = new IndexDefinition(");
    assertThat(hbase).contains(" BY_C = new IndexDefinition(");
    assertThat(hbase).contains(" BY_C_KEY = new RowKeyCodec(");
    assertThat(hbase).contains(" BY_C_KEY_INDEX = new IndexDefinition(");
    assertThat(hbase).contains(" BY_C_KEY_INDEX_KEY = new RowKeyCodec(");
    String cassandra = compilation.generatedSourceFile("test.CassandraItemMapper").orElseThrow().getCharContent(true).toString();
    assertThat(cassandra).contains(" KEY_INDEX = new IndexDefinition(");
  }
}
