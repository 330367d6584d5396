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
 * their own ({@code KEY}, {@code COLUMNS}, {@code SALT} and each index's {@code _KEY} on HBase).
 * Index names that would give one of those names still give a mapper that compiles, on both
 * stores, and the DAOs use the constants of the right index.
 */
class IndexConstantNamesTest {

  private static final JavaFileObject ENTITY = source("test.Item", """
      package test;

      import io.denorm.annotations.*;

      @Entity(table = "items", salt = @Salt(buckets = 4, on = "id"))
      @Index(name = "key", key = "a")
      @Index(name = "salt", key = "d")
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

        List<Item> findByD(String d);
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
    assertThat(hbase).contains(" SALT = KeySalt.of(");
    assertThat(hbase).contains(" SALT_INDEX = new IndexDefinition(");
    String hbaseDao = compilation.generatedSourceFile("test.HBaseItemDao").orElseThrow().getCharContent(true).toString();
    assertThat(hbaseDao).contains("indexTable(HBaseItemMapper.BY_C_KEY_INDEX, \"by_c_key\", HBaseItemMapper.BY_C_KEY_INDEX_KEY)");
    assertThat(hbaseDao).contains("indexTable(HBaseItemMapper.BY_C, \"by_c\", HBaseItemMapper.BY_C_KEY)");
    assertThat(hbaseDao).contains("indexTable(HBaseItemMapper.KEY_INDEX, \"key\", HBaseItemMapper.KEY_INDEX_KEY)");
    String cassandra = compilation.generatedSourceFile("test.CassandraItemMapper").orElseThrow().getCharContent(true).toString();
    assertThat(cassandra).contains(" KEY_INDEX = new IndexDefinition(");
    String cassandraDao = compilation.generatedSourceFile("test.CassandraItemDao").orElseThrow().getCharContent(true).toString();
    assertThat(cassandraDao).contains("indexTable(CassandraItemMapper.BY_C_KEY_INDEX, \"by_c_key\"");
    assertThat(cassandraDao).contains("indexTable(CassandraItemMapper.SALT_INDEX, \"salt\"");
  }
}
