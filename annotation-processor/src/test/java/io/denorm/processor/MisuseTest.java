package io.denorm.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.denorm.processor.Sources.READING;
import static io.denorm.processor.Sources.compile;
import static io.denorm.processor.Sources.dao;
import static io.denorm.processor.Sources.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The misuse catalog: every message of {@code diag/Messages} and {@code diag/DaoMessages} is provoked
 * here, and its code, its text and the line it is reported on are asserted.
 */
class MisuseTest {

  private static JavaFileObject entity(String body) {
    return source("test.Thing", """
        package test;

        import io.denorm.annotations.*;
        import java.time.*;
        import java.util.*;

        %s
        """.formatted(body));
  }

  // ---- entities -------------------------------------------------------------------------------

  @Test
  void noPartitionKey() {
    JavaFileObject f = entity("@Entity public class Thing { String name; }");
    assertThat(compile(f)).hadErrorContaining("[denorm:NoPartitionKey] Thing has no @PartitionKey; annotate the field (or fields, numbered from 0)")
        .inFile(f).onLineContaining("public class Thing");
  }

  @Test
  void duplicateKeyPosition() {
    JavaFileObject f = entity("""
        @Entity public class Thing {
          @PartitionKey(0) String a;
          @PartitionKey(0) String b;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:DuplicateKeyPosition] @PartitionKey(0) is given to both 'a' and 'b'; number the components 0, 1, 2, … each once")
        .inFile(f).onLineContaining("@PartitionKey(0) String b");
  }

  @Test
  void keyPositionGap() {
    JavaFileObject f = entity("""
        @Entity public class Thing {
          @PartitionKey String a;
          @ClusteringKey(0) String b;
          @ClusteringKey(2) String c;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:KeyPositionGap] Clustering key positions of Thing are [0, 2]; expected 0 to 1")
        .inFile(f).onLineContaining("@ClusteringKey(2) String c");
  }

  @Test
  void partitionKeyPositionGap() {
    JavaFileObject f = entity("""
        @Entity public class Thing {
          @PartitionKey(0) String a;
          @PartitionKey(2) String b;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:KeyPositionGap] Partition key positions of Thing are [0, 2]; expected 0 to 1 without gaps")
        .inFile(f).onLineContaining("@PartitionKey(2) String b");
  }

  @Test
  void keyOnBothParts() {
    JavaFileObject f = entity("""
        @Entity public class Thing {
          @PartitionKey @ClusteringKey String a;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:KeyOnBothParts] 'a' is annotated with both @PartitionKey and @ClusteringKey")
        .inFile(f).onLineContaining("String a;");
  }

  @Test
  void unmappableType() {
    JavaFileObject f = entity("""
        @Entity public class Thing {
          @PartitionKey String id;
          java.util.Optional<String> payload;
          char grade;
        }""");
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining("[denorm:UnmappableType] 'payload' of type java.util.Optional<java.lang.String> cannot be stored")
        .inFile(f).onLineContaining("Optional<String> payload");
    assertThat(c).hadErrorContaining("[denorm:UnmappableType] 'grade' of type char cannot be stored: a char has no CQL type; use String")
        .inFile(f).onLineContaining("char grade");
  }

  @Test
  void unmappableCollections() {
    JavaFileObject f = entity("""
        @Entity public class Thing {
          @PartitionKey String id;
          ArrayList<String> names;
          Node tree;
          Map<Spot, String> bySpot;
          List<Tagged> tagged;
          record Node(String label, List<Node> children) {}
          record Tagged(String name, Map<String, Object> attributes) {}
          record Spot(String city) {}
        }""");
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining("[denorm:UnmappableType] 'names' of type java.util.ArrayList<java.lang.String> cannot be stored: declare the field as List<…>")
        .inFile(f).onLineContaining("ArrayList<String> names");
    assertThat(c).hadErrorContaining("'tree' of type test.Thing.Node cannot be stored: test.Thing.Node contains itself, a tree whose depth no user-defined type"
        + " or column family can follow; store the whole tree as one JSON value with @Column(json = true)").inFile(f).onLineContaining("Node tree;");
    assertThat(c).hadErrorContaining("'bySpot' of type java.util.Map<test.Thing.Spot,java.lang.String> cannot be stored: map keys must be single values")
        .inFile(f).onLineContaining("Map<Spot, String> bySpot");
    assertThat(c).hadErrorContaining("its field 'attributes' holds Object attribute values, which are stored at the top level of an entity for now")
        .inFile(f).onLineContaining("List<Tagged> tagged");
  }

  @Test
  void unmappableKindsOfTypes() {
    JavaFileObject hidden = source("test.other.Hidden", "package test.other; public class Hidden { private String secret; }");
    JavaFileObject f = entity("""
        @Entity public class Thing {
          @PartitionKey String id;
          int[] numbers;
          List rawList;
          Map rawMap;
          Map<String, Colour> colours;
          Thread worker;
          List<int[]> rows;
          List<byte[]> blobs;
          NoCtor noCtor;
          Empty empty;
          test.other.Hidden hidden;
          enum Colour { RED }
          static class NoCtor { String a; NoCtor(String a) { this.a = a; } }
          record Empty() {}
        }""");
    Compilation c = compile(hidden, f);
    assertThat(c).hadErrorContaining("[denorm:UnmappableType] 'numbers' of type int[] cannot be stored: arrays other than byte[] are not stored; use List<…>")
        .inFile(f).onLineContaining("int[] numbers");
    assertThat(c).hadErrorContaining("[denorm:UnmappableType] 'rawList' of type java.util.List cannot be stored: raw collections are not stored; give the element type")
        .inFile(f).onLineContaining("List rawList");
    assertThat(c).hadErrorContaining("[denorm:UnmappableType] 'rawMap' of type java.util.Map cannot be stored: raw maps are not stored; give the key and value types")
        .inFile(f).onLineContaining("Map rawMap");
    assertThat(c).hadErrorContaining("[denorm:UnmappableType] 'colours' of type java.util.Map<java.lang.String,test.Thing.Colour> cannot be stored: enum map values are not supported yet")
        .inFile(f).onLineContaining("Map<String, Colour> colours");
    assertThat(c).hadErrorContaining("[denorm:UnmappableType] 'worker' of type java.lang.Thread cannot be stored: supported: String, primitives and their boxes")
        .inFile(f).onLineContaining("Thread worker");
    assertThat(c).hadErrorContaining("[denorm:UnmappableType] 'rows' of type java.util.List<int[]> cannot be stored: its elements cannot be stored: elements must be reference types")
        .inFile(f).onLineContaining("List<int[]> rows");
    assertThat(c).hadErrorContaining("[denorm:UnmappableType] 'blobs' of type java.util.List<byte[]> cannot be stored: its elements cannot be stored: byte[] elements are not stored")
        .inFile(f).onLineContaining("List<byte[]> blobs");
    assertThat(c).hadErrorContaining("[denorm:UnmappableType] 'noCtor' of type test.Thing.NoCtor cannot be stored: an embedded class needs a non-private constructor without parameters")
        .inFile(f).onLineContaining("NoCtor noCtor;");
    assertThat(c).hadErrorContaining("[denorm:UnmappableType] 'empty' of type test.Thing.Empty cannot be stored: it has no field to store")
        .inFile(f).onLineContaining("Empty empty;");
    assertThat(c).hadErrorContaining("[denorm:UnmappableType] 'hidden' of type test.other.Hidden cannot be stored: its field 'secret' cannot be read and written from package test;"
        + " make it package-private in that package, public, or add a getter and setter").inFile(f).onLineContaining("test.other.Hidden hidden;");
  }

  @Test
  void unmappableTypeVariable() {
    JavaFileObject f = entity("""
        @Entity public class Thing<T> {
          @PartitionKey String id;
          T value;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:UnmappableType] 'value' of type T cannot be stored: this kind of type cannot be stored")
        .inFile(f).onLineContaining("T value;");
  }

  @Test
  void twoEmbeddedClassesWithOneUdtName() {
    JavaFileObject a = source("test.a.Address", "package test.a; public record Address(String street) {}");
    JavaFileObject b = source("test.b.Address", "package test.b; public record Address(String city, int zip) {}");
    JavaFileObject f = entity("""
        @Entity public class Thing {
          @PartitionKey String id;
          test.a.Address home;
          List<test.b.Address> others;
          @Column(json = true) test.b.Address asJson;
        }""");
    Compilation c = compile(a, b, f);
    assertThat(c).hadErrorContaining("[denorm:UdtName] 'others' embeds test.b.Address, but test.a.Address is embedded too and both would be the"
        + " user-defined type 'address' of the keyspace; rename one of the classes").inFile(f).onLineContaining("List<test.b.Address> others");
    assertThat(c).hadErrorCount(1);
  }

  @Test
  void jsonColumn() {
    JavaFileObject f = entity("""
        @Entity public class Thing {
          @PartitionKey @Column(json = true) String id;
          @Column(json = true) List<Map<Integer, String>> byNumber;
          @Column(json = true) List<Spot> fine;
          record Spot(String city, Map<String, Integer> counts) {}
        }""");
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining("[denorm:JsonColumn] 'id' is marked @Column(json = true) but is a key component").inFile(f).onLineContaining("String id;");
    assertThat(c).hadErrorContaining("[denorm:JsonColumn] 'byNumber' is marked @Column(json = true) but holds a map whose keys are not String or an enum")
        .inFile(f).onLineContaining("byNumber;");
    assertThat(c).hadErrorCount(2);
  }

  @Test
  void nestedValuesCannotKeyOrIndex() {
    JavaFileObject f = entity("""
        @Entity(table = "things")
        @Index(name = "things_by_home", key = "home")
        @Index(name = "things_by_attrs", key = "rows")
        @Index(name = "things_by_name", key = "name", include = "home")
        public class Thing {
          @PartitionKey Spot spot;
          String name;
          Spot home;
          List<List<String>> rows;
          record Spot(String city, int zip) {}
        }""");
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining("[denorm:CollectionInKey] 'spot' is a key component of type test.Thing.Spot").inFile(f).onLineContaining("Spot spot;");
    assertThat(c).hadErrorContaining("[denorm:IndexKeyType] @Index things_by_home: key field 'home' of type test.Thing.Spot is an embedded object or an attribute value");
    assertThat(c).hadErrorContaining("[denorm:IndexKeyType] @Index things_by_attrs: key field 'rows' of type java.util.List<java.util.List<java.lang.String>> holds collections or attribute values, which cannot key an index");
    assertThat(c).hadErrorContaining("[denorm:IndexField] @Index things_by_name: 'home' holds embedded objects, attribute values or nested collections");
  }

  @Test
  void collectionInKey() {
    JavaFileObject f = entity("""
        @Entity public class Thing {
          @PartitionKey Set<String> ids;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:CollectionInKey] 'ids' is a key component of type java.util.Set<java.lang.String>; key components must be single values")
        .inFile(f).onLineContaining("Set<String> ids");
  }

  @Test
  void inaccessibleProperty() {
    JavaFileObject f = entity("""
        @Entity public class Thing {
          @PartitionKey String id;
          private String secret;
          public String getSecret() { return secret; }
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:InaccessibleProperty] 'secret' of Thing cannot be written by generated code in package test; make the field package-private, or add a non-private setSecret(java.lang.String)")
        .inFile(f).onLineContaining("private String secret");
  }

  @Test
  void inaccessibleReadAndFinal() {
    JavaFileObject f = entity("""
        @Entity public class Thing {
          @PartitionKey String id;
          private String secret;
          void setSecret(String s) { secret = s; }
          final String code = "x";
        }""");
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining("[denorm:InaccessibleProperty] 'secret' of Thing cannot be read by generated code in package test; make the field package-private, or add a non-private getSecret()")
        .inFile(f).onLineContaining("private String secret");
    assertThat(c).hadErrorContaining("[denorm:InaccessibleProperty] 'code' of Thing cannot be written by generated code in package test; it is final; remove final, or add a non-private setCode(java.lang.String)")
        .inFile(f).onLineContaining("final String code");
  }

  @Test
  void notInstantiable() {
    JavaFileObject f = entity("""
        @Entity public class Thing {
          @PartitionKey String id;
          private Thing() {}
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:NotInstantiable] Thing cannot be instantiated by generated code: it has no non-private constructor without parameters")
        .inFile(f).onLineContaining("public class Thing");
  }

  @Test
  void notInstantiableKindAbstractOrInner() {
    JavaFileObject i = source("test.Iface", """
        package test;
        import io.denorm.annotations.*;
        @Entity public interface Iface { }
        """);
    JavaFileObject a = source("test.Abstract", """
        package test;
        import io.denorm.annotations.*;
        @Entity public abstract class Abstract { @PartitionKey String id; }
        """);
    JavaFileObject o = source("test.Outer", """
        package test;
        import io.denorm.annotations.*;
        public class Outer {
          @Entity public class Inner { @PartitionKey String id; }
        }
        """);
    Compilation c = compile(i, a, o);
    assertThat(c).hadErrorContaining("[denorm:NotInstantiable] Iface cannot be instantiated by generated code: @Entity goes on a class or a record, not on interface")
        .inFile(i).onLineContaining("public interface Iface");
    assertThat(c).hadErrorContaining("[denorm:NotInstantiable] Abstract cannot be instantiated by generated code: it is abstract; put @Entity on a concrete class")
        .inFile(a).onLineContaining("public abstract class Abstract");
    assertThat(c).hadErrorContaining("[denorm:NotInstantiable] Inner cannot be instantiated by generated code: it is an inner class; make it static")
        .inFile(o).onLineContaining("public class Inner");
  }

  @Test
  void invalidIndexName() {
    JavaFileObject f = entity("""
        @Entity
        @Index(name = "bad-index", key = "name")
        public class Thing {
          @PartitionKey String id;
          String name;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:InvalidName] index table name 'bad-index' is not a valid identifier")
        .inFile(f).onLineContaining("bad-index");
  }

  @Test
  void invalidName() {
    JavaFileObject f = entity("""
        @Entity(table = "my-table") public class Thing {
          @PartitionKey String id;
          @Column(name = "9lives") String lives;
        }""");
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining("[denorm:InvalidName] table name 'my-table' is not a valid identifier")
        .inFile(f).onLineContaining("@Entity(table = \"my-table\")");
    assertThat(c).hadErrorContaining("[denorm:InvalidName] column name '9lives'")
        .inFile(f).onLineContaining("@Column(name = \"9lives\")");
  }

  @Test
  void duplicateColumn() {
    JavaFileObject f = entity("""
        @Entity public class Thing {
          @PartitionKey String id;
          String userName;
          @Column(name = "user_name") String login;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:DuplicateColumn] 'userName' and 'login' of Thing are both stored in column 'user_name'; give one of them another name with @Column(name = …)")
        .inFile(f).onLineContaining("String login");
  }

  @Test
  void duplicateTable() {
    JavaFileObject a = source("test.A", "package test; @io.denorm.annotations.Entity(table = \"shared\") public class A { @io.denorm.annotations.PartitionKey String id; }");
    JavaFileObject b = source("test.B", "package test; @io.denorm.annotations.Entity(table = \"shared\") public class B { @io.denorm.annotations.PartitionKey String id; }");
    assertThat(compile(a, b)).hadErrorContaining("[denorm:DuplicateTable] test.A and test.B are both stored in table 'shared'; give one of them another name with @Entity(table = …)")
        .inFile(b).onLineContaining("public class B");
  }

  @Test
  void duplicateTableWithAnotherEntitysIndex() {
    JavaFileObject b = source("test.B", "package test; import io.denorm.annotations.*; @Entity(table = \"b_table\") public class B { @PartitionKey String id; }");
    JavaFileObject a = source("test.A", """
        package test;
        import io.denorm.annotations.*;
        @Entity(table = "a_table")
        @Index(name = "b_table", key = "name")
        public class A { @PartitionKey String id; String name; }
        """);
    assertThat(compile(b, a)).hadErrorContaining("[denorm:DuplicateTable] test.B and test.A (an index) are both stored in table 'b_table'; give one of them another name")
        .inFile(a).onLineContaining("name = \"b_table\"");
  }

  @Test
  void indexNamesAlike() {
    JavaFileObject f = entity("""
        @Entity(table = "things")
        @Index(name = "by_owner", key = "owner")
        @Index(name = "byOwner", key = "tag")
        public class Thing {
          @PartitionKey String id;
          String owner;
          String tag;
        }""");
    Compilation compilation = compile(f);
    assertThat(compilation).hadErrorContaining("[denorm:IndexNamesAlike] Thing's indexes 'by_owner' and 'byOwner' differ only in their underscores "
        + "and the case of the letter after one, which the generated code's names leave out (ByOwner); rename one of them")
        .inFile(f).onLineContaining("public class Thing"); // two @Index: reported on the entity
    assertThat(compilation).hadErrorCount(1);
  }

  /** An entity whose generated names the next tests take. */
  private static final JavaFileObject PERSON = source("test.Person", """
      package test;
      import io.denorm.annotations.*;
      @Entity(table = "people")
      public class Person { @PartitionKey String id; String name; }
      """);

  @Test
  void generatedNameTakenByAnotherGeneratedType() {
    JavaFileObject dao = source("test.PersonMapper", """
        package test;
        import io.denorm.annotations.*;
        import java.util.*;
        @Dao
        public interface PersonMapper { void save(Person p); Optional<Person> findById(String id); }
        """);
    Compilation compilation = compile(PERSON, dao);
    assertThat(compilation).hadErrorContaining("[denorm:GeneratedNameTaken] Denorm generates test.CassandraPersonMapper for both Person and "
        + "PersonMapper; rename one of them").inFile(dao).onLineContaining("interface PersonMapper");
    assertThat(compilation).hadErrorCount(1); // one error, not a crash of the processor
  }

  @Test
  void generatedNameTakenByASource() {
    JavaFileObject own = source("test.CassandraPersonMapper", "package test; public class CassandraPersonMapper { }");
    Compilation compilation = compile(PERSON, own);
    assertThat(compilation).hadErrorContaining("[denorm:GeneratedNameTaken] Denorm generates test.CassandraPersonMapper for Person, "
        + "but a type of the sources already has that name; rename that type, or Person").inFile(PERSON).onLineContaining("public class Person");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void generatedNameTakenByAStaleCopy() {
    JavaFileObject stale = source("test.CassandraPersonMapper", """
        package test;
        @javax.annotation.processing.Generated(value = "io.denorm.processor.DenormProcessor", comments = "from test.Person")
        public final class CassandraPersonMapper { }
        """);
    Compilation compilation = compile(PERSON, stale);
    assertThat(compilation).hadErrorContaining("[denorm:GeneratedNameTaken] Denorm generates test.CassandraPersonMapper for Person, "
        + "but the sources already hold a copy of it from an earlier build; remove the generated sources from the source path, or clean the build")
        .inFile(PERSON).onLineContaining("public class Person");
    assertThat(compilation).hadErrorCount(1);
  }

  /** Creates {@code test.CassandraPersonMapper} in the first round, before Denorm runs, as another processor of the build could. */
  static final class TakesAName extends javax.annotation.processing.AbstractProcessor {
    private boolean written;

    @Override
    public java.util.Set<String> getSupportedAnnotationTypes() {
      return java.util.Set.of("*");
    }

    @Override
    public javax.lang.model.SourceVersion getSupportedSourceVersion() {
      return javax.lang.model.SourceVersion.latestSupported();
    }

    @Override
    public boolean process(java.util.Set<? extends javax.lang.model.element.TypeElement> annotations, javax.annotation.processing.RoundEnvironment round) {
      if (!written) {
        written = true;
        try (java.io.Writer w = processingEnv.getFiler().createSourceFile("test.CassandraPersonMapper").openWriter()) {
          w.write("package test;\n\npublic final class CassandraPersonMapper { }\n");
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }
      return false;
    }
  }

  @Test
  void generatedFileRefused() {
    Compilation compilation = com.google.testing.compile.Compiler.javac().withProcessors(new TakesAName(), new DenormProcessor()).compile(PERSON);
    assertThat(compilation).hadErrorContaining("[denorm:GeneratedFile] Denorm cannot create test.CassandraPersonMapper for Person: ")
        .inFile(PERSON).onLineContaining("public class Person");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void unresolvedType() {
    JavaFileObject f = entity("""
        @Entity public class Thing {
          @PartitionKey String id;
          NotGeneratedYet later;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:UnresolvedType] Thing mentions a type that could not be resolved (later: NotGeneratedYet); fix the type, or the processor that should generate it")
        .inFile(f).onLineContaining("public class Thing");
  }

  // ---- DAOs -----------------------------------------------------------------------------------

  @Test
  void daoNotInterface() {
    JavaFileObject f = source("test.ReadingDao", "package test; @io.denorm.annotations.Dao public abstract class ReadingDao { }");
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:DaoNotInterface] @Dao is on class ReadingDao; Denorm implements interfaces only")
        .inFile(f).onLineContaining("class ReadingDao");
  }

  @Test
  void daoEntityUnknown() {
    JavaFileObject f = source("test.NothingDao", """
        package test;
        @io.denorm.annotations.Dao
        public interface NothingDao {
          void save(String s);
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:DaoEntityUnknown] no method of NothingDao saves, returns or deletes an @Entity type")
        .inFile(f).onLineContaining("public interface NothingDao");
  }

  @Test
  void daoOfSeveralEntities() {
    JavaFileObject f = source("test.MixedDao", """
        package test;
        import io.denorm.annotations.*;

        @Entity
        record Other(@PartitionKey String id) {}

        @Dao
        public interface MixedDao {
          void save(Reading r);
          void save(Other o);
        }""");
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:DaoEntityUnknown] MixedDao serves several entities (Reading, Other); declare one @Dao interface per entity")
        .inFile(f).onLineContaining("public interface MixedDao");
  }

  @Test
  void unrecognizedMethod() {
    JavaFileObject f = dao("int countReadings(String sensorId);");
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:UnrecognizedMethod] countReadings(String) is not a method Denorm can implement; expected save(Reading), find[First[N]]By…(…), countBy…(…)")
        .inFile(f).onLineContaining("countReadings");
  }

  @Test
  void saveSignature() {
    JavaFileObject f = dao("boolean saveAll(Reading r, Reading other);");
    // two Readings are fine (the entity and its previous state); the boolean return is not
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:SaveSignature] saveAll(Reading, Reading): a save method takes one Reading (or the Reading and its previous state) and returns void or the Reading as saved (or CompletionStage<Void> or CompletionStage<Reading> when asynchronous)")
        .inFile(f).onLineContaining("saveAll");
  }

  @Test
  void saveWithThePreviousStateOfAPath() {
    JavaFileObject e = entity("""
        @Entity
        public record Thing(@PartitionKey String id, @ParentId String parentId, @MaterializedPath String path) {}""");
    JavaFileObject d = source("test.ThingDao", """
        package test;
        import io.denorm.annotations.*;

        @Dao
        public interface ThingDao {
          void save(Thing thing, Thing previous);
          java.util.Optional<Thing> findById(String id);
        }""");
    assertThat(compile(e, d)).hadErrorContaining("[denorm:SaveSignature] save(Thing, Thing): a save method takes one Thing (or the Thing and its previous state) and returns void"
        + " or the Thing as saved (or CompletionStage<Void> or CompletionStage<Thing> when asynchronous); found (Thing, Thing) returning void"
        + " (the previous state cannot be given to a save that reads it to move a path: declare save(Thing)").inFile(d).onLineContaining("void save(Thing thing, Thing previous)");
  }

  @Test
  void saveAllSignature() {
    JavaFileObject f = dao("boolean saveAll(java.util.List<Reading> readings);");
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:SaveAllSignature] saveAll(List<Reading>): saveAll takes one Iterable, Collection, List or Set of Reading and returns void (or CompletionStage<Void> when asynchronous); found (List<Reading>) returning boolean")
        .inFile(f).onLineContaining("saveAll");
    JavaFileObject strings = dao("void saveAll(java.util.Collection<String> readings);");
    assertThat(compile(READING, strings)).hadErrorContaining("[denorm:SaveAllSignature] saveAll(Collection<String>): saveAll takes one Iterable")
        .inFile(strings).onLineContaining("saveAll");
    JavaFileObject async = dao("java.util.concurrent.CompletionStage<Reading> saveAllAsync(Iterable<? extends Reading> readings);");
    assertThat(compile(READING, async)).hadErrorContaining("[denorm:SaveAllSignature] saveAllAsync(Iterable<? extends Reading>): saveAll takes one Iterable")
        .inFile(async).onLineContaining("saveAllAsync");
  }

  @Test
  void deleteAllSignature() {
    JavaFileObject f = dao("int deleteAll(java.util.List<Reading> readings);");
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:SaveAllSignature] deleteAll(List<Reading>): deleteAll takes one Iterable, Collection, List or Set of Reading and returns void (or CompletionStage<Void> when asynchronous); found (List<Reading>) returning int")
        .inFile(f).onLineContaining("deleteAll");
    JavaFileObject ok = dao("java.util.concurrent.CompletionStage<Void> deleteAllAsync(java.util.Set<Reading> readings);");
    assertThat(compile(READING, ok)).succeeded();
  }

  @Test
  void saveAllAloneCompilesForSequencesAndSnippetHolders() {
    JavaFileObject numbered = source("test.Ticket", """
        package test;
        import io.denorm.annotations.*;
        @Entity
        public record Ticket(@PartitionKey String queue, @ClusteringKey @Sequence("ticket_id") long id, String title) {}""");
    JavaFileObject author = source("test.Author", """
        package test;
        import io.denorm.annotations.*;
        @Entity
        public record Author(@PartitionKey String id, String name) {}""");
    JavaFileObject book = source("test.Book", """
        package test;
        import io.denorm.annotations.*;
        @Entity
        public record Book(@PartitionKey String id, @Denormalized(source = Author.class, fields = "name") java.util.List<AuthorName> authors) {}""");
    JavaFileObject snippet = source("test.AuthorName", """
        package test;
        public record AuthorName(String id, String name) {}""");
    JavaFileObject tickets = source("test.TicketDao", """
        package test;
        import io.denorm.annotations.Dao;
        @Dao
        public interface TicketDao {
          void saveAll(java.util.List<Ticket> tickets);
        }""");
    JavaFileObject books = source("test.BookDao", """
        package test;
        import io.denorm.annotations.Dao;
        @Dao
        public interface BookDao {
          java.util.concurrent.CompletionStage<Void> saveAllAsync(Iterable<Book> books);
        }""");
    Compilation c = compile(numbered, author, book, snippet, tickets, books);
    assertThat(c).succeeded();
    for (String backend : new String[] {"Cassandra", "HBase"}) {
      String generated;
      try {
        generated = c.generatedSourceFile("test." + backend + "TicketDao").orElseThrow().getCharContent(true).toString();
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      org.junit.jupiter.api.Assertions.assertTrue(generated.contains("saves.saveAll("), backend + "TicketDao saves through its pipeline");
    }
  }

  /** LOGGED_BATCH has no HBase equivalent: a DAO that HBase would implement is refused, one declared for Cassandra alone compiles. */
  @Test
  void loggedBatchesOnHBase() {
    JavaFileObject e = source("test.Note", """
        package test;
        import io.denorm.annotations.*;
        @Entity(writeMode = WriteMode.LOGGED_BATCH)
        @Index(key = "title")
        public record Note(@PartitionKey String id, String title) {}""");
    JavaFileObject both = source("test.NoteDao", """
        package test;
        import io.denorm.annotations.*;

        @Dao
        public interface NoteDao {
          void save(Note note);
        }""");
    assertThat(compile(e, both)).hadErrorContaining("[denorm:HBaseWriteMode] NoteDao serves Note, which is written with WriteMode.LOGGED_BATCH, "
        + "and HBase has no batch across tables").inFile(both).onLineContaining("interface NoteDao");
    JavaFileObject cassandra = source("test.NoteDao", """
        package test;
        import io.denorm.annotations.*;

        @Dao(stores = Store.CASSANDRA)
        public interface NoteDao {
          void save(Note note);
        }""");
    var compiled = compile(e, cassandra);
    assertThat(compiled).succeeded();
    assertThat(compiled).generatedSourceFile("test.CassandraNoteDao");
    org.junit.jupiter.api.Assertions.assertTrue(compiled.generatedSourceFiles().stream().noneMatch(f -> f.getName().endsWith("HBaseNoteDao.java")),
        "no HBase DAO for a Cassandra-only DAO");
  }

  /** A DAO declared for no store, or only for stores this compilation does not generate, would silently have no implementation. */
  @Test
  void daoForNoStore() {
    JavaFileObject none = source("test.ReadingDao", """
        package test;
        import io.denorm.annotations.*;

        @Dao(stores = {})
        public interface ReadingDao {
          java.util.List<Reading> findBySensorIdAndDay(String sensorId, java.time.LocalDate day);
        }""");
    assertThat(compile(READING, none)).hadErrorContaining("[denorm:DaoStores] ReadingDao is declared for no store (stores = {}), and this compilation generates DAOs for [Cassandra, HBase] only: no implementation of ReadingDao would be generated. Name a store whose runtime is on the classpath")
        .inFile(none).onLineContaining("interface ReadingDao");
  }

  @Test
  void saveAllOfAPath() {
    JavaFileObject e = entity("""
        @Entity
        public record Thing(@PartitionKey String id, @ParentId String parentId, @MaterializedPath String path) {}""");
    JavaFileObject d = source("test.ThingDao", """
        package test;
        import io.denorm.annotations.*;

        @Dao
        public interface ThingDao {
          void save(Thing thing);
          void saveAll(java.util.List<Thing> things);
          java.util.Optional<Thing> findById(String id);
        }""");
    assertThat(compile(e, d)).hadErrorContaining("[denorm:SaveAllSignature] saveAll(List<Thing>): Thing keeps a @MaterializedPath, whose saves read and move other rows of the tree one save at a time, so it has no saveAll: declare save(Thing) and call it for each")
        .inFile(d).onLineContaining("void saveAll(");
  }

  @Test
  void deleteAllOfAPath() {
    JavaFileObject e = entity("""
        @Entity
        public record Thing(@PartitionKey String id, @ParentId String parentId, @MaterializedPath String path) {}""");
    JavaFileObject d = source("test.ThingDao", """
        package test;
        import io.denorm.annotations.*;

        @Dao
        public interface ThingDao {
          void save(Thing thing);
          void deleteAll(java.util.Set<Thing> things);
          java.util.Optional<Thing> findById(String id);
        }""");
    assertThat(compile(e, d)).hadErrorContaining("[denorm:SaveAllSignature] deleteAll(Set<Thing>): Thing keeps a @MaterializedPath, whose deletes are kept in step with the rest of the tree one at a time, so it has no deleteAll: declare delete(Thing) and call it for each")
        .inFile(d).onLineContaining("void deleteAll(");
  }

  @Test
  void insertSignature() {
    JavaFileObject f = dao("void insert(Reading r, Reading previous);");
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:InsertSignature] insert(Reading, Reading): an insert method takes one Reading (a new row: nothing of its stored state is read) and returns void or the Reading as saved (or CompletionStage<Void> or CompletionStage<Reading> when asynchronous); found (Reading, Reading) returning void")
        .inFile(f).onLineContaining("void insert(");
  }

  @Test
  void insertOfAPath() {
    JavaFileObject e = entity("""
        @Entity
        public record Thing(@PartitionKey String id, @ParentId String parentId, @MaterializedPath String path) {}""");
    JavaFileObject d = source("test.ThingDao", """
        package test;
        import io.denorm.annotations.*;

        @Dao
        public interface ThingDao {
          void insert(Thing thing);
          java.util.Optional<Thing> findById(String id);
        }""");
    assertThat(compile(e, d)).hadErrorContaining("[denorm:InsertSignature] insert(Thing): Thing keeps a @MaterializedPath, whose save reads the stored row to move the subtree below it, so it cannot be inserted without that read: declare save(Thing)")
        .inFile(d).onLineContaining("void insert(Thing thing)");
  }

  @Test
  void deleteSignature() {
    JavaFileObject f = dao("int deleteBySensorIdAndDayAndAtAndSeq(String sensorId, LocalDate day, Instant at, int seq);");
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:DeleteSignature] deleteBySensorIdAndDayAndAtAndSeq(String, LocalDate, Instant, int): a delete method returns boolean")
        .inFile(f).onLineContaining("deleteBySensor");
  }

  @Test
  void unknownProperty() {
    JavaFileObject f = dao("List<Reading> findBySensorIdAndDayAndColour(String s, LocalDate d, String c);");
    assertThat(compile(READING, f)).hadErrorContaining(
            "[denorm:UnknownProperty] findBySensorIdAndDayAndColour(String, LocalDate, String): 'colour' is not a stored property of Reading (stored: sensorId, day, at, seq, value, unit)")
        .inFile(f).onLineContaining("findBySensorIdAndDayAndColour");
  }

  @Test
  void finderNamesThatDoNotRead() {
    JavaFileObject none = dao("List<Reading> findBy();");
    assertThat(compile(READING, none)).hadErrorContaining("[denorm:UnknownProperty] findBy(): the name has no criteria after 'By'")
        .inFile(none).onLineContaining("findBy()");
    JavaFileObject empty = dao("List<Reading> findBySensorIdAndAndDay(String sensorId, LocalDate day);");
    assertThat(compile(READING, empty)).hadErrorContaining("[denorm:UnknownProperty] findBySensorIdAndAndDay(String, LocalDate): the name has an empty condition between 'And's")
        .inFile(empty).onLineContaining("findBySensorIdAndAndDay");
    JavaFileObject lower = dao("List<Reading> findBysensorIdAndDay(String sensorId, LocalDate day);");
    assertThat(compile(READING, lower)).hadErrorContaining("[denorm:UnknownProperty] findBysensorIdAndDay(String, LocalDate): the criteria 'sensorIdAndDay' do not read as properties of Reading"
        + " (stored: sensorId, day, at, seq, value, unit) joined by 'And', each optionally followed by Between").inFile(lower).onLineContaining("findBysensorIdAndDay");
  }

  /** A publisher is asynchronous already: it is not wrapped in a CompletionStage. */
  @Test
  void publisherInACompletionStage() {
    JavaFileObject f = dao("java.util.concurrent.CompletionStage<java.util.concurrent.Flow.Publisher<Reading>> findEachBySensorIdAndDayAsync(String s, LocalDate d);");
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:UnsupportedReturnType] findEachBySensorIdAndDayAsync(String, LocalDate) returns ")
        .inFile(f).onLineContaining("findEachBySensorIdAndDayAsync");
    assertThat(compile(READING, f)).hadErrorContaining("Flow.Publisher<Reading> or Page<Reading>, or a CompletionStage of Optional, List or Page");
  }

  @Test
  void transientPropertyCannotBeQueried() {
    JavaFileObject f = dao("List<Reading> findBySensorIdAndDayAndCached(String s, LocalDate d, double c);");
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:UnknownProperty] findBySensorIdAndDayAndCached(String, LocalDate, double): 'cached' is @Transient in Reading and cannot be queried")
        .inFile(f).onLineContaining("findBySensorIdAndDayAndCached");
  }

  @Test
  void unsupportedReturnType() {
    JavaFileObject f = dao("Set<Reading> findBySensorIdAndDay(String s, LocalDate d);");
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:UnsupportedReturnType] findBySensorIdAndDay(String, LocalDate) returns Set<Reading>; a finder returns Optional<Reading>, List<Reading>, Stream<Reading>, Flow.Publisher<Reading> or Page<Reading>, or a CompletionStage of Optional, List or Page")
        .inFile(f).onLineContaining("Set<Reading> findBySensorIdAndDay");
  }

  @Test
  void unservedQueryOnNonKeyColumn() {
    JavaFileObject f = dao("List<Reading> findByUnit(String unit);");
    assertThat(compile(READING, f)).hadErrorContaining(
            "[denorm:UnservedQuery] findByUnit(String): no table of Reading has 'unit' in its key (table readings: partition key (sensorId, day), clustering key (at, seq)); add @Index(name = \"readings_by_unit\", key = \"unit\") to Reading")
        .inFile(f).onLineContaining("findByUnit");
  }

  @Test
  void unservedQueryWithoutWholePartitionKey() {
    JavaFileObject f = dao("List<Reading> findBySensorId(String sensorId);");
    assertThat(compile(READING, f)).hadErrorContaining(
            "[denorm:UnservedQuery] findBySensorId(String): table readings is read one partition at a time and its partition key (sensorId, day), clustering key (at, seq) needs 'day' bound too; add day to the name and the parameters")
        .inFile(f).onLineContaining("findBySensorId(");
  }

  @Test
  void rangeOnPartitionKey() {
    JavaFileObject f = dao("List<Reading> findBySensorIdAndDayAfter(String s, LocalDate d);");
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:RangeOnPartitionKey] findBySensorIdAndDayAfter(String, LocalDate): 'day' is part of the partition key of table readings and can only be compared with '='")
        .inFile(f).onLineContaining("findBySensorIdAndDayAfter");
  }

  @Test
  void rangeNotOnNextClusteringColumn() {
    JavaFileObject f = dao("List<Reading> findBySensorIdAndDayAndSeqGreaterThan(String s, LocalDate d, int seq);");
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:RangeNotOnNextClusteringColumn] findBySensorIdAndDayAndSeqGreaterThan(String, LocalDate, int): condition on 'seq (next is at)' does not follow the clustering order of table readings (at, seq); bind the clustering columns in order with '='")
        .inFile(f).onLineContaining("findBySensorIdAndDayAndSeqGreaterThan");
  }

  @Test
  void equalityAfterAGapInTheClusteringKey() {
    JavaFileObject f = dao("List<Reading> findBySensorIdAndDayAndSeq(String s, LocalDate d, int seq);");
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:RangeNotOnNextClusteringColumn] findBySensorIdAndDayAndSeq(String, LocalDate, int): condition on 'seq without at'")
        .inFile(f).onLineContaining("findBySensorIdAndDayAndSeq");
  }

  @Test
  void conflictingConditions() {
    JavaFileObject f = dao("List<Reading> findBySensorIdAndDayAndAtAfterAndAtGreaterThan(String s, LocalDate d, Instant a, Instant b);");
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:ConflictingConditions] findBySensorIdAndDayAndAtAfterAndAtGreaterThan(String, LocalDate, Instant, Instant): 'at' has conditions that cannot be combined")
        .inFile(f).onLineContaining("findBySensorIdAndDayAndAtAfterAndAtGreaterThan");
  }

  @Test
  void parameterCount() {
    JavaFileObject f = dao("List<Reading> findBySensorIdAndDayAndAtBetween(String s, LocalDate d, Instant from);");
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:ParameterCount] findBySensorIdAndDayAndAtBetween(String, LocalDate, Instant) takes 3 parameter(s) but its name binds 4 value(s); expected (String sensorId, LocalDate day, Instant atFrom, Instant atTo)")
        .inFile(f).onLineContaining("findBySensorIdAndDayAndAtBetween");
  }

  @Test
  void parameterCountWithAPageRequest() {
    JavaFileObject f = dao("Page<Reading> findBySensorIdAndDay(String sensorId, PageRequest page);");
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:ParameterCount] findBySensorIdAndDay(String, PageRequest) takes 2 parameter(s) but its name binds 2 value(s) plus a PageRequest;"
        + " expected (String sensorId, LocalDate day, PageRequest page)").inFile(f).onLineContaining("findBySensorIdAndDay");
  }

  @Test
  void parameterType() {
    JavaFileObject f = dao("List<Reading> findBySensorIdAndDay(String s, String day);");
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:ParameterType] findBySensorIdAndDay(String, String): parameter 'day' is String but 'day' is LocalDate; declare the parameter as LocalDate")
        .inFile(f).onLineContaining("findBySensorIdAndDay(String s, String day)");
  }

  @Test
  void containsOnAFieldThatIsNoCollection() {
    JavaFileObject f = dao("List<Reading> findBySensorIdAndDayAndUnitContains(String sensorId, LocalDate day, String unit);");
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:ParameterType] findBySensorIdAndDayAndUnitContains(String, LocalDate, String): parameter 'unit' is String but 'unit' is String,"
        + " not a List or Set,; declare the parameter as a collection field to use Contains on").inFile(f).onLineContaining("findBySensorIdAndDayAndUnitContains");
  }

  @Test
  void pageOfFindFirst() {
    JavaFileObject f = dao("Page<Reading> findFirst10BySensorIdAndDay(String sensorId, LocalDate day, PageRequest page);");
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:PageRequest] findFirst10BySensorIdAndDay(String, LocalDate, PageRequest): findFirst… reads a fixed number of rows and cannot return a Page")
        .inFile(f).onLineContaining("findFirst10BySensorIdAndDay");
  }

  @Test
  void pageRequestMissing() {
    JavaFileObject f = dao("Page<Reading> findBySensorIdAndDay(String s, LocalDate d);");
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:PageRequest] findBySensorIdAndDay(String, LocalDate): a finder returning Page needs a PageRequest as its last parameter")
        .inFile(f).onLineContaining("Page<Reading> findBySensorIdAndDay");
  }

  @Test
  void pageRequestWithoutPage() {
    JavaFileObject f = dao("List<Reading> findBySensorIdAndDay(String s, LocalDate d, PageRequest p);");
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:PageRequest] findBySensorIdAndDay(String, LocalDate, PageRequest): takes a PageRequest but returns List<Reading>")
        .inFile(f).onLineContaining("findBySensorIdAndDay");
  }

  @Test
  void ambiguousSingleResult() {
    JavaFileObject f = dao("Optional<Reading> findBySensorIdAndDay(String s, LocalDate d);");
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:AmbiguousSingleResult] findBySensorIdAndDay(String, LocalDate) returns Optional<Reading> but (sensorId, day) can match several rows of readings; bind the whole primary key (sensorId, day, at, seq), name it findFirstBy…, or return List, Stream or Page")
        .inFile(f).onLineContaining("Optional<Reading> findBySensorIdAndDay");
  }

  @Test
  void deleteByKeyPrefixIsSynchronous() {
    JavaFileObject f = dao("java.util.concurrent.CompletionStage<Long> deleteBySensorIdAndDayAsync(String s, LocalDate d);");
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:DeleteRange] deleteBySensorIdAndDayAsync(String, LocalDate) deletes every Reading under a key prefix: it returns long (the rows deleted) or void, and is synchronous")
        .inFile(f).onLineContaining("deleteBySensorIdAndDayAsync");
  }

  @Test
  void deleteByKeyPrefixOfTheMasterTableOnly() {
    JavaFileObject f = dao("long deleteByDay(LocalDate d);");
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:DeleteRange] deleteByDay(LocalDate) deletes every Reading under (day), which is not a key prefix of table readings: bind the partition key (sensorId, day) with '=', then clustering fields in key order, the last one maybe a range")
        .inFile(f).onLineContaining("deleteByDay");
  }

  @Test
  void projectionWithAnUnknownComponent() {
    JavaFileObject p = source("test.Value", """
        package test;
        public record Value(java.time.Instant at, double reading) {}
        """);
    JavaFileObject f = dao("List<Value> findValuesBySensorIdAndDay(String s, LocalDate d);");
    assertThat(compile(READING, p, f)).hadErrorContaining("[denorm:Projection] Value, returned by findValuesBySensorIdAndDay(String, LocalDate), has a component 'reading' that is no stored field of Reading; a projection's components name fields of the entity (")
        .inFile(f).onLineContaining("findValuesBySensorIdAndDay");
  }

  @Test
  void projectionWithAComponentOfAnotherType() {
    JavaFileObject p = source("test.Value", """
        package test;
        public record Value(java.time.Instant at, int value) {}
        """);
    JavaFileObject f = dao("List<Value> findValuesBySensorIdAndDay(String s, LocalDate d);");
    assertThat(compile(READING, p, f)).hadErrorContaining("[denorm:Projection] Value: component 'value' is a int, but Reading.value is a double; declare it double (or a supertype)")
        .inFile(f).onLineContaining("findValuesBySensorIdAndDay");
  }

  @Test
  void projectionOfAFieldTheDaoCannotRead() {
    JavaFileObject e = source("test.model.Note", """
        package test.model;
        import io.denorm.annotations.*;

        @Entity public class Note {
          @PartitionKey String id;
          String text;
        }""");
    JavaFileObject p = source("test.NoteText", """
        package test;
        public record NoteText(String text) {}
        """);
    JavaFileObject d = source("test.NoteDao", """
        package test;
        import io.denorm.annotations.*;

        @Dao public interface NoteDao {
          void save(test.model.Note n);
          java.util.Optional<NoteText> findTextById(String id);
        }""");
    assertThat(compile(e, p, d)).hadErrorContaining("[denorm:Projection] NoteText: Note.text is a field findTextById(String) cannot read from the DAO's package; give Note a getter for it, make the field public, or declare the DAO in Note's package")
        .inFile(d).onLineContaining("findTextById");
  }

  // ---- partial updates ------------------------------------------------------------------------

  @Test
  void updateReturnsBooleanOrVoid() {
    JavaFileObject f = dao("long updateUnitBySensorIdAndDayAndAtAndSeq(String s, LocalDate d, Instant at, int seq, String unit);");
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:UpdateSignature] updateUnitBySensorIdAndDayAndAtAndSeq(String, LocalDate, Instant, int, String): an update method returns boolean (whether the row existed and was updated) or void")
        .inFile(f).onLineContaining("updateUnitBy");
  }

  @Test
  void updateBindsTheWholeKey() {
    JavaFileObject f = dao("boolean updateUnitBySensorIdAndDay(String s, LocalDate d, String unit);");
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:UpdateSignature] updateUnitBySensorIdAndDay(String, LocalDate, String) updates one Reading: name its whole primary key after By, with '=' (sensorId, day, at, seq)")
        .inFile(f).onLineContaining("updateUnitBy");
  }

  @Test
  void updateOfAKeyField() {
    JavaFileObject f = dao("boolean updateDayBySensorIdAndDayAndAtAndSeq(String s, LocalDate d, Instant at, int seq, LocalDate day);");
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:UpdateSignature] updateDayBySensorIdAndDayAndAtAndSeq(String, LocalDate, Instant, int, LocalDate): 'day' is part of the key (a row with another key is another row: save it, then delete the old one); an update sets stored fields of Reading that are not part of its key and that its saves write (value, unit)")
        .inFile(f).onLineContaining("updateDayBy");
  }

  @Test
  void updateParameters() {
    JavaFileObject f = dao("boolean updateValueBySensorIdAndDayAndAtAndSeq(String s, LocalDate d, Instant at, int seq, String value);");
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:UpdateSignature] updateValueBySensorIdAndDayAndAtAndSeq(String, LocalDate, Instant, int, String) takes the key values, then one value per field updated: (String sensorId, LocalDate day, Instant at, int seq, double value)")
        .inFile(f).onLineContaining("updateValueBy");
  }

  @Test
  void updateOfFieldsTheDaoCannotReach() {
    JavaFileObject e = source("test.model.Note", """
        package test.model;
        import io.denorm.annotations.*;

        @Entity public class Note {
          @PartitionKey String id;
          String text;
        }""");
    JavaFileObject d = source("test.NoteDao", """
        package test;
        import io.denorm.annotations.*;

        @Dao public interface NoteDao {
          void save(test.model.Note n);
          boolean updateTextById(String id, String text);
        }""");
    assertThat(compile(e, d)).hadErrorContaining("[denorm:UpdateSignature] updateTextById(String, String): Note.id cannot be read or written from the DAO's package (a field, accessor or no-argument constructor that is not public); give Note public getters, setters and constructor, or declare the DAO in Note's package")
        .inFile(d).onLineContaining("updateTextById");
  }

  /** A DAO that updates a @Sequence entity it never saves still gets the sequence its save pipeline assigns from. */
  @Test
  void updateWithoutSaveOfASequencedEntityCompiles() {
    JavaFileObject e = source("test.Msg", """
        package test;
        import io.denorm.annotations.*;

        @Entity public record Msg(@PartitionKey String user, @ClusteringKey @Sequence("msg_id") long id, String subject) {}
        """);
    JavaFileObject d = source("test.MsgDao", """
        package test;
        import io.denorm.annotations.*;

        @Dao public interface MsgDao {
          java.util.Optional<Msg> findByUserAndId(String user, long id);
          boolean updateSubjectByUserAndId(String user, long id, String subject);
        }""");
    assertThat(compile(e, d)).succeeded();
  }

  /** A boxed value for a primitive field would fail to unbox a null inside the update: refused. */
  @Test
  void updateOfAPrimitiveFieldTakesAPrimitive() {
    JavaFileObject f = dao("boolean updateValueBySensorIdAndDayAndAtAndSeq(String s, LocalDate d, Instant at, int seq, Double value);");
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:UpdateSignature] updateValueBySensorIdAndDayAndAtAndSeq(String, LocalDate, Instant, int, Double) takes the key values, then one value per field updated: (String sensorId, LocalDate day, Instant at, int seq, double value)");
  }

  @Test
  void updateOfATree() {
    JavaFileObject e = source("test.Node", """
        package test;
        import io.denorm.annotations.*;

        @Entity public record Node(@PartitionKey String id, @ParentId String parentId, String name, @MaterializedPath String path) {}
        """);
    JavaFileObject d = source("test.NodeDao", """
        package test;
        import io.denorm.annotations.*;

        @Dao public interface NodeDao {
          void save(Node n);
          boolean updateNameById(String id, String name);
        }""");
    assertThat(compile(e, d)).hadErrorContaining("[denorm:UpdateSignature] updateNameById(String, String): Node keeps a @MaterializedPath, whose saves move other rows of the tree; declare save(Node) and save the changed entity")
        .inFile(d).onLineContaining("updateNameById");
  }

  @Test
  void deleteNeedsFullKey() {
    JavaFileObject f = dao("boolean deleteBySensorIdAndDay(String s, LocalDate d);");
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:DeleteNeedsFullKey] deleteBySensorIdAndDay(String, LocalDate) returns whether a row existed, so it must bind the whole primary key of Reading with '=' (sensorId, day, at, seq); found (sensorId, day). To delete every row under a key prefix, return long (the rows deleted) or void")
        .inFile(f).onLineContaining("deleteBySensorIdAndDay");
  }

  @Test
  void invalidLimit() {
    JavaFileObject f = dao("List<Reading> findFirst0BySensorIdAndDay(String s, LocalDate d);");
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:InvalidLimit] findFirst0BySensorIdAndDay(String, LocalDate): the N of findFirstN must be between 1 and 10000")
        .inFile(f).onLineContaining("findFirst0BySensorIdAndDay");
  }

  @Test
  void unservedQueryNamesTheCompositeIndexToAdd() {
    JavaFileObject f = dao("List<Reading> findByUnitAndValueGreaterThan(String unit, double v);");
    assertThat(compile(READING, f)).hadErrorContaining(
            "[denorm:UnservedQuery] findByUnitAndValueGreaterThan(String, double): no table of Reading has 'unit' in its key")
        .inFile(f).onLineContaining("findByUnitAndValueGreaterThan");
    assertThat(compile(READING, f)).hadErrorContaining("add @Index(name = \"readings_by_unit_and_value\", key = {\"unit\", \"value\"}) to Reading");
  }

  @Test
  void containsNeedsAnElementIndex() {
    JavaFileObject e = entity("""
        @Entity public class Thing {
          @PartitionKey String id;
          Set<String> tags;
        }""");
    JavaFileObject d = source("test.ThingDao", """
        package test;
        import java.util.*;
        @io.denorm.annotations.Dao
        public interface ThingDao {
          List<Thing> findByTagsContains(String tag);
        }""");
    assertThat(compile(e, d)).hadErrorContaining("[denorm:UnservedQuery] findByTagsContains(String): no table of Thing has 'tags' in its key (table thing: partition key (id)); add @Index(name = \"thing_by_tags\", key = \"tags\") to Thing")
        .inFile(d).onLineContaining("findByTagsContains");
  }

  @Test
  void containsTakesTheElementType() {
    JavaFileObject e = entity("""
        @Entity @Index(key = "tags") public class Thing {
          @PartitionKey String id;
          Set<String> tags;
        }""");
    JavaFileObject d = source("test.ThingDao", """
        package test;
        import java.util.*;
        @io.denorm.annotations.Dao
        public interface ThingDao {
          List<Thing> findByTagsContains(Set<String> tags);
        }""");
    assertThat(compile(e, d)).hadErrorContaining("[denorm:ParameterType] findByTagsContains(Set<String>): parameter 'tags' is Set<String> but 'tags element' is String; declare the parameter as String")
        .inFile(d).onLineContaining("findByTagsContains");
  }

  @Test
  void hbaseKeyType() {
    JavaFileObject f = entity("""
        @Entity
        public class Thing {
          @PartitionKey String id;
          @ClusteringKey java.math.BigDecimal price;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:HBaseKeyType] 'price' of type java.math.BigDecimal is a key component of table thing, but HBase row keys have no order-preserving encoding for it")
        .inFile(f).onLineContaining("BigDecimal price");
  }

  // ---- consistency ----------------------------------------------------------------------------

  @Test
  void consistencyLevelUnknown() {
    JavaFileObject f = entity("""
        @Consistency(
            level = "LOCAL_QUORUMS")
        @Entity public class Thing {
          @PartitionKey String id;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:Consistency] @Consistency of Thing: level \"LOCAL_QUORUMS\" is not a Cassandra consistency level; give one of")
        .inFile(f).onLineContaining("level = \"LOCAL_QUORUMS\"");
  }

  @Test
  void consistencyAnyServesNoRead() {
    JavaFileObject f = entity("""
        @Consistency(level = "ANY")
        @Entity public class Thing {
          @PartitionKey String id;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:Consistency] @Consistency of Thing: level \"ANY\" serves writes only")
        .inFile(f).onLineContaining("level = \"ANY\"");
  }

  @Test
  void consistencySerialNotSerial() {
    JavaFileObject f = entity("""
        @Consistency(level = "QUORUM",
            serial = "QUORUM")
        @Entity public class Thing {
          @PartitionKey String id;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:Consistency] @Consistency of Thing: serial \"QUORUM\" is not a serial consistency level; give \"SERIAL\" or \"LOCAL_SERIAL\"")
        .inFile(f).onLineContaining("serial = \"QUORUM\"");
  }

  @Test
  void consistencyTimeoutNegative() {
    JavaFileObject f = entity("""
        @Consistency(
            timeoutMillis = -5)
        @Entity public class Thing {
          @PartitionKey String id;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:Consistency] @Consistency of Thing: timeoutMillis is -5; give a positive number of milliseconds")
        .inFile(f).onLineContaining("timeoutMillis = -5");
  }

  @Test
  void consistencyBelowQuorumWarns() {
    JavaFileObject f = entity("""
        @Consistency(level = "ONE")
        @Entity public class Thing {
          @PartitionKey String id;
        }""");
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertThat(c).hadWarningContaining("[denorm:WeakConsistency] @Consistency of Thing reads and writes at ONE, below a quorum: a read can miss an acknowledged write");
  }

  /** @StatementAttributes of a DAO interface is checked as @Consistency is, and reported on the attribute. */
  @Test
  void daoAttributesLevelUnknown() {
    JavaFileObject dao = source("test.ReadingDao", """
        package test;
        import io.denorm.annotations.*;

        @StatementAttributes(
            consistency = "QUORUMS", timeoutMillis = 200)
        @Dao public interface ReadingDao {
          java.util.List<Reading> findBySensorIdAndDay(String sensorId, java.time.LocalDate day);
        }""");
    assertThat(compile(READING, dao)).hadErrorContaining("[denorm:Consistency] @StatementAttributes of ReadingDao: level \"QUORUMS\" is not a Cassandra consistency level")
        .inFile(dao).onLineContaining("consistency = \"QUORUMS\"");
  }

  @Test
  void daoAttributesSerialAndTimeout() {
    JavaFileObject dao = source("test.ReadingDao", """
        package test;
        import io.denorm.annotations.*;

        @StatementAttributes(consistency = "ONE",
            serialConsistency = "ALL",
            timeoutMillis = -1)
        @Dao public interface ReadingDao {
          java.util.List<Reading> findBySensorIdAndDay(String sensorId, java.time.LocalDate day);
        }""");
    Compilation c = compile(READING, dao);
    assertThat(c).hadErrorContaining("[denorm:Consistency] @StatementAttributes of ReadingDao: serial \"ALL\" is not a serial consistency level")
        .inFile(dao).onLineContaining("serialConsistency = \"ALL\"");
    assertThat(c).hadErrorContaining("[denorm:Consistency] @StatementAttributes of ReadingDao: timeoutMillis is -1")
        .inFile(dao).onLineContaining("timeoutMillis = -1");
    assertThat(c).hadWarningContaining("[denorm:WeakConsistency] @StatementAttributes of ReadingDao reads and writes at ONE, below a quorum");
  }

  /**
   * A statement attribute of the other store on a DAO generated for one store only is an error on
   * the attribute; on a DAO of both stores each store takes its own.
   */
  @Test
  void attributeOfAStoreTheDaoIsNotGeneratedFor() {
    JavaFileObject hbaseOnly = source("test.ReadingDao", """
        package test;
        import io.denorm.annotations.*;

        @StatementAttributes(timeoutMillis = 500,
            consistency = "QUORUM")
        @Dao(stores = Store.HBASE) public interface ReadingDao {
          java.util.List<Reading> findBySensorIdAndDay(String sensorId, java.time.LocalDate day);
        }""");
    assertThat(compile(READING, hbaseOnly)).hadErrorContaining("[denorm:AttributeStore] @StatementAttributes of ReadingDao: consistency is Cassandra's, "
        + "and ReadingDao is generated for HBase only").inFile(hbaseOnly).onLineContaining("consistency = \"QUORUM\"");
    JavaFileObject cassandraOnly = source("test.ReadingDao", """
        package test;
        import io.denorm.annotations.*;

        @StatementAttributes(consistency = "QUORUM",
            durability = io.denorm.Attributes.Durability.SYNC_WAL)
        @Dao(stores = Store.CASSANDRA) public interface ReadingDao {
          java.util.List<Reading> findBySensorIdAndDay(String sensorId, java.time.LocalDate day);
        }""");
    assertThat(compile(READING, cassandraOnly)).hadErrorContaining("[denorm:AttributeStore] @StatementAttributes of ReadingDao: durability is HBase's, "
        + "and ReadingDao is generated for Cassandra only").inFile(cassandraOnly).onLineContaining("durability = io.denorm.Attributes.Durability.SYNC_WAL");
    JavaFileObject both = source("test.ReadingDao", """
        package test;
        import io.denorm.annotations.*;

        @StatementAttributes(consistency = "QUORUM", durability = io.denorm.Attributes.Durability.SYNC_WAL)
        @Dao public interface ReadingDao {
          java.util.List<Reading> findBySensorIdAndDay(String sensorId, java.time.LocalDate day);
        }""");
    assertThat(compile(READING, both)).succeeded();
  }

  /** withAttributes must return the DAO interface itself: anything else could not be implemented as another instance of it. */
  @Test
  void withAttributesSignature() {
    JavaFileObject dao = source("test.ReadingDao", """
        package test;
        import io.denorm.annotations.*;

        @Dao public interface ReadingDao {
          java.util.List<Reading> findBySensorIdAndDay(String sensorId, java.time.LocalDate day);

          Object withAttributes(io.denorm.Attributes attributes);
        }""");
    assertThat(compile(READING, dao)).hadErrorContaining("[denorm:WithAttributesSignature] withAttributes(Attributes): withAttributes takes one io.denorm.Attributes and returns ReadingDao, the DAO interface itself")
        .inFile(dao).onLineContaining("Object withAttributes");
  }

  @Test
  void withAttributesGenerated() throws java.io.IOException {
    JavaFileObject dao = source("test.ReadingDao", """
        package test;
        import io.denorm.annotations.*;

        @StatementAttributes(consistency = "QUORUM", timeoutMillis = 1500, durability = io.denorm.Attributes.Durability.ASYNC_WAL)
        @Dao public interface ReadingDao {
          java.util.List<Reading> findBySensorIdAndDay(String sensorId, java.time.LocalDate day);

          ReadingDao withAttributes(io.denorm.Attributes attributes);
        }""");
    Compilation c = compile(READING, dao);
    assertThat(c).succeeded();
    String cassandra = c.generatedSourceFile("test.CassandraReadingDao").orElseThrow().getCharContent(true).toString().replaceAll("\\s+", "");
    org.junit.jupiter.api.Assertions.assertTrue(cassandra.contains("applyAttributes(Attributes.none().withConsistency(Attributes.Level.QUORUM)"
        + ".withTimeout(Duration.ofMillis(1500L)).withDurability(Attributes.Durability.ASYNC_WAL));"), cassandra);
    org.junit.jupiter.api.Assertions.assertTrue(cassandra.contains("CassandraReadingDaoother=withStatementOptions(statementOptions());other.applyAttributes(attributes);"), cassandra);
    assertThat(c).generatedSourceFile("test.HBaseReadingDao").contentsAsUtf8String()
        .contains("other.setAttributes(attributes().overriddenBy(attributes))");
  }

  // ---- time to live ---------------------------------------------------------------------------

  @Test
  void timeToLiveSecondsOutOfRange() {
    JavaFileObject f = entity("""
        @TimeToLive(
            seconds = -3)
        @Entity public class Thing {
          @PartitionKey String id;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:TimeToLive] @TimeToLive of Thing: seconds is -3; give 1 to 630720000 (20 years, Cassandra's limit), or 0 for no default")
        .inFile(f).onLineContaining("seconds = -3");
  }

  /** A unique claim cannot expire with its row: refused, with what to do instead. */
  @Test
  void timeToLiveWithAUniqueIndex() {
    JavaFileObject f = entity("""
        @TimeToLive(seconds = 60)
        @Index(name = "things_by_code", key = "code", unique = true)
        @Entity public class Thing {
          @PartitionKey String id;
          String code;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:TimeToLive] @TimeToLive of Thing: it has a unique index, whose claim would outlive the row"
            + " or let another row take the value while it lives, which an expiring row cannot keep")
        .inFile(f).onLineContaining("@TimeToLive(seconds = 60)");
  }

  @Test
  void timeToLiveWithAVersion() {
    JavaFileObject f = entity("""
        @TimeToLive(seconds = 60)
        @Entity public class Thing {
          @PartitionKey String id;
          @Version long version;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:TimeToLive] @TimeToLive of Thing: it has a @Version, saved by compare-and-set");
  }

  @Test
  void expiringParentHoldingARecentList() {
    JavaFileObject child = source("test.Note", """
        package test;
        import io.denorm.annotations.*;

        @Entity public class Note {
          @PartitionKey String owner;
          @ClusteringKey(value = 0, order = Order.DESC) java.time.Instant at;
          String text;
        }""");
    JavaFileObject parent = source("test.Owner", """
        package test;
        import io.denorm.annotations.*;

        @TimeToLive(seconds = 60)
        @Entity public class Owner {
          @PartitionKey String id;
          @Recent(of = Note.class, by = "owner", limit = 5) java.util.List<Note> latest;
        }""");
    assertThat(compile(child, parent)).hadErrorContaining("[denorm:TimeToLive] @TimeToLive of Owner: it holds a @Recent list, which its children's saves write without the row's expiry")
        .inFile(parent).onLineContaining("@TimeToLive(seconds = 60)");
  }

  @Test
  void recentListOfAnExpiringChild() {
    JavaFileObject child = source("test.Note", """
        package test;
        import io.denorm.annotations.*;

        @TimeToLive(seconds = 60)
        @Entity public class Note {
          @PartitionKey String owner;
          @ClusteringKey(value = 0, order = Order.DESC) java.time.Instant at;
          String text;
        }""");
    JavaFileObject parent = source("test.Owner", """
        package test;
        import io.denorm.annotations.*;

        @Entity public class Owner {
          @PartitionKey String id;
          @Recent(of = Note.class, by = "owner", limit = 5) java.util.List<Note> latest;
        }""");
    assertThat(compile(child, parent)).hadErrorContaining("[denorm:TimeToLive] @Recent on 'latest' of Owner lists Note, which is @TimeToLive: the list would keep expired rows")
        .inFile(parent).onLineContaining("java.util.List<Note> latest");
  }

  // ---- salt -----------------------------------------------------------------------------------

  @Test
  void saltBuckets() {
    JavaFileObject f = entity("""
        @Entity(salt = @Salt(buckets = 300, on = "id"))
        public class Thing {
          @PartitionKey String id;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:SaltBuckets] @Salt of Thing has buckets = 300; the salt is one leading byte of the HBase row key: give 2 to 256 buckets")
        .inFile(f).onLineContaining("@Entity(salt");
  }

  @Test
  void saltWithoutFields() {
    JavaFileObject f = entity("""
        @Entity(salt = @Salt(buckets = 16))
        public class Thing {
          @PartitionKey String id;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:SaltFields] @Salt of Thing: on is empty, so nothing picks the bucket; name leading fields of the key in key order (partition key, then clustering key), e.g. on = {\"id\"}")
        .inFile(f).onLineContaining("@Entity(salt");
  }

  @Test
  void saltOnAFieldOutsideTheKey() {
    JavaFileObject f = entity("""
        @Entity(salt = @Salt(buckets = 16, on = "owner"))
        public class Thing {
          @PartitionKey String id;
          String owner;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:SaltFields] @Salt of Thing: 'owner' is not part of the key (id)")
        .inFile(f).onLineContaining("@Entity(salt");
  }

  @Test
  void saltSkippingTheLeadingKeyField() {
    JavaFileObject f = entity("""
        @Entity(salt = @Salt(buckets = 16, on = "at"))
        public class Thing {
          @PartitionKey String id;
          @ClusteringKey java.time.Instant at;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:SaltFields] @Salt of Thing: 'at' is at position 1 of the key (id, at), not 0")
        .inFile(f).onLineContaining("@Entity(salt");
  }

  @Test
  void saltOnAnUnknownField() {
    JavaFileObject f = entity("""
        @Entity(salt = @Salt(buckets = 16, on = {"id", "nope"}))
        public class Thing {
          @PartitionKey String id;
          @ClusteringKey java.time.Instant at;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:SaltFields] @Salt of Thing: 'nope' is not a stored field of Thing")
        .inFile(f).onLineContaining("@Entity(salt");
  }

  // ---- indexes --------------------------------------------------------------------------------

  @Test
  void indexField() {
    JavaFileObject f = entity("""
        @Entity
        @Index(name = "thing_by_colour", key = "colour")
        public class Thing {
          @PartitionKey String id;
          String color;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:IndexField] @Index thing_by_colour: 'colour' is not a stored field of Thing (stored: id, color)")
        .inFile(f).onLineContaining("@Index(name = \"thing_by_colour\"");
  }

  @Test
  void indexKeysNamedTwiceIncludedTwiceEmbeddedBinaryOrTwoCollections() {
    JavaFileObject f = entity("""
        @Entity(table = "things")
        @Index(name = "things_by_lines", key = "lines")
        @Index(name = "things_by_name_twice", key = {"name", "name"})
        @Index(name = "things_by_photo", key = "photo")
        @Index(name = "things_by_tags_and_codes", key = {"tags", "codes"})
        @Index(name = "things_by_name", key = "name", include = {"name"})
        public class Thing {
          @PartitionKey String id;
          String name;
          byte[] photo;
          Set<String> tags;
          Set<String> codes;
          @SuppressWarnings("denorm:EmbeddedCollection") List<Line> lines;
          record Line(String sku, int qty) {}
        }""");
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining("[denorm:IndexKeyType] @Index things_by_lines: key field 'lines' of type java.util.List<test.Thing.Line> holds embedded objects; index fields of them, e.g. \"lines.sku\"")
        .inFile(f).onLineContaining("public class Thing");
    assertThat(c).hadErrorContaining("[denorm:IndexField] @Index things_by_name_twice: 'name' is named twice in the key")
        .inFile(f).onLineContaining("public class Thing");
    assertThat(c).hadErrorContaining("[denorm:IndexKeyType] @Index things_by_photo: key field 'photo' of type byte[] is a byte array; binary values cannot key an index")
        .inFile(f).onLineContaining("public class Thing");
    assertThat(c).hadErrorContaining("[denorm:IndexKeyType] @Index things_by_tags_and_codes: key field 'codes' of type collection is the second collection in the key")
        .inFile(f).onLineContaining("public class Thing");
    assertThat(c).hadErrorContaining("[denorm:IndexField] @Index things_by_name: 'name' is included but every index row carries it already as a key column")
        .inFile(f).onLineContaining("public class Thing");
  }

  @Test
  void indexFieldThatIsThePrimaryKey() {
    JavaFileObject f = entity("""
        @Entity
        @Index(name = "thing_by_owner", key = {"owner", "id"})
        public class Thing {
          @PartitionKey String id;
          String owner;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:IndexField] @Index thing_by_owner: 'id' is part of the primary key of thing, which every index row carries already")
        .inFile(f).onLineContaining("@Index(name = \"thing_by_owner\"");
  }

  @Test
  void indexKeyType() {
    JavaFileObject f = entity("""
        @Entity
        @Index(name = "thing_by_attrs", key = "attrs")
        public class Thing {
          @PartitionKey String id;
          Map<String, String> attrs;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:IndexKeyType] @Index thing_by_attrs: key field 'attrs' of type java.util.Map<java.lang.String,java.lang.String> is a map; index a field, or the elements of a List or Set")
        .inFile(f).onLineContaining("@Index(name = \"thing_by_attrs\"");
  }

  /** Of several @Index annotations, the faulty one is named in the message, reported on the entity. */
  @Test
  void indexKeyTypeAmongSeveralIndexes() {
    JavaFileObject f = entity("""
        @Entity
        @Index(name = "thing_by_owner", key = "owner")
        @Index(name = "thing_by_tags", key = "tags", unique = true)
        public class Thing {
          @PartitionKey String id;
          String owner;
          Set<String> tags;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:IndexKeyType] @Index thing_by_tags: key field 'tags' of type java.util.Set<java.lang.String> is a collection; a unique index takes single values")
        .inFile(f).onLineContaining("public class Thing");
  }

  @Test
  void indexPartition() {
    JavaFileObject f = entity("""
        @Entity
        @Index(name = "thing_by_place", key = {"state", "city"}, partition = 3)
        public class Thing {
          @PartitionKey String id;
          String state, city;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:IndexPartition] @Index thing_by_place: partition = 3 but the key has 2 field(s); the partition key takes 1 to 2 of them")
        .inFile(f).onLineContaining("partition = 3");
  }

  @Test
  void indexNameClashesWithATable() {
    JavaFileObject f = entity("""
        @Entity(table = "things")
        @Index(name = "things", key = "owner")
        public class Thing {
          @PartitionKey String id;
          String owner;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:DuplicateTable] test.Thing and its @Index are both stored in table 'things'")
        .inFile(f).onLineContaining("@Index(name = \"things\"");
  }

  // ---- what does compile ----------------------------------------------------------------------

  @Test
  void aValidDaoCompilesWithoutWarnings() {
    JavaFileObject f = dao("""
        Optional<Reading> findBySensorIdAndDayAndAtAndSeq(String s, LocalDate d, Instant at, int seq);
          List<Reading> findBySensorIdAndDayAndAt(String s, LocalDate d, Instant at);
          Stream<Reading> findBySensorIdAndDayAndAtAfterAndAtBefore(String s, LocalDate d, Instant a, Instant b);
          Page<Reading> findBySensorIdAndDay(String s, LocalDate d, PageRequest page);
          CompletionStage<Boolean> deleteBySensorIdAndDayAndAtAndSeqAsync(String s, LocalDate d, Instant at, Integer seq);""");
    Compilation c = compile(READING, f);
    assertThat(c).succeededWithoutWarnings();
    assertThat(c).generatedSourceFile("test.CassandraReadingDao");
    assertThat(c).generatedSourceFile("test.CassandraReadingMapper");
  }

  @Test
  void anInvalidEntityGetsNoGeneratedCodeButNoCrash() {
    JavaFileObject f = entity("@Entity public class Thing { String name; }");
    Compilation c = compile(f);
    assertThat(c).failed();
    org.junit.jupiter.api.Assertions.assertEquals(1, c.errors().size(), c.errors().toString());
    assertThat(c).hadErrorContaining("[denorm:NoPartitionKey]");
  }

  @Test
  void versionOfAnotherType() {
    JavaFileObject f = entity("""
        @Entity
        public class Thing {
          @PartitionKey String id;
          @Version int version;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:VersionField] @Version field 'version' of Thing is int; declare it as long (0 until the first save)")
        .inFile(f).onLineContaining("@Version int version");
  }

  @Test
  void versionOnARecord() {
    JavaFileObject f = entity("""
        @Entity
        public record Thing(@PartitionKey String id, @Version long version) {}""");
    assertThat(compile(f)).hadErrorContaining("[denorm:VersionField] @Version field 'version' of Thing is a record component, which a save cannot set to the new version; make Thing a class")
        .inFile(f).onLineContaining("record Thing");
  }

  @Test
  void versionInTheKey() {
    JavaFileObject f = entity("""
        @Entity
        public class Thing {
          @PartitionKey String id;
          @ClusteringKey @Version long version;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:VersionField] @Version field 'version' of Thing is part of the key, which a save cannot change")
        .inFile(f).onLineContaining("@ClusteringKey @Version long version");
  }

  @Test
  void versionWithLoggedBatches() {
    JavaFileObject f = entity("""
        @Entity(writeMode = WriteMode.LOGGED_BATCH)
        @Index(name = "things_by_name", key = "name")
        public class Thing {
          @PartitionKey String id;
          String name;
          @Version long version;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:VersionField] @Version field 'version' of Thing is on an entity written with WriteMode.LOGGED_BATCH")
        .inFile(f).onLineContaining("@Version long version");
  }

  @Test
  void twoVersions() {
    JavaFileObject f = entity("""
        @Entity
        public class Thing {
          @PartitionKey String id;
          @Version long version;
          @Version long revision;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:VersionTwice] Thing has two @Version fields, 'version' and 'revision'; one version guards the whole aggregate: remove one")
        .inFile(f).onLineContaining("@Version long revision");
  }

  @Test
  void referenceToANonEntity() {
    JavaFileObject f = entity("""
        @Entity
        public class Thing {
          @PartitionKey String id;
          @Reference(String.class) List<String> ownerIds;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:ReferenceTarget] @Reference on 'ownerIds' of Thing: String is not an @Entity; reference an @Entity class, or embed String instead")
        .inFile(f).onLineContaining("List<String> ownerIds");
  }

  @Test
  void referenceToACompositeKey() {
    JavaFileObject f = entity("""
        @Entity
        public class Thing {
          @PartitionKey String id;
          @Reference(Other.class) List<String> otherIds;
        }

        @Entity
        class Other {
          @PartitionKey String a;
          @ClusteringKey String b;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:ReferenceTarget] @Reference on 'otherIds' of Thing: Other has a key of 2 columns (a, b), and a reference holds one id")
        .inFile(f).onLineContaining("List<String> otherIds");
  }

  @Test
  void referenceIdsOfTheWrongType() {
    JavaFileObject f = entity("""
        @Entity
        public class Thing {
          @PartitionKey String id;
          @Reference(Other.class) List<Long> otherIds;
        }

        @Entity
        class Other {
          @PartitionKey String id;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:ReferenceField] @Reference on 'otherIds' of Thing holds ids of type bigint, but Other is keyed by 'id' of type java.lang.String; hold java.lang.String ids")
        .inFile(f).onLineContaining("List<Long> otherIds");
  }

  @Test
  void referenceFieldsThatHoldNoIds() {
    JavaFileObject f = entity("""
        @Entity
        public class Thing {
          @PartitionKey String id;
          @Reference(value = Other.class, field = "id") List<String> flat;
          @Reference(Other.class) List<Line> lines;
          @Reference(Other.class) Map<String, String> byName;
        }

        record Line(String otherId) {}

        @Entity
        class Other {
          @PartitionKey String id;
        }""");
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining("[denorm:ReferenceField] @Reference on 'flat' of Thing names field = \"id\" but is not a List or Set of embedded objects")
        .inFile(f).onLineContaining("List<String> flat");
    assertThat(c).hadErrorContaining("[denorm:ReferenceField] @Reference on 'lines' of Thing holds embedded objects; name the field of each that holds the Other id")
        .inFile(f).onLineContaining("List<Line> lines");
    assertThat(c).hadErrorContaining("[denorm:ReferenceField] @Reference on 'byName' of Thing holds java.util.Map<java.lang.String,java.lang.String>, but Other is keyed by 'id' of type"
        + " java.lang.String; hold java.lang.String ids (one, or a List or Set of them)").inFile(f).onLineContaining("Map<String, String> byName");
  }

  @Test
  void referenceFieldTheElementsDoNotHave() {
    JavaFileObject f = entity("""
        @Entity
        public class Thing {
          @PartitionKey String id;
          @Reference(value = Other.class, field = "otherId") List<Line> lines;
        }

        record Line(String other, long count) {}

        @Entity
        class Other {
          @PartitionKey String id;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:ReferenceField] @Reference on 'lines' of Thing names field = \"otherId\", which its elements do not have (they have other, count)")
        .inFile(f).onLineContaining("List<Line> lines");
  }

  @Test
  void loadMethodsThatJoinNothingOrReturnTheWrongShape() {
    JavaFileObject f = entity("""
        @Entity
        public class Thing {
          @PartitionKey String id;
          @Reference(Other.class) List<String> otherIds;
          @Reference(Other.class) String bestId;
        }

        @Entity
        class Other {
          @PartitionKey String id;
        }

        @Entity
        class Plain {
          @PartitionKey String id;
        }

        @Dao
        interface ThingDao {
          void save(Thing t);
          Map<String, Other> loadNothing(Thing t);
          Set<Other> loadOtherIds(Thing t);
          java.util.concurrent.CompletionStage<Set<Other>> loadOtherIdsAsync(Thing t);
          Set<Other> loadBestId(Thing t);
          java.util.concurrent.CompletionStage<Set<Other>> loadBestIdAsync(Thing t);
        }

        @Dao
        interface PlainDao {
          void save(Plain p);
          Map<String, Other> loadOthers(Plain p);
        }""");
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining("[denorm:LoadMethod] loadNothing(Thing): 'nothing' is not a @Reference field of Thing; name one: loadOtherIds, loadBestId")
        .inFile(f).onLineContaining("loadNothing");
    assertThat(c).hadErrorContaining("[denorm:LoadMethod] loadOtherIds(Thing): a join of 'otherIds' returns Map<Id, Other>, List<Other> (or a CompletionStage of one)")
        .inFile(f).onLineContaining("Set<Other> loadOtherIds(");
    assertThat(c).hadErrorContaining("[denorm:LoadMethod] loadOtherIdsAsync(Thing): a join of 'otherIds' returns Map<Id, Other>, List<Other> in a CompletionStage")
        .inFile(f).onLineContaining("loadOtherIdsAsync");
    assertThat(c).hadErrorContaining("[denorm:LoadMethod] loadBestId(Thing): a join of 'bestId' returns Map<Id, Other>, List<Other> or Optional<Other> (or a CompletionStage of one)")
        .inFile(f).onLineContaining("Set<Other> loadBestId(");
    assertThat(c).hadErrorContaining("[denorm:LoadMethod] loadBestIdAsync(Thing): a join of 'bestId' returns Map<Id, Other>, List<Other> or Optional<Other> in a CompletionStage")
        .inFile(f).onLineContaining("loadBestIdAsync");
    assertThat(c).hadErrorContaining("[denorm:LoadMethod] loadOthers(Plain): Plain has no @Reference field to join")
        .inFile(f).onLineContaining("loadOthers(Plain p)");
  }

  @Test
  void loadOfAFieldThatIsNoReference() {
    JavaFileObject f = entity("""
        @Entity
        public class Thing {
          @PartitionKey String id;
          @Reference(Other.class) List<String> otherIds;
        }

        @Entity
        class Other {
          @PartitionKey String id;
        }

        @Dao
        interface ThingDao {
          void save(Thing t);
          Map<String, Other> loadOthers(Thing t);
          Optional<Other> loadOtherIds(Thing t);
        }""");
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining("[denorm:LoadMethod] loadOtherIds(Thing): 'otherIds' holds many ids, so the join returns Map<Id, Other> or List<Other>, not Optional")
        .inFile(f).onLineContaining("Optional<Other> loadOtherIds");
    assertThat(c).hadErrorCount(1); // loadOthers finds otherIds by the type it returns
  }

  @Test
  void anEmbeddedListWithoutABoundIsAdvisedAgainst() {
    JavaFileObject f = entity("""
        @Entity
        public class Thing {
          @PartitionKey String id;
          List<Line> lines;
        }

        record Line(String text, long count) {}""");
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertThat(c).hadWarningContaining("[denorm:EmbeddedCollection] 'lines' of Thing embeds a List of Line with no bound, and all of it is read and rewritten with every Thing; embed it when it stays small")
        .inFile(f).onLineContaining("List<Line> lines");
  }

  @Test
  void aReferenceListIsAdvisedAgainstUnlessSaidToBeSmall() {
    JavaFileObject f = entity("""
        @Entity
        public class Thing {
          @PartitionKey String id;
          @Reference(Other.class) Set<String> otherIds;
          @SuppressWarnings("denorm:ReferenceCollection") @Reference(Other.class) List<String> fewOtherIds;
        }

        @Entity
        class Other {
          @PartitionKey String id;
        }""");
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertThat(c).hadWarningContaining("[denorm:ReferenceCollection] 'otherIds' of Thing holds a Set of Other ids that can grow without bound, and the whole list is rewritten with every change; when it is unbounded (a publisher's books), drop it, hold the Thing id in Other instead and @Index it")
        .inFile(f).onLineContaining("Set<String> otherIds");
    assertThat(c).hadWarningCount(1);
  }

  @Test
  void countsThatCannotBeKept() {
    JavaFileObject f = entity("""
        @Entity
        public class Thing {
          @PartitionKey String id;
          @Count(of = Other.class, by = "thingId") int others;
          @Count(of = Other.class, by = "missing") long missing;
          @Count(of = Other.class, by = "name") long byName;
          @Count(of = Batched.class, by = "thingId") long batched;
          @Count(of = Other.class, by = "thingId") long others2;
        }

        @Entity
        class Other {
          @PartitionKey String id;
          String name;
          @Reference(Thing.class) String thingId;
        }

        @Entity(writeMode = WriteMode.LOGGED_BATCH)
        class Batched {
          @PartitionKey String id;
          @Reference(Thing.class) List<String> thingId;
        }""");
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining("[denorm:Count] @Count on 'others' of Thing is a int; a count is a long: declare it long")
        .inFile(f).onLineContaining("int others;");
    assertThat(c).hadErrorContaining("[denorm:Count] @Count on 'missing' of Thing has by = \"missing\", which Other does not have; annotate the field of Other holding Thing ids"
        + " with @Reference(Thing.class) (or @Denormalized(source = Thing.class, …)) and name it in by")
        .inFile(f).onLineContaining("long missing;");
    assertThat(c).hadErrorContaining("[denorm:Count] @Count on 'byName' of Thing has by = \"name\", but Other.name is not a @Reference or @Denormalized to Thing")
        .inFile(f).onLineContaining("long byName;");
    assertThat(c).hadErrorContaining("[denorm:Count] @Count on 'batched' of Thing is kept by Batched, which is saved in logged batches, and the memberships of a count are compare-and-set writes")
        .inFile(f).onLineContaining("long batched;");
    assertThat(c).hadErrorContaining("[denorm:Count] @Count on 'others2' of Thing counts the same Other rows as 'others' (by = \"thingId\"); keep one of them")
        .inFile(f).onLineContaining("long others2;");
    assertThat(c).hadErrorCount(5);
  }

  @Test
  void countsOnAKeyAVersionOrANonEntity() {
    JavaFileObject f = entity("""
        @Entity
        public class Thing {
          @PartitionKey String id;
          @Version @Count(of = Other.class, by = "thingId") long versioned;
          @Count(of = Plain.class, by = "thingId") long plain;
        }

        @Entity
        class Keyed {
          @PartitionKey @Count(of = Other.class, by = "keyedId") long id;
        }

        @Entity
        class Other {
          @PartitionKey String id;
          @Reference(Thing.class) String thingId;
          @Reference(Keyed.class) Long keyedId;
        }

        class Plain {
          String thingId;
        }""");
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining("[denorm:Count] @Count on 'versioned' of Thing is also the @Version; Denorm writes a count on its own: make it a plain field")
        .inFile(f).onLineContaining("long versioned;");
    assertThat(c).hadErrorContaining("[denorm:Count] @Count on 'plain' of Thing counts Plain, which is not an @Entity; count rows of an @Entity")
        .inFile(f).onLineContaining("long plain;");
    assertThat(c).hadErrorContaining("[denorm:Count] @Count on 'id' of Keyed is also a key component; Denorm writes a count on its own: make it a plain field")
        .inFile(f).onLineContaining("by = \"keyedId\") long id;");
  }

  @Test
  void inverseSidesThatCannotBeKept() {
    JavaFileObject f = entity("""
        @Entity
        public class Thing {
          @PartitionKey String id;
          @References(value = Other.class, mappedBy = "thingIds") Set<Long> wrongType;
          @References(value = Other.class, mappedBy = "thingId") Set<String> oneId;
          @References(value = Other.class, mappedBy = "name") Set<String> byName;
          @References(value = Other.class, mappedBy = "thingIds") Set<String> fine;
        }

        @Entity
        class Other {
          @PartitionKey String id;
          String name;
          @Reference(Thing.class) String thingId;
          @SuppressWarnings("denorm:ReferenceCollection") @Reference(Thing.class) Set<String> thingIds;
        }""");
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining("[denorm:References] @References on 'wrongType' of Thing is a java.util.Set<java.lang.Long>; hold the Other ids in a Set<java.lang.String> (or a List<java.lang.String>)")
        .inFile(f).onLineContaining("Set<Long> wrongType;");
    assertThat(c).hadErrorContaining("[denorm:References] @References on 'oneId' of Thing has mappedBy = \"thingId\", but Other.thingId holds one Thing id, and a many-to-many needs a List or Set of them")
        .inFile(f).onLineContaining("Set<String> oneId;");
    assertThat(c).hadErrorContaining("[denorm:References] @References on 'byName' of Thing has mappedBy = \"name\", but Other.name is not a @Reference or @Denormalized to Thing;"
        + " annotate the field of Other holding Thing ids with @Reference(Thing.class) (or @Denormalized(source = Thing.class, …)) and name it in mappedBy")
        .inFile(f).onLineContaining("Set<String> byName;");
    assertThat(c).hadErrorCount(3);
  }

  @Test
  void inverseSidesOnMaintainedFieldsNonEntitiesAndWideKeys() {
    JavaFileObject f = entity("""
        @Entity
        public class Thing {
          @PartitionKey String id;
          @Reference(Other.class) @References(value = Other.class, mappedBy = "thingIds") Set<String> both;
          @References(value = Plain.class, mappedBy = "thingIds") Set<String> plain;
          @References(value = Pair.class, mappedBy = "thingIds") Set<String> pairs;
          @References(value = Other.class, mappedBy = "nope") Set<String> missing;
          @References(value = Batched.class, mappedBy = "thingIds") Set<String> batched;
        }

        @Entity
        class Wide {
          @PartitionKey String a;
          @ClusteringKey String b;
          @References(value = Other.class, mappedBy = "wideIds") Set<String> others;
        }

        @Entity
        class Other {
          @PartitionKey String id;
          @SuppressWarnings("denorm:ReferenceCollection") @Reference(Thing.class) Set<String> thingIds;
          @SuppressWarnings("denorm:ReferenceCollection") @Reference(Wide.class) Set<String> wideIds;
        }

        @Entity(writeMode = WriteMode.LOGGED_BATCH)
        class Batched {
          @PartitionKey String id;
          @SuppressWarnings("denorm:ReferenceCollection") @Reference(Thing.class) Set<String> thingIds;
        }

        @Entity
        class Pair {
          @PartitionKey String a;
          @ClusteringKey String b;
        }

        class Plain {
          String id;
        }""");
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining("[denorm:References] @References on 'both' of Thing is also a key, a version, a count or a reference; Denorm keeps an inverse side on its own")
        .inFile(f).onLineContaining("Set<String> both;");
    assertThat(c).hadErrorContaining("[denorm:References] @References on 'plain' of Thing names Plain, which is not an @Entity")
        .inFile(f).onLineContaining("Set<String> plain;");
    assertThat(c).hadErrorContaining("[denorm:References] @References on 'pairs' of Thing names Pair, which has a key of 2 columns; a many-to-many holds ids of an entity keyed by one @PartitionKey")
        .inFile(f).onLineContaining("Set<String> pairs;");
    assertThat(c).hadErrorContaining("[denorm:References] @References on 'missing' of Thing has mappedBy = \"nope\", which Other does not have; annotate the field of Other holding Thing ids")
        .inFile(f).onLineContaining("Set<String> missing;");
    assertThat(c).hadErrorContaining("[denorm:References] @References on 'batched' of Thing is kept by Batched, which is saved in logged batches, and the memberships of a inverse side are"
        + " compare-and-set writes").inFile(f).onLineContaining("Set<String> batched;");
    assertThat(c).hadErrorContaining("[denorm:References] @References on 'others' of Wide cannot be kept: Wide has a key of 2 columns, and Other.wideIds holds one id per Wide")
        .inFile(f).onLineContaining("Set<String> others;");
  }

  @Test
  void recentListsThatCannotBeKept() {
    JavaFileObject f = entity("""
        @Entity
        public class Thing {
          @PartitionKey String id;
          @Recent(of = Note.class, by = "thingId", limit = 3) List<String> wrongType;
          @Recent(of = Note.class, by = "thingId", limit = 500) List<Note> tooMany;
          @Recent(of = Note.class, by = "other", limit = 3) List<Note> wrongBy;
          @Recent(of = Loose.class, by = "thingId", limit = 3) List<Loose> ascending;
          @Recent(of = Note.class, by = "thingId", limit = 3) List<Note> fine;
        }

        @Entity
        record Note(@PartitionKey String thingId, @ClusteringKey(order = Order.DESC) long seq, String other) {}

        @Entity
        record Loose(@PartitionKey String thingId, @ClusteringKey long seq) {}""");
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining("[denorm:Recent] @Recent on 'wrongType' of Thing is a java.util.List<java.lang.String>; declare it List<Note>")
        .inFile(f).onLineContaining("List<String> wrongType;");
    assertThat(c).hadErrorContaining("[denorm:Recent] @Recent on 'tooMany' of Thing has limit = 500; the list lives in every Thing row: keep 1 to 100")
        .inFile(f).onLineContaining("List<Note> tooMany;");
    assertThat(c).hadErrorContaining("[denorm:Recent] @Recent on 'wrongBy' of Thing has by = \"other\"; Note must be partitioned by that field alone")
        .inFile(f).onLineContaining("List<Note> wrongBy;");
    assertThat(c).hadErrorContaining("[denorm:Recent] @Recent on 'ascending' of Thing needs Loose to have a first clustering key in descending order")
        .inFile(f).onLineContaining("List<Loose> ascending;");
    assertThat(c).hadErrorCount(4);
  }

  @Test
  void recentListsOfNonEntitiesOnKeysWideKeysOrOfAnotherIdType() {
    JavaFileObject f = entity("""
        @Entity
        public class Thing {
          @PartitionKey String id;
          @Recent(of = Plain.class, by = "thingId", limit = 3) List<Plain> plain;
          @Recent(of = LongNote.class, by = "thingId", limit = 3) List<LongNote> longNotes;
        }

        @Entity
        record LongNote(@PartitionKey long thingId, @ClusteringKey(order = Order.DESC) long seq) {}

        @Entity
        class Keyed {
          @PartitionKey @Recent(of = Note.class, by = "thingId", limit = 3) List<Note> notes;
        }

        @Entity
        class Wide {
          @PartitionKey String a;
          @ClusteringKey String b;
          @Recent(of = Note.class, by = "thingId", limit = 3) List<Note> wideNotes;
        }

        @Entity
        record Note(@PartitionKey String thingId, @ClusteringKey(order = Order.DESC) long seq) {}

        class Plain {
          String thingId;
        }""");
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining("[denorm:Recent] @Recent on 'plain' of Thing lists Plain, which is not an @Entity")
        .inFile(f).onLineContaining("List<Plain> plain;");
    assertThat(c).hadErrorContaining("[denorm:Recent] @Recent on 'longNotes' of Thing has by = \"thingId\" of type long, but Thing is keyed by java.lang.String")
        .inFile(f).onLineContaining("List<LongNote> longNotes;");
    assertThat(c).hadErrorContaining("[denorm:Recent] @Recent on 'notes' of Keyed is also a key, a count or an inverse side: make it a plain List field")
        .inFile(f).onLineContaining("@PartitionKey @Recent");
    assertThat(c).hadErrorContaining("[denorm:Recent] @Recent on 'wideNotes' of Wide cannot be kept: Wide has a key of 2 columns, and a Note names its parent by one id")
        .inFile(f).onLineContaining("List<Note> wideNotes;");
  }

  @Test
  void bucketsThatCannotSplitAPartition() {
    JavaFileObject f = entity("""
        @Entity
        public record Thing(@PartitionKey String postId, @PartitionKey(1) @Bucket(field = "seq", size = 1) long bucket,
            @ClusteringKey(order = Order.DESC) long seq) {}

        @Entity
        record First(@PartitionKey @Bucket(field = "seq", size = 100) long bucket, @ClusteringKey long seq) {}

        @Entity
        record NoSequence(@PartitionKey String postId, @PartitionKey(1) @Bucket(field = "text", size = 100) long bucket,
            @ClusteringKey long seq, String text) {}""");
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining("[denorm:Bucket] @Bucket on 'bucket' of Thing has size = 1; a bucket holds 2 or more rows")
        .inFile(f).onLineContaining("record Thing(");
    assertThat(c).hadErrorContaining("[denorm:Bucket] @Bucket on 'bucket' of First must be the last @PartitionKey component after the parent's id (e.g. @PartitionKey String postId")
        .inFile(f).onLineContaining("record First(");
    assertThat(c).hadErrorContaining("[denorm:Bucket] @Bucket on 'bucket' of NoSequence is computed from 'text', a java.lang.String; a bucket by count is computed from a long sequence number")
        .inFile(f).onLineContaining("record NoSequence(");
    assertThat(c).hadErrorCount(3);
  }

  @Test
  void bucketsOfTheWrongTypeTwiceFromNoOtherFieldOrOutOfPlace() {
    JavaFileObject f = entity("""
        @Entity
        public record Thing(@PartitionKey String postId, @PartitionKey(1) @Bucket(field = "seq", size = 100) int bucket,
            @ClusteringKey(order = Order.DESC) long seq) {}

        @Entity
        record Twice(@PartitionKey String postId, @PartitionKey(1) @Bucket(field = "seq", size = 100) long bucket,
            @ClusteringKey(order = Order.DESC) long seq, @Bucket(field = "seq", size = 10) long other) {}

        @Entity
        record ByTime(@PartitionKey String userId, @PartitionKey(1) @Bucket(field = "sent", unit = java.time.temporal.ChronoUnit.DAYS) long day,
            @ClusteringKey(order = Order.DESC) Instant sentAt) {}

        @Entity
        record ByCount(@PartitionKey String postId, @PartitionKey(1) @Bucket(field = "bucket", size = 100) long bucket,
            @ClusteringKey(order = Order.DESC) long seq) {}

        @Entity
        record Solo(@PartitionKey @Bucket(field = "sentAt", unit = java.time.temporal.ChronoUnit.DAYS) long day,
            @ClusteringKey(order = Order.DESC) Instant sentAt) {}

        @Entity
        record AscendingCount(@PartitionKey String postId, @PartitionKey(1) @Bucket(field = "seq", size = 100) long bucket,
            @ClusteringKey long seq) {}""");
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining("[denorm:Bucket] @Bucket on 'bucket' of Thing is a int; a bucket number is a long")
        .inFile(f).onLineContaining("record Thing(");
    assertThat(c).hadErrorContaining("[denorm:Bucket] @Bucket on 'other' of Twice is the second bucket of the entity; one bucket splits a partition: remove one")
        .inFile(f).onLineContaining("record Twice(");
    assertThat(c).hadErrorContaining("[denorm:Bucket] @Bucket on 'day' of ByTime has field = \"sent\", which is not another stored field of ByTime; name the Instant the bucket is computed from")
        .inFile(f).onLineContaining("record ByTime(");
    assertThat(c).hadErrorContaining("[denorm:Bucket] @Bucket on 'bucket' of ByCount has field = \"bucket\", which is not another stored field of ByCount; name the long sequence number")
        .inFile(f).onLineContaining("record ByCount(");
    assertThat(c).hadErrorContaining("[denorm:Bucket] @Bucket on 'day' of Solo must be the last @PartitionKey component after the parent's id (e.g. @PartitionKey String userId")
        .inFile(f).onLineContaining("record Solo(");
    assertThat(c).hadErrorContaining("[denorm:Bucket] @Bucket on 'bucket' of AscendingCount is computed from 'seq', which must be the first @ClusteringKey, stored newest first,"
        + " so that buckets and the rows in them read in one order: declare @ClusteringKey(order = Order.DESC) on 'seq' (e.g. @PartitionKey String postId")
        .inFile(f).onLineContaining("record AscendingCount(");
  }

  @Test
  void sequencesThatCannotAssignIds() {
    JavaFileObject f = entity("""
        @Entity
        public record Thing(@PartitionKey String userId, @ClusteringKey @Sequence("thing_id") int id) {}

        @Entity
        record Unnamed(@PartitionKey @Sequence("") long id) {}

        @Entity
        record NoBlock(@PartitionKey @Sequence(value = "n", block = 0) long id) {}

        @Entity
        record Twice(@PartitionKey @Sequence("a") long id, @Sequence("b") long other) {}

        @Entity
        class Versioned {
          @PartitionKey String id;
          @Version @Sequence("v") long version;
        }""");
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining("[denorm:Sequence] @Sequence on 'id' of Thing is a int; a sequence assigns long ids (0 meaning \"not assigned yet\"): declare it long")
        .inFile(f).onLineContaining("record Thing(");
    assertThat(c).hadErrorContaining("[denorm:Sequence] @Sequence on 'id' of Unnamed has no name; name the sequence (@Sequence(\"message_id\"))")
        .inFile(f).onLineContaining("record Unnamed(");
    assertThat(c).hadErrorContaining("[denorm:Sequence] @Sequence on 'id' of NoBlock has block = 0; a DAO reserves at least 1 id at a time")
        .inFile(f).onLineContaining("record NoBlock(");
    assertThat(c).hadErrorContaining("[denorm:Sequence] @Sequence on 'other' of Twice is the second sequence of the entity (after 'id'); a save assigns one id: remove one")
        .inFile(f).onLineContaining("record Twice(");
    assertThat(c).hadErrorContaining("[denorm:Sequence] @Sequence on 'version' of Versioned is also a @Version, @Bucket, @Count or other maintained field")
        .inFile(f).onLineContaining("@Version @Sequence");
    assertThat(c).hadErrorCount(5);
  }

  @Test
  void aSequenceWithoutASetter() {
    JavaFileObject f = entity("""
        @Entity
        public class Thing {
          @PartitionKey String userId;
          @ClusteringKey @Sequence("thing_id") private long id;
          public long getId() { return id; }
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:Sequence] @Sequence on 'id' of Thing has no setter or writable field, so a save cannot set the id it assigns; add a setter")
        .inFile(f).onLineContaining("private long id;");
  }

  @Test
  void neighbourFindersTheKeyCannotServe() {
    JavaFileObject entity = entity("""
        @Entity
        public record Thing(@PartitionKey String userId, @ClusteringKey @Sequence("thing_id") long id, @ClusteringKey(1) long part) {}

        @Entity
        record Plain(@PartitionKey String userId, @ClusteringKey long id) {}

        @Entity
        record Global(@PartitionKey @Sequence("global_id") long id) {}""");
    JavaFileObject dao = source("test.ThingDao", """
        package test;

        import io.denorm.annotations.Dao;
        import java.util.List;
        import java.util.Optional;

        @Dao
        public interface ThingDao {
          Optional<Thing> findPrevious(String userId, long id, long part);
          List<Thing> findNextThings(String userId);
        }

        @Dao
        interface PlainDao {
          Optional<Plain> findNext(String userId, long id);
        }

        @Dao
        interface GlobalDao {
          Optional<Global> findNext(long id);
        }
        """);
    JavaFileObject shapes = source("test.ShapesDao", """
        package test;

        import io.denorm.annotations.Dao;
        import java.util.List;
        import java.util.Optional;

        @Entity
        record Msg(@io.denorm.annotations.PartitionKey String userId, @io.denorm.annotations.ClusteringKey @io.denorm.annotations.Sequence("m") long id) {}

        @Dao
        interface ShapesDao {
          List<Msg> findPrevious(String userId, long id);
          Optional<Msg> findNext(String userId);
          Optional<Msg> findPrevious(String userId, String id);
        }
        """.replace("@Entity", "@io.denorm.annotations.Entity"));
    Compilation c = compile(entity, dao, shapes);
    assertThat(c).hadErrorContaining("[denorm:NeighborFinder] findPrevious(String, long, long): the @Sequence field 'id' of Thing is not its last @ClusteringKey")
        .inFile(dao).onLineContaining("findPrevious(String userId, long id, long part)");
    assertThat(c).hadErrorContaining("[denorm:NeighborFinder] findNext(String, long): Plain has no @Sequence field, so there is no id order to step through")
        .inFile(dao).onLineContaining("Optional<Plain> findNext");
    assertThat(c).hadErrorContaining("[denorm:NeighborFinder] findNext(long): the @Sequence field 'id' of Global is not its last @ClusteringKey, so its neighbours are not stored next to it")
        .inFile(dao).onLineContaining("Optional<Global> findNext");
    assertThat(c).hadErrorContaining("findNextThings")
        .inFile(dao).onLineContaining("findNextThings");
    assertThat(c).hadErrorContaining("[denorm:NeighborFinder] findPrevious(String, long): returns List<Msg>; findPrevious returns Optional<Msg> (empty at the end), or CompletionStage<Optional<Msg>> when asynchronous")
        .inFile(shapes).onLineContaining("List<Msg> findPrevious");
    assertThat(c).hadErrorContaining("[denorm:ParameterCount] findNext(String) takes 1 parameter(s) but its name binds 2 value(s) (the primary key of Msg); expected (String userId, long id)")
        .inFile(shapes).onLineContaining("findNext(String userId);");
    assertThat(c).hadErrorContaining("[denorm:ParameterType]")
        .inFile(shapes).onLineContaining("String id);");
    assertThat(c).hadErrorCount(7);
  }

  @Test
  void timeBucketsThatCannotSplitAPartition() {
    JavaFileObject f = entity("""
        @Entity
        public record Thing(@PartitionKey String userId, @PartitionKey(1) @Bucket(field = "sentAt", unit = java.time.temporal.ChronoUnit.MINUTES) long day,
            @ClusteringKey(order = Order.DESC) Instant sentAt) {}

        @Entity
        record Both(@PartitionKey String userId, @PartitionKey(1) @Bucket(field = "sentAt", unit = java.time.temporal.ChronoUnit.DAYS, size = 10) long day,
            @ClusteringKey(order = Order.DESC) Instant sentAt) {}

        @Entity
        record NotATime(@PartitionKey String userId, @PartitionKey(1) @Bucket(field = "sentAt", unit = java.time.temporal.ChronoUnit.DAYS) long day,
            @ClusteringKey(order = Order.DESC) LocalDate sentAt) {}

        @Entity
        record Ascending(@PartitionKey String userId, @PartitionKey(1) @Bucket(field = "sentAt", unit = java.time.temporal.ChronoUnit.DAYS) long day,
            @ClusteringKey Instant sentAt) {}

        @Entity
        record NotClustering(@PartitionKey String userId, @PartitionKey(1) @Bucket(field = "sentAt", unit = java.time.temporal.ChronoUnit.DAYS) long day,
            @ClusteringKey long id, Instant sentAt) {}""");
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining("[denorm:Bucket] @Bucket on 'day' of Thing has unit = MINUTES; a time bucket is HOURS, DAYS, MONTHS or YEARS")
        .inFile(f).onLineContaining("record Thing(");
    assertThat(c).hadErrorContaining("[denorm:Bucket] @Bucket on 'day' of Both has both unit = DAYS and size = 10; a bucket is by time (unit) or by count (size): remove one")
        .inFile(f).onLineContaining("record Both(");
    assertThat(c).hadErrorContaining("[denorm:Bucket] @Bucket on 'day' of NotATime is computed from 'sentAt', a java.time.LocalDate; a bucket by time is computed from an Instant")
        .inFile(f).onLineContaining("record NotATime(");
    assertThat(c).hadErrorContaining("[denorm:Bucket] @Bucket on 'day' of Ascending is computed from 'sentAt', which must be the first @ClusteringKey, stored newest first,"
        + " so that buckets and the rows in them read in one order: declare @ClusteringKey(order = Order.DESC) on 'sentAt' (e.g. @PartitionKey String userId")
        .inFile(f).onLineContaining("record Ascending(");
    assertThat(c).hadErrorContaining("[denorm:Bucket] @Bucket on 'day' of NotClustering is computed from 'sentAt', which must be the first @ClusteringKey")
        .inFile(f).onLineContaining("record NotClustering(");
    assertThat(c).hadErrorCount(5);
  }

  @Test
  void anOrderByNoWalkCanServe() {
    JavaFileObject entity = entity("""
        @Entity
        public record Thing(@PartitionKey String userId, @PartitionKey(1) @Bucket(field = "sentAt", unit = java.time.temporal.ChronoUnit.DAYS) long day,
            @ClusteringKey(order = Order.DESC) Instant sentAt, String subject) {}

        @Entity
        record Flat(@PartitionKey String userId, @ClusteringKey(order = Order.DESC) Instant sentAt) {}""");
    JavaFileObject dao = source("test.ThingDao", """
        package test;

        import io.denorm.Page;
        import io.denorm.PageRequest;
        import io.denorm.annotations.Dao;
        import java.time.Instant;
        import java.util.List;

        @Dao
        public interface ThingDao {
          List<Thing> findByUserIdOrderBySubjectAsc(String userId);
          List<Thing> findByUserIdAndDayOrderBySentAtAsc(String userId, long day);
          Page<Thing> findByUserIdAndSentAtBeforeOrderBySentAtAsc(String userId, Instant before, PageRequest page);
        }

        @Dao
        interface FlatDao {
          List<Flat> findByUserIdOrderBySentAtAsc(String userId);
        }
        """);
    Compilation c = compile(entity, dao);
    assertThat(c).hadErrorContaining("[denorm:OrderBy] findByUserIdOrderBySubjectAsc(String): a walk of the buckets of Thing is ordered by 'sentAt', the field @Bucket is computed from, not by 'subject'")
        .inFile(dao).onLineContaining("findByUserIdOrderBySubjectAsc");
    assertThat(c).hadErrorContaining("[denorm:OrderBy] findByUserIdAndDayOrderBySentAtAsc(String, long): OrderBySentAtAsc orders a walk of the buckets of Thing, which binds exactly userId and at most one range of 'sentAt'; name those criteria (e.g")
        .inFile(dao).onLineContaining("findByUserIdAndDayOrderBySentAtAsc");
    assertThat(c).hadErrorContaining("[denorm:OrderBy] findByUserIdOrderBySentAtAsc(String): Flat has no @Bucket, so there is no walk whose direction OrderBySentAtAsc could choose: the rows of a partition come back in its clustering order")
        .inFile(dao).onLineContaining("List<Flat> findByUserIdOrderBySentAtAsc");
    assertThat(c).hadErrorCount(3);
  }

  @Test
  void geoIndexesThatCannotHashAPosition() {
    JavaFileObject f = entity("""
        @Entity
        @GeoIndex(name = "things_by_geo", lat = "latitude", lon = "lon")
        public record Thing(@PartitionKey String id, double lat, double lon) {}

        @Entity
        @GeoIndex(name = "strings_by_geo", lat = "lat", lon = "lon")
        record Strings(@PartitionKey String id, String lat, double lon) {}

        @Entity
        @GeoIndex(name = "fine_by_geo", lat = "lat", lon = "lon", precision = 13)
        record TooFine(@PartitionKey String id, double lat, double lon) {}

        @Entity
        @GeoIndex(name = "wide_by_geo", lat = "lat", lon = "lon", precision = 4, partitionLength = 5)
        record WidePartition(@PartitionKey String id, Double lat, Double lon) {}""");
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining("[denorm:GeoIndex] @GeoIndex things_by_geo: lat = \"latitude\" is not a stored field of Thing (stored: id, lat, lon); name the latitude field (@GeoIndex(name = \"things_by_geo\"")
        .inFile(f).onLineContaining("lat = \"latitude\"");
    assertThat(c).hadErrorContaining("[denorm:GeoIndex] @GeoIndex strings_by_geo: lat = \"lat\" is a java.lang.String; a position is in degrees as double")
        .inFile(f).onLineContaining("strings_by_geo");
    assertThat(c).hadErrorContaining("[denorm:GeoIndex] @GeoIndex fine_by_geo: precision = 13; a geohash has 1 to 12 characters")
        .inFile(f).onLineContaining("precision = 13");
    assertThat(c).hadErrorContaining("[denorm:GeoIndex] @GeoIndex wide_by_geo: partitionLength = 5; the partition key is the first 1 to 4 (the precision) characters")
        .inFile(f).onLineContaining("partitionLength = 5");
    assertThat(c).hadErrorCount(4);
  }

  @Test
  void aGeoIndexWithAnUnknownLongitude() {
    JavaFileObject f = entity("""
        @Entity
        @GeoIndex(name = "things_by_geo", lat = "lat", lon = "longitude")
        public record Thing(@PartitionKey String id, double lat, double lon) {}""");
    assertThat(compile(f)).hadErrorContaining("[denorm:GeoIndex] @GeoIndex things_by_geo: lon = \"longitude\" is not a stored field of Thing (stored: id, lat, lon); name the longitude field")
        .inFile(f).onLineContaining("lon = \"longitude\"");
  }

  @Test
  void geoFindersWithoutAGeoIndex() {
    JavaFileObject entity = entity("""
        @Entity
        @GeoIndex(name = "things_by_geo", lat = "lat", lon = "lon")
        public record Thing(@PartitionKey String id, double lat, double lon) {}

        @Entity
        record Flat(@PartitionKey String id, double lat, double lon) {}""");
    JavaFileObject dao = source("test.ThingDao", """
        package test;

        import io.denorm.annotations.Dao;
        import io.denorm.geo.GeoBox;
        import java.util.List;
        import java.util.Optional;

        @Dao
        public interface ThingDao {
          Optional<Thing> findNear(double lat, double lon, double radiusMeters);
          List<Thing> findWithin(double south, double west, double north, double east);
          List<Thing> findNear(double lat, double lon, int radiusMeters);
        }

        @Dao
        interface FlatDao {
          List<Flat> findNear(double lat, double lon, double radiusMeters);
        }
        """);
    Compilation c = compile(entity, dao);
    assertThat(c).hadErrorContaining("[denorm:GeoFinder] findNear(double, double, double): returns Optional<Thing>; findNear returns List<Thing> (nearest first), or CompletionStage<List<Thing>> when asynchronous")
        .inFile(dao).onLineContaining("Optional<Thing> findNear");
    assertThat(c).hadErrorContaining("[denorm:GeoFinder] findWithin(double, double, double, double): findWithin takes one io.denorm.geo.GeoBox")
        .inFile(dao).onLineContaining("findWithin(double south");
    assertThat(c).hadErrorContaining("[denorm:GeoFinder] findNear(double, double, int): findNear takes (double lat, double lon, double radiusMeters)")
        .inFile(dao).onLineContaining("int radiusMeters");
    assertThat(c).hadErrorContaining("[denorm:GeoFinder] findNear(double, double, double): Flat has no @GeoIndex, so no table holds its rows by position and a search would scan them all; annotate Flat with @GeoIndex(name = \"flat_by_geo\"")
        .inFile(dao).onLineContaining("List<Flat> findNear");
    assertThat(c).hadErrorCount(4);
  }

  @Test
  void distinctCountsThatCannotCount() {
    JavaFileObject f = entity("""
        @Entity
        @CountDistinct(name = "unique_visitors", group = "website", distinct = "userId")
        public record Thing(@PartitionKey String userId, @ClusteringKey Instant at, String site) {}

        @Entity
        @CountDistinct(name = "tags_seen", group = "site", distinct = "tags")
        record Tagged(@PartitionKey String userId, String site, Set<String> tags) {}

        @Entity
        @CountDistinct(name = "self", group = "site", distinct = "site")
        record Same(@PartitionKey String userId, String site) {}

        @Entity(table = "visits")
        @CountDistinct(name = "visits", group = "site", distinct = "userId")
        record Clash(@PartitionKey String userId, String site) {}""");
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining("[denorm:CountDistinct] @CountDistinct unique_visitors: group = \"website\" is not a stored field of Thing (stored: userId, at, site); name one (@CountDistinct(name = \"unique_visitors\"")
        .inFile(f).onLineContaining("group = \"website\"");
    assertThat(c).hadErrorContaining("[denorm:CountDistinct] @CountDistinct tags_seen: distinct = \"tags\" is a java.util.Set<java.lang.String>, which cannot key the pairs table")
        .inFile(f).onLineContaining("tags_seen");
    assertThat(c).hadErrorContaining("[denorm:CountDistinct] @CountDistinct self: group and distinct are both 'site', so every count would be 1")
        .inFile(f).onLineContaining("name = \"self\"");
    assertThat(c).hadErrorContaining("[denorm:CountDistinct] @CountDistinct visits: name is the name of another table of Clash; give the count a name of its own (unique_visitors)")
        .inFile(f).onLineContaining("name = \"visits\"");
    assertThat(c).hadErrorCount(4);
  }

  @Test
  void aDistinctCountWithABadName() {
    JavaFileObject f = entity("""
        @Entity
        @CountDistinct(name = "bad-name", group = "site", distinct = "userId")
        public record Thing(@PartitionKey String userId, String site) {}""");
    assertThat(compile(f)).hadErrorContaining("[denorm:CountDistinct] @CountDistinct bad-name: name is not a table name: use letters, digits and '_', starting with a letter,"
        + " at most 40 characters (table bad-name_members holds the pairs)").inFile(f).onLineContaining("bad-name");
  }

  @Test
  void distinctCountMethodsOfTheWrongShape() {
    JavaFileObject entity = entity("""
        @Entity
        @CountDistinct(name = "unique_visitors", group = "site", distinct = "userId")
        public record Thing(@PartitionKey String userId, @ClusteringKey Instant at, String site) {}""");
    JavaFileObject dao = source("test.ThingDao", """
        package test;

        import io.denorm.annotations.Dao;

        @Dao
        public interface ThingDao {
          void save(Thing thing);
          int uniqueVisitors(String site);
          long recountUniqueVisitors(long site);
        }
        """);
    Compilation c = compile(entity, dao);
    assertThat(c).hadErrorContaining("[denorm:DistinctCountMethod] uniqueVisitors(String): reads the count of one site of @CountDistinct unique_visitors: declare it long uniqueVisitors(String site)")
        .inFile(dao).onLineContaining("int uniqueVisitors");
    assertThat(c).hadErrorContaining("[denorm:DistinctCountMethod] recountUniqueVisitors(long): recounts the count of one site")
        .inFile(dao).onLineContaining("recountUniqueVisitors");
    assertThat(c).hadErrorCount(2);
  }

  @Test
  void idFindersNoIndexServesInOrder() {
    JavaFileObject entity = entity("""
        @Entity
        @Index(name = "things_by_city_and_age", key = {"city", "age"})
        @Index(name = "things_by_email", key = "email", unique = true)
        public record Thing(@PartitionKey String id, String city, int age, String email, String name) {}

        @Entity
        record Pair(@PartitionKey String a, @ClusteringKey String b, String city) {}""");
    JavaFileObject dao = source("test.ThingDao", """
        package test;

        import io.denorm.annotations.Dao;
        import java.util.Collection;
        import java.util.List;
        import java.util.Optional;
        import java.util.stream.Stream;

        @Dao
        public interface ThingDao {
          void save(Thing thing);
          Stream<String> findIdsByName(String name);
          Stream<String> findIdsByCity(String city);
          Stream<String> findIdsByEmail(String email);
          Stream<Thing> findIdsByCityAndAge(String city, int age);
          List<Thing> findAllById(List<Long> ids);
        }

        @Dao
        interface PairDao {
          void save(Pair pair);
          List<Pair> findAllById(Collection<String> ids);
        }
        """);
    Compilation c = compile(entity, dao);
    assertThat(c).hadErrorContaining("[denorm:IdsFinder] findIdsByName(String): no index table of Thing is keyed by exactly these criteria, so there are no ids to read in order; declare @Index(key = {\"name\"}) on Thing")
        .inFile(dao).onLineContaining("findIdsByName");
    assertThat(c).hadErrorContaining("[denorm:IdsFinder] findIdsByCity(String): index things_by_city_and_age serves these criteria, but its ids come out sorted only when every field of its key (city, age) is bound with '='; bind them all")
        .inFile(dao).onLineContaining("findIdsByCity(");
    assertThat(c).hadErrorContaining("[denorm:IdsFinder] findIdsByEmail(String): index things_by_email serves these criteria, but its ids come out sorted only when every field of its key (email) is bound with '=' and the index is not unique")
        .inFile(dao).onLineContaining("findIdsByEmail");
    assertThat(c).hadErrorContaining("[denorm:IdsFinder] findIdsByCityAndAge(String, int): returns Stream<Thing>; findIdsBy… returns Stream<String> (read lazily, page by page) or List<String>, synchronously")
        .inFile(dao).onLineContaining("findIdsByCityAndAge");
    assertThat(c).hadErrorContaining("[denorm:FindAllById] findAllById(List<Long>): declare it List<Thing> findAllById(Collection<String> ids) (or CompletionStage<List<Thing>> findAllByIdAsync)")
        .inFile(dao).onLineContaining("findAllById(List<Long>");
    assertThat(c).hadErrorContaining("[denorm:FindAllById] findAllById(Collection<String>): Pair has a key of 2 columns; findAllById reads rows by one-column ids")
        .inFile(dao).onLineContaining("List<Pair> findAllById");
    assertThat(c).hadErrorCount(6);
  }

  @Test
  void idsFinderOverACompositeKey() {
    JavaFileObject f = dao("List<String> findIdsBySensorId(String sensorId);");
    assertThat(compile(READING, f)).hadErrorContaining("[denorm:IdsFinder] findIdsBySensorId(String): Reading is keyed by java.lang.String sensorId, java.time.LocalDate day, java.time.Instant at, int seq;"
        + " ids to intersect are one String, long or int key column").inFile(f).onLineContaining("findIdsBySensorId");
  }

  @Test
  void aTreeIsStoredAsJsonAndWarnsOfItsSize() {
    JavaFileObject f = entity("""
        @Entity
        public record Thing(@PartitionKey String id, Node root) {}

        @Entity
        record AsJson(@PartitionKey String id, @Column(json = true) List<Node> nodes) {}

        @Entity
        record Small(@PartitionKey String id, @Column(json = true) @SuppressWarnings("denorm:TreeAggregate") Node root) {}

        record Node(String name, List<Node> children) {}""");
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining("[denorm:UnmappableType] 'root' of type test.Node cannot be stored: test.Node contains itself, a tree whose depth no user-defined type or column family can follow; store the whole tree as one JSON value with @Column(json = true)")
        .inFile(f).onLineContaining("record Thing(");
    assertThat(c).hadErrorCount(1);
    assertThat(c).hadWarningContaining("[denorm:TreeAggregate] 'nodes' of AsJson holds a tree of Node with no bound on its depth or size, stored as one JSON value and read and rewritten whole with every save of the AsJson; keep it for a tree read whole and changed rarely (a post's comment thread, under a few hundred KB), give each Node its own @Entity with @ParentId otherwise")
        .inFile(f).onLineContaining("record AsJson(");
    assertThat(c).hadWarningCount(1);
  }

  @Test
  void parentsThatCannotMakeATree() {
    JavaFileObject f = entity("""
        @Entity
        public record Thing(@PartitionKey String id, @ParentId long parentId) {}

        @Entity
        record Pair(@PartitionKey String a, @ClusteringKey String b, @ParentId String parentId) {}

        @Entity
        record Twice(@PartitionKey String id, @ParentId String parentId, @ParentId String otherParent) {}""");
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining("[denorm:ParentId] @ParentId on 'parentId' of Thing is a long, but the ids of Thing are java.lang.String; declare it java.lang.String (null for a root)")
        .inFile(f).onLineContaining("record Thing(");
    assertThat(c).hadErrorContaining("[denorm:ParentId] @ParentId on 'parentId' of Pair names a parent, but Pair is keyed by 2 columns; a node is named by one id")
        .inFile(f).onLineContaining("record Pair(");
    assertThat(c).hadErrorContaining("[denorm:ParentId] @ParentId on 'otherParent' of Twice is the second parent of the entity (after 'parentId')")
        .inFile(f).onLineContaining("record Twice(");
    assertThat(c).hadErrorCount(3);
  }

  @Test
  void aParentIdThatIsTheKey() {
    JavaFileObject f = entity("""
        @Entity
        public record Thing(@PartitionKey @ParentId String id, String name) {}""");
    assertThat(compile(f)).hadErrorContaining("[denorm:ParentId] @ParentId on 'id' of Thing is part of the key; the parent is a field of its own")
        .inFile(f).onLineContaining("record Thing(");
  }

  @Test
  void treeFindersWithoutAParent() {
    JavaFileObject entity = entity("""
        @Entity
        public record Thing(@PartitionKey String id, @ParentId String parentId) {}

        @Entity
        record Flat(@PartitionKey String id, String parentId) {}""");
    JavaFileObject dao = source("test.ThingDao", """
        package test;

        import io.denorm.annotations.Dao;
        import java.util.List;
        import java.util.Optional;

        @Dao
        public interface ThingDao {
          Optional<Thing> findChildren(String id);
          List<Thing> findSubtree(String id);
        }

        @Dao
        interface FlatDao {
          List<Flat> findChildren(String id);
        }
        """);
    Compilation c = compile(entity, dao);
    assertThat(c).hadErrorContaining("[denorm:TreeFinder] findChildren(String): returns Optional<Thing>; findChildren returns List<Thing>, or CompletionStage<List<Thing>> when asynchronous")
        .inFile(dao).onLineContaining("Optional<Thing> findChildren");
    assertThat(c).hadErrorContaining("[denorm:TreeFinder] findSubtree(String): findSubtree takes (String id, int maxDepth)")
        .inFile(dao).onLineContaining("findSubtree");
    assertThat(c).hadErrorContaining("[denorm:TreeFinder] findChildren(String): Flat has no @ParentId field, so no index holds its nodes by parent")
        .inFile(dao).onLineContaining("List<Flat> findChildren");
    assertThat(c).hadErrorCount(3);
  }

  @Test
  void treeFindersOfTheWrongShape() {
    JavaFileObject entity = entity("""
        @Entity
        public record Thing(@PartitionKey String id, @ParentId String parentId, @MaterializedPath String path) {}

        @Entity
        @NestedSet(name = "nested_leaves")
        record Nested(@PartitionKey String id, @ParentId String parentId) {}

        @Entity
        record Flat(@PartitionKey String id, @ParentId String parentId) {}""");
    JavaFileObject dao = source("test.ThingDao", """
        package test;

        import io.denorm.annotations.Dao;
        import java.util.List;
        import java.util.Optional;

        @Dao
        public interface ThingDao {
          Optional<Thing> findDescendants(String id);
          List<Thing> findDescendants(long id);
          List<Thing> findChildren(long id);
        }

        @Dao
        interface NestedDao {
          List<Nested> findLeaves(long id);
        }

        @Dao
        interface FlatDao {
          void save(Flat flat);
          long countLeaves(String id);
        }
        """);
    Compilation c = compile(entity, dao);
    assertThat(c).hadErrorContaining("[denorm:TreeFinder] findDescendants(String): returns Optional<Thing>; findDescendants returns List<Thing>")
        .inFile(dao).onLineContaining("Optional<Thing> findDescendants");
    assertThat(c).hadErrorContaining("[denorm:TreeFinder] findDescendants(long): findDescendants takes (String id)")
        .inFile(dao).onLineContaining("findDescendants(long id)");
    assertThat(c).hadErrorContaining("[denorm:TreeFinder] findChildren(long): findChildren takes (String id)")
        .inFile(dao).onLineContaining("findChildren(long id)");
    assertThat(c).hadErrorContaining("[denorm:TreeFinder] findLeaves(long): findLeaves takes (String id)")
        .inFile(dao).onLineContaining("findLeaves(long id)");
    assertThat(c).hadErrorContaining("[denorm:TreeFinder] countLeaves(String): Flat has no @NestedSet, so there is no numbering of its leaves; annotate Flat @NestedSet(name = \"...\")"
        + " next to its @ParentId").inFile(dao).onLineContaining("countLeaves");
  }

  @Test
  void materializedPathsThatCannotBeKept() {
    JavaFileObject f = entity("""
        @Entity
        public record Thing(@PartitionKey String id, @ParentId String parentId, @MaterializedPath List<String> path) {}

        @Entity
        record NoParent(@PartitionKey String id, @MaterializedPath String path) {}

        @Entity
        record NumberIds(@PartitionKey long id, @ParentId Long parentId, @MaterializedPath String path) {}""");
    JavaFileObject dao = source("test.FlatDao", """
        package test;

        import io.denorm.annotations.Dao;
        import io.denorm.annotations.Entity;
        import io.denorm.annotations.ParentId;
        import io.denorm.annotations.PartitionKey;
        import java.util.List;

        @Entity
        record Flat(@PartitionKey String id, @ParentId String parentId) {}

        @Dao
        interface FlatDao {
          List<Flat> findDescendants(String id);
        }
        """);
    Compilation c = compile(f, dao);
    assertThat(c).hadErrorContaining("[denorm:MaterializedPath] @MaterializedPath on 'path' of Thing is a java.util.List<java.lang.String>; a path is a regular String field")
        .inFile(f).onLineContaining("record Thing(");
    assertThat(c).hadErrorContaining("[denorm:MaterializedPath] @MaterializedPath on 'path' of NoParent needs the parent it extends: add a @ParentId field")
        .inFile(f).onLineContaining("record NoParent(");
    assertThat(c).hadErrorContaining("[denorm:MaterializedPath] @MaterializedPath on 'path' of NumberIds joins ids as text, so NumberIds needs one String key column (@PartitionKey String id, @ParentId String parentId, @MaterializedPath String path)")
        .inFile(f).onLineContaining("record NumberIds(");
    assertThat(c).hadErrorContaining("[denorm:TreeFinder] findDescendants(String): Flat has no @MaterializedPath, so its descendants are not under one prefix")
        .inFile(dao).onLineContaining("findDescendants");
    assertThat(c).hadErrorCount(4);
  }

  @Test
  void materializedPathsTwiceInTheKeyOrWithoutASetter() {
    JavaFileObject f = entity("""
        @Entity
        public record Thing(@PartitionKey String id, @ParentId String parentId, @MaterializedPath String path, @MaterializedPath String path2) {}

        @Entity
        record InKey(@PartitionKey @MaterializedPath String path, @ParentId String parentId) {}

        @Entity
        class NoSetter {
          @PartitionKey String id;
          @ParentId String parentId;
          @MaterializedPath private String path;
          public String getPath() { return path; }
        }""");
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining("[denorm:MaterializedPath] @MaterializedPath on 'path2' of Thing is the second path of the entity; remove one")
        .inFile(f).onLineContaining("record Thing(");
    assertThat(c).hadErrorContaining("[denorm:MaterializedPath] @MaterializedPath on 'path' of InKey is a java.lang.String key field; a path is a regular String field")
        .inFile(f).onLineContaining("record InKey(");
    assertThat(c).hadErrorContaining("[denorm:MaterializedPath] @MaterializedPath on 'path' of NoSetter has no setter or writable field for the path a save computes; add a setter")
        .inFile(f).onLineContaining("@MaterializedPath private String path;");
  }

  @Test
  void nestedSetsThatCannotBeNumbered() {
    JavaFileObject f = entity("""
        @Entity
        @NestedSet(name = "thing_leaves")
        public record Thing(@PartitionKey String id, String name) {}

        @Entity
        @NestedSet(name = "long_leaves")
        record LongIds(@PartitionKey long id, @ParentId Long parentId) {}

        @Entity
        @NestedSet(name = "bad-name")
        record BadName(@PartitionKey String id, @ParentId String parentId) {}

        @Entity
        @NestedSet(name = "missing_order_leaves", order = "title")
        record MissingOrder(@PartitionKey String id, @ParentId String parentId, String name) {}

        @Entity
        @NestedSet(name = "list_order_leaves", order = "tags")
        record ListOrder(@PartitionKey String id, @ParentId String parentId, List<String> tags) {}

        @Entity(table = "clash")
        @NestedSet(name = "clash")
        record Clash(@PartitionKey String id, @ParentId String parentId) {}""");
    JavaFileObject dao = source("test.FlatDao", """
        package test;

        import io.denorm.annotations.Dao;
        import io.denorm.annotations.Entity;
        import io.denorm.annotations.NestedSet;
        import io.denorm.annotations.ParentId;
        import io.denorm.annotations.PartitionKey;
        import java.util.List;
        import java.util.Optional;

        @Entity
        record Flat(@PartitionKey String id, @ParentId String parentId) {}

        @Entity
        @NestedSet(name = "nested_leaves")
        record Nested(@PartitionKey String id, @ParentId String parentId) {}

        @Dao
        interface FlatDao {
          List<Flat> findLeaves(String id);
        }

        @Dao
        interface NestedDao {
          Optional<Nested> findLeaves(String id);
          int countLeaves(String id);
          void rebuildNestedSet(long rootId);
          String isNestedSetCurrent(String rootId);
        }
        """);
    Compilation c = compile(f, dao);
    assertThat(c).hadErrorContaining("[denorm:NestedSet] @NestedSet thing_leaves: Thing has no @ParentId, and the numbering is made from the tree the parents form")
        .inFile(f).onLineContaining("@NestedSet(name = \"thing_leaves\")");
    assertThat(c).hadErrorContaining("[denorm:NestedSet] @NestedSet long_leaves: keeps node ids as text, so LongIds needs one String key column (@NestedSet(name = \"catalog_leaves\"")
        .inFile(f).onLineContaining("@NestedSet(name = \"long_leaves\")");
    assertThat(c).hadErrorContaining("[denorm:NestedSet] @NestedSet bad-name: name is not a table name: use letters, digits and '_', starting with a letter, at most 42 characters (tables bad-name_nodes and bad-name_trees go with it)")
        .inFile(f).onLineContaining("@NestedSet(name = \"bad-name\")");
    assertThat(c).hadErrorContaining("[denorm:NestedSet] @NestedSet missing_order_leaves: order = \"title\" is not a stored field of MissingOrder (stored: id, parentId, name); name the field siblings are ordered by")
        .inFile(f).onLineContaining("order = \"title\"");
    assertThat(c).hadErrorContaining("[denorm:NestedSet] @NestedSet list_order_leaves: order = \"tags\" is a java.util.List<java.lang.String>, which has no order; order siblings by a single comparable value")
        .inFile(f).onLineContaining("order = \"tags\"");
    assertThat(c).hadErrorContaining("[denorm:NestedSet] @NestedSet clash: name (or clash_nodes, clash_trees) is the name of another table of Clash; give the set a name of its own")
        .inFile(f).onLineContaining("@NestedSet(name = \"clash\")");
    assertThat(c).hadErrorContaining("[denorm:TreeFinder] findLeaves(String): Flat has no @NestedSet, so there is no numbering of its leaves; annotate Flat @NestedSet(name = \"...\") next to its @ParentId (findSubtree walks")
        .inFile(dao).onLineContaining("List<Flat> findLeaves");
    assertThat(c).hadErrorContaining("[denorm:TreeFinder] findLeaves(String): returns Optional<Nested>; findLeaves returns List<Nested>")
        .inFile(dao).onLineContaining("Optional<Nested> findLeaves");
    assertThat(c).hadErrorContaining("[denorm:TreeFinder] countLeaves(String): returns int; countLeaves returns long")
        .inFile(dao).onLineContaining("countLeaves");
    assertThat(c).hadErrorContaining("[denorm:TreeFinder] rebuildNestedSet(long): rebuildNestedSet takes (String rootId)")
        .inFile(dao).onLineContaining("rebuildNestedSet");
    assertThat(c).hadErrorContaining("[denorm:TreeFinder] isNestedSetCurrent(String): returns String; isNestedSetCurrent returns boolean")
        .inFile(dao).onLineContaining("isNestedSetCurrent");
    assertThat(c).hadErrorCount(11);
  }

  @Test
  void aBucketWalkThatIsAsync() {
    JavaFileObject entity = entity("""
        @Entity
        public record Thing(@PartitionKey String postId, @PartitionKey(1) @Bucket(field = "seq", size = 100) long bucket,
            @ClusteringKey(order = Order.DESC) long seq) {}""");
    JavaFileObject dao = source("test.ThingDao", """
        package test;

        import io.denorm.annotations.Dao;
        import java.util.List;
        import java.util.concurrent.CompletionStage;

        @Dao
        public interface ThingDao {
          List<Thing> findByPostId(String postId);
          CompletionStage<List<Thing>> findByPostIdAsync(String postId);
        }
        """);
    Compilation c = compile(entity, dao);
    assertThat(c).hadErrorContaining("[denorm:PageRequest] findByPostIdAsync(String): walks the buckets of Thing (@Bucket on 'bucket'): declare it synchronous, returning Page<Thing> with a PageRequest or List<Thing>; or name the bucket too to read one bucket")
        .inFile(dao).onLineContaining("findByPostIdAsync");
    assertThat(c).hadErrorCount(1);
  }

  @Test
  void countsAndExistsNeedATableAndTheirOwnReturnTypes() {
    JavaFileObject entity = entity("""
        @Entity
        @Index(name = "things_by_city", key = "city")
        public record Thing(@PartitionKey String id, String city, String name) {}

        @Entity
        record Post(@PartitionKey String postId, @PartitionKey(1) @Bucket(field = "seq", size = 100) long bucket,
            @ClusteringKey(order = Order.DESC) long seq) {}""");
    JavaFileObject dao = source("test.ThingDao", """
        package test;

        import io.denorm.annotations.Dao;
        import java.util.concurrent.CompletionStage;

        @Dao
        public interface ThingDao {
          void save(Thing thing);
          long countByCity(String city);
          CompletionStage<Boolean> existsByCityAsync(String city);
          long countByName(String name);
          int countById(String id);
          CompletionStage<Long> existsByIdAsync(String id);
          boolean existsByColour(String colour);
          long countByCity(int city);
        }

        @Dao
        interface PostDao {
          void save(Post post);
          long countByPostIdAndBucket(String postId, long bucket);
          long countByPostId(String postId);
        }
        """);
    Compilation c = compile(entity, dao);
    assertThat(c).hadErrorContaining("[denorm:UnservedQuery] countByName(String): no table of Thing has 'name' in its key")
        .inFile(dao).onLineContaining("countByName");
    assertThat(c).hadErrorContaining("[denorm:CountReturnType] countById(String) returns int; countBy… returns long")
        .inFile(dao).onLineContaining("countById");
    assertThat(c).hadErrorContaining("[denorm:CountReturnType] existsByIdAsync(String) returns CompletionStage<Long>; existsBy… returns CompletionStage<Boolean>")
        .inFile(dao).onLineContaining("existsByIdAsync");
    assertThat(c).hadErrorContaining("[denorm:UnknownProperty] existsByColour(String): 'colour' is not a stored property of Thing")
        .inFile(dao).onLineContaining("existsByColour");
    assertThat(c).hadErrorContaining("[denorm:ParameterType] countByCity(int): parameter 'city' is int but 'city' is String")
        .inFile(dao).onLineContaining("countByCity(int");
    assertThat(c).hadErrorContaining("[denorm:CountOverBuckets] countByPostId(String) would read every bucket of Post (@Bucket on 'bucket') to count its rows; name 'bucket' too (with '=') to count one bucket")
        .inFile(dao).onLineContaining("countByPostId(String");
    assertThat(c).hadErrorCount(6);
  }

  @Test
  void anInverseSideGivesItsExpectedSizeFromTheEstimates() {
    JavaFileObject f = entity("""
        @Entity
        @Estimate(rows = 1_000)
        public class Thing {
          @PartitionKey String id;
          @References(value = Other.class, mappedBy = "thingIds") Set<String> otherIds;
        }

        @Entity
        @Estimate(rows = 2_000_000)
        class Other {
          @PartitionKey String id;
          @SuppressWarnings("denorm:ReferenceCollection") @Reference(Thing.class) Set<String> thingIds;
        }""");
    Compilation c = compile(f);
    assertThat(c).hadWarningContaining("[denorm:UnboundedInverse] 'otherIds' of Thing holds the id of every Other whose 'thingIds' names it: about 2,000 ids per Thing"
        + " (@Estimate: 2,000,000 Other rows, 1,000 Thing rows, as if each Other named one),"
        + " all read with every Thing and one added or removed by each save of a Other that joins or leaves; when that can grow without bound, drop @References and find them with findBy on an @Index of Other.thingIds")
        .inFile(f).onLineContaining("Set<String> otherIds;");
    assertThat(c).hadWarningCount(1);
  }

  @Test
  void anInverseSideWarnsUnlessSaidToStaySmall() {
    JavaFileObject f = entity("""
        @Entity
        public class Thing {
          @PartitionKey String id;
          @References(value = Other.class, mappedBy = "thingIds") Set<String> otherIds;
          @SuppressWarnings("denorm:UnboundedInverse") @References(value = Other.class, mappedBy = "thingIds") Set<String> fewOtherIds;
        }

        @Entity
        class Other {
          @PartitionKey String id;
          @SuppressWarnings("denorm:ReferenceCollection") @Reference(Thing.class) Set<String> thingIds;
        }""");
    Compilation c = compile(f);
    assertThat(c).hadWarningContaining("[denorm:UnboundedInverse] 'otherIds' of Thing holds the id of every Other whose 'thingIds' names it, read with every Thing;"
        + " when that can grow without bound (a publisher's books), drop @References and find them with findBy on an @Index of Other.thingIds")
        .inFile(f).onLineContaining("Set<String> otherIds;");
    assertThat(c).hadWarningCount(1);
  }

  @Test
  void aCountOnAMultiColumnKeyOrAKey() {
    JavaFileObject f = entity("""
        @Entity
        public class Thing {
          @PartitionKey String id;
          @ClusteringKey long at;
          @Count(of = Other.class, by = "thingId") long others;
        }

        @Entity
        class Other {
          @PartitionKey String id;
          @Reference(Thing.class) String thingId;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:Count] @Count on 'others' of Thing cannot be kept: Thing has a key of 2 columns, and a count is found by one id")
        .inFile(f).onLineContaining("long others;");
  }

  @Test
  void aSnippetFieldThatIsNoListOfObjects() {
    JavaFileObject f = entity("""
        @Entity
        public class Thing {
          @PartitionKey String id;
          @Denormalized(source = Other.class, fields = "name") List<String> otherNames;
        }

        @Entity
        class Other {
          @PartitionKey String id;
          String name;
        }""");
    assertThat(compile(f)).hadErrorContaining("[denorm:Snippet] @Denormalized on 'otherNames' of Thing is a java.util.List<java.lang.String>; a snippet field is a List or Set of small embedded objects, each holding a Other id and the copied fields")
        .inFile(f).onLineContaining("List<String> otherNames");
  }

  @Test
  void aSnippetCopyingAFieldTheSourceOrTheElementLacks() {
    JavaFileObject f = entity("""
        @Entity
        public class Thing {
          @PartitionKey String id;
          @Denormalized(source = Other.class, fields = {"name", "photo", "rank"}) List<OtherSnippet> others;
        }

        record OtherSnippet(String id, String name, String rank) {}

        @Entity
        class Other {
          @PartitionKey String id;
          String name;
          String photo;
          int rank;
        }""");
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining("[denorm:Snippet] @Denormalized on 'others' of Thing copies 'photo' from Other, but OtherSnippet has no field 'photo'; add java.lang.String photo to OtherSnippet")
        .inFile(f).onLineContaining("List<OtherSnippet> others");
    assertThat(c).hadErrorContaining("[denorm:Snippet] @Denormalized on 'others' of Thing copies 'rank' of type int from Other into a field of type java.lang.String; declare OtherSnippet.rank as int");
  }

  @Test
  void aSnippetOfANonEntityOfNoFieldOrOfAFieldTheSourceLacks() {
    JavaFileObject f = entity("""
        @Entity
        public class Thing {
          @PartitionKey String id;
          @Denormalized(source = Plain.class, fields = {"name"}) List<OtherSnippet> plains;
          @Denormalized(source = Other.class, fields = {}) List<OtherSnippet> none;
          @Denormalized(source = Other.class, fields = {"nope"}) List<OtherSnippet> unknown;
        }

        record OtherSnippet(String id, String name) {}

        class Plain {
          String id;
          String name;
        }

        @Entity
        class Other {
          @PartitionKey String id;
          String name;
        }""");
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining("[denorm:Snippet] @Denormalized on 'plains' of Thing copies from Plain, which is not an @Entity; name the @Entity the fields come from")
        .inFile(f).onLineContaining("List<OtherSnippet> plains;");
    assertThat(c).hadErrorContaining("[denorm:Snippet] @Denormalized on 'none' of Thing copies no field; list the Other fields to copy in fields = {…}")
        .inFile(f).onLineContaining("List<OtherSnippet> none;");
    assertThat(c).hadErrorContaining("[denorm:Snippet] @Denormalized on 'unknown' of Thing copies 'nope', which Other does not store (it has id, name)")
        .inFile(f).onLineContaining("List<OtherSnippet> unknown;");
  }

  @Test
  void aSnippetWhoseElementsCannotHoldTheSourceId() {
    JavaFileObject f = entity("""
        @Entity
        public class Thing {
          @PartitionKey String id;
          @Denormalized(source = Other.class, fields = "name") List<OtherSnippet> others;
        }

        record OtherSnippet(String otherId, String name) {}

        @Entity
        record Other(@PartitionKey String code, String name) {}""");
    assertThat(compile(f)).hadErrorContaining("[denorm:Snippet] @Denormalized on 'others' of Thing has elements (OtherSnippet) with no field 'code' to hold the Other id; add it, or name the element field that holds it with key = \"…\"")
        .inFile(f).onLineContaining("List<OtherSnippet> others");
  }

  @Test
  void aSnippetOfAFieldThatChangesOftenIsAdvisedAgainst() {
    JavaFileObject f = entity("""
        @Entity
        public class Thing {
          @PartitionKey String id;
          @Denormalized(source = Other.class, fields = {"name", "price"}) List<OtherSnippet> others;
        }

        record OtherSnippet(String id, String name, double price) {}

        @Entity
        class Other {
          @PartitionKey String id;
          String name;
          @ChangesOften double price;
        }""");
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertThat(c).hadWarningContaining("[denorm:SnippetChurn] 'others' of Thing copies Other.price, which is marked @ChangesOften: every change of it rewrites every Thing holding it; copy only fields that rarely change and @Reference Other for the rest, or say the fan-out is wanted")
        .inFile(f).onLineContaining("List<OtherSnippet> others");
    assertThat(c).hadWarningCount(1);
  }

  @Test
  void aSnippetWithoutFanOutHasNoReverseIndexAndIsAdvisedAgainst() {
    JavaFileObject f = entity("""
        @Entity
        public class Thing {
          @PartitionKey String id;
          @Denormalized(source = Other.class, fields = "name", fanOut = false) List<OtherSnippet> others;
          @SuppressWarnings("denorm:NoFanOut")
          @Denormalized(source = Other.class, fields = "name", fanOut = false) List<OtherSnippet> snapshot;
        }

        record OtherSnippet(String id, String name) {}

        @Entity
        class Other {
          @PartitionKey String id;
          String name;
        }""");
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertThat(c).hadWarningContaining("[denorm:NoFanOut] 'others' of Thing copies name from Other with fanOut = false: no reverse index is kept and the copies keep the values of the day each Thing was saved; when they must follow Other, remove fanOut = false; when a snapshot is meant")
        .inFile(f).onLineContaining("List<OtherSnippet> others");
    assertThat(c).hadWarningCount(1);
  }

  /** The shapes the examples do not use: a class holder, class elements with setters, a Set, a versioned holder. */
  @Test
  void aClassHolderWithClassElementsInASetCompilesCleanly() {
    JavaFileObject f = entity("""
        @Entity
        public class Thing {
          @PartitionKey String id;
          @Version long version;
          @Denormalized(source = Other.class, fields = "name", key = "otherId") Set<OtherSnippet> others;
        }

        class OtherSnippet {
          private String otherId;
          private String name;
          private int weight;
          public String getOtherId() { return otherId; }
          public void setOtherId(String v) { otherId = v; }
          public String getName() { return name; }
          public void setName(String v) { name = v; }
          public int getWeight() { return weight; }
          public void setWeight(int v) { weight = v; }
        }

        @Entity
        class Other {
          @PartitionKey String id;
          String name;
        }""");
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertThat(c).hadWarningCount(0);
    assertThat(c).generatedSourceFile("test.CassandraThingSnippetHolders");
    assertThat(c).generatedSourceFile("test.HBaseThingSnippetHolders");
  }

  // ---- @Convert -------------------------------------------------------------------------------

  private static JavaFileObject converter(String body) {
    return source("test.Cents", """
        package test;

        public %s""".formatted(body));
  }

  private static final String MONEY = """
      package test;

      public record Money(java.math.BigDecimal amount, String currency) {}""";

  @Test
  void convertWithAConverterOfAnotherType() {
    JavaFileObject conv = converter("""
        final class Cents implements io.denorm.Converter<String, Long> {
          public Long toColumn(String v) { return 0L; }
          public String fromColumn(Long c) { return ""; }
        }""");
    JavaFileObject f = entity("""
        @Entity public class Thing {
          @PartitionKey String id;
          @Convert(Cents.class)
          Money price;
        }""");
    assertThat(compile(f, conv, source("test.Money", MONEY))).hadErrorContaining(
        "[denorm:Convert] @Convert on 'price' of type test.Money: Cents converts java.lang.String, not the field's type; give a converter whose first type argument is the field's type")
        .inFile(f).onLineContaining("Money price;");
  }

  @Test
  void convertToATypeThatIsNoSingleStoredValue() {
    JavaFileObject conv = converter("""
        final class Cents implements io.denorm.Converter<Money, java.util.List<Long>> {
          public java.util.List<Long> toColumn(Money v) { return null; }
          public Money fromColumn(java.util.List<Long> c) { return null; }
        }""");
    JavaFileObject f = entity("""
        @Entity public class Thing {
          @PartitionKey String id;
          @Convert(Cents.class) Money price;
        }""");
    assertThat(compile(f, conv, source("test.Money", MONEY))).hadErrorContaining(
        "[denorm:Convert] @Convert on 'price' of type test.Money: Cents stores java.util.List<java.lang.Long>, which is not a single stored value;"
            + " convert to String, a number, Boolean, UUID, Instant, LocalDate, LocalTime or byte[]")
        .inFile(f).onLineContaining("Money price;");
  }

  @Test
  void convertWithAConverterThatCannotBeCreated() {
    JavaFileObject conv = converter("""
        final class Cents implements io.denorm.Converter<Money, Long> {
          public Cents(int scale) {}
          public Long toColumn(Money v) { return 0L; }
          public Money fromColumn(Long c) { return null; }
        }""");
    JavaFileObject f = entity("""
        @Entity public class Thing {
          @PartitionKey String id;
          @Convert(Cents.class) Money price;
        }""");
    assertThat(compile(f, conv, source("test.Money", MONEY))).hadErrorContaining(
        "[denorm:Convert] @Convert on 'price' of type test.Money: Cents cannot be created; give it a public no-argument constructor,"
            + " and make it a concrete top-level or static nested class")
        .inFile(f).onLineContaining("Money price;");
  }

  @Test
  void convertOnAJsonColumnAndInsideAnEmbeddedType() {
    JavaFileObject conv = converter("""
        final class Cents implements io.denorm.Converter<Money, Long> {
          public Long toColumn(Money v) { return 0L; }
          public Money fromColumn(Long c) { return null; }
        }""");
    JavaFileObject line = source("test.Line", """
        package test;

        public record Line(String sku, @io.denorm.annotations.Convert(Cents.class) Money price) {}""");
    JavaFileObject f = entity("""
        @Entity public class Thing {
          @PartitionKey String id;
          @Convert(Cents.class) @Column(json = true) Money price;
          Line line;
        }""");
    Compilation c = compile(f, conv, line, source("test.Money", MONEY));
    assertThat(c).hadErrorContaining("[denorm:Convert] @Convert on 'price' of type test.Money: it is also @Column(json = true), which stores the value as JSON text;"
        + " convert a field of the entity itself, stored in a column of its own").inFile(f).onLineContaining("Money price;");
    assertThat(c).hadErrorContaining("[denorm:Convert] @Convert on 'line' of type test.Line: it is on field 'price' of Line, which is embedded in the row as a user type")
        .inFile(f).onLineContaining("Line line;");
  }

  /** A converted key: the stored type keys the rows; a stored decimal still cannot key an HBase row. */
  @Test
  void convertedKeyToADecimalOnHBase() {
    // the stored BigDecimal decides, not the field's record type
    JavaFileObject conv = converter("""
        final class Cents implements io.denorm.Converter<Money, java.math.BigDecimal> {
          public java.math.BigDecimal toColumn(Money v) { return v.amount(); }
          public Money fromColumn(java.math.BigDecimal c) { return new Money(c, "EUR"); }
        }""");
    JavaFileObject ok = entity("""
        @Entity public class Thing {
          @PartitionKey String id;
          @ClusteringKey(0) @Convert(Cents.class) Money price;
        }""");
    Compilation c = compile(ok, conv, source("test.Money", MONEY));
    assertThat(c).hadErrorContaining("[denorm:HBaseKeyType] 'price' of type test.Money is a key component of table thing, but HBase row keys have no"
        + " order-preserving encoding for it").inFile(ok).onLineContaining("Money price;");
  }

  // ---- @Query ---------------------------------------------------------------------------------

  private static void queryError(String method, String expected) {
    JavaFileObject f = dao(method);
    assertThat(compile(READING, f)).hadErrorContaining(expected).inFile(f).onLineContaining("@Query");
  }

  @Test
  void queryWithALiteral() {
    queryError("@Query(\"SELECT * FROM readings WHERE sensor_id = 's1' AND day = ?\") List<Reading> q(LocalDate day);",
        "[denorm:Query] q(LocalDate): @Query SELECT * FROM readings WHERE sensor_id = 's1' AND day = ? has a literal value; bind every value with ? or :parameterName");
  }

  @Test
  void queryWithAllowFiltering() {
    queryError("@Query(\"SELECT * FROM readings WHERE sensor_id = ? AND day = ? ALLOW FILTERING\") List<Reading> q(String s, LocalDate d);",
        "[denorm:Query] q(String, LocalDate): @Query asks for ALLOW FILTERING, which reads the whole table readings; bind the partition key, or declare an @Index and a derived finder");
  }

  @Test
  void queryOfAnotherForm() {
    queryError("@Query(\"DELETE FROM readings WHERE sensor_id = ?\") List<Reading> q(String s);",
        "[denorm:Query] q(String): @Query DELETE FROM readings WHERE sensor_id = ? is not SELECT * FROM <table> WHERE <conditions>");
  }

  @Test
  void querySelectingColumns() {
    queryError("@Query(\"SELECT value FROM readings WHERE sensor_id = ? AND day = ?\") List<Reading> q(String s, LocalDate d);",
        "[denorm:Query] q(String, LocalDate): @Query selects value; select * (the rows are mapped to Reading, every column read)");
  }

  @Test
  void queryOfAnotherTable() {
    queryError("@Query(\"SELECT * FROM users WHERE id = ?\") List<Reading> q(String s);",
        "[denorm:Query] q(String): @Query reads users, but the DAO's entity Reading is stored in readings; name that table (index tables are read by derived finders, which check each row against its master)");
  }

  @Test
  void queryWithAnInCondition() {
    queryError("@Query(\"SELECT * FROM readings WHERE sensor_id IN ? AND day = ?\") List<Reading> q(List<String> s, LocalDate d);",
        "[denorm:Query] q(List<String>, LocalDate): @Query condition 'sensor_id IN ?' is not <column> =, <, <=, > or >= ?");
  }

  @Test
  void queryOfAnUnknownColumn() {
    queryError("@Query(\"SELECT * FROM readings WHERE sensor = ? AND day = ?\") List<Reading> q(String s, LocalDate d);",
        "[denorm:Query] q(String, LocalDate): @Query names column sensor, which table readings does not have (its columns: sensor_id, day, at, seq, value, unit)");
  }

  @Test
  void queryOnAColumnOutsideTheKey() {
    queryError("@Query(\"SELECT * FROM readings WHERE sensor_id = ? AND day = ? AND unit = ?\") List<Reading> q(String s, LocalDate d, String u);",
        "[denorm:Query] q(String, LocalDate, String): @Query compares unit, which is not in the primary key of readings: Cassandra would need ALLOW FILTERING");
  }

  @Test
  void queryMixingMarkers() {
    queryError("@Query(\"SELECT * FROM readings WHERE sensor_id = ? AND day = :d\") List<Reading> q(String s, LocalDate d);",
        "[denorm:Query] q(String, LocalDate): @Query SELECT * FROM readings WHERE sensor_id = ? AND day = :d mixes ? and :name markers; use one kind");
  }

  @Test
  void queryWithAnUnboundParameter() {
    queryError("@Query(\"SELECT * FROM readings WHERE sensor_id = :s AND day = :d\") List<Reading> q(String s, LocalDate d, Instant extra);",
        "[denorm:Query] q(String, LocalDate, Instant): @Query marker or parameter extra does not match (no marker binds it); bind each parameter once, ? markers in parameter order or :name markers by parameter name");
  }

  @Test
  void queryParameterOfAnotherType() {
    queryError("@Query(\"SELECT * FROM readings WHERE sensor_id = ? AND day = ?\") List<Reading> q(String s, String d);",
        "[denorm:Query] q(String, String): parameter d of type java.lang.String is bound to day, whose field is a java.time.LocalDate; declare the parameter with the field's type");
  }

  @Test
  void queryWithoutThePartitionKey() {
    queryError("@Query(\"SELECT * FROM readings WHERE sensor_id = ? AND at > ?\") List<Reading> q(String s, Instant at);",
        "[denorm:Query] q(String, Instant): @Query does not bind the partition key of readings with = (missing: day); bind every partition key column, or the query would read every partition");
  }

  @Test
  void queryOrderedByARegularColumn() {
    queryError("@Query(\"SELECT * FROM readings WHERE sensor_id = ? AND day = ? ORDER BY value DESC\") List<Reading> q(String s, LocalDate d);",
        "[denorm:Query] q(String, LocalDate): @Query orders by 'value DESC', which is not a clustering column of readings");
  }

  @Test
  void queryWithABoundLimit() {
    queryError("@Query(\"SELECT * FROM readings WHERE sensor_id = ? AND day = ? LIMIT ?\") List<Reading> q(String s, LocalDate d);",
        "[denorm:Query] q(String, LocalDate): @Query LIMIT ? is not a whole number from 1; write the number in the CQL");
  }

  @Test
  void queryReturningAPage() {
    queryError("@Query(\"SELECT * FROM readings WHERE sensor_id = ? AND day = ?\") Page<Reading> q(String s, LocalDate d);",
        "[denorm:Query] q(String, LocalDate): a @Query method returns Page<Reading>; return Optional<Reading>, List<Reading> or Stream<Reading>");
  }

  /** HBase cannot run CQL: a DAO generated for both stores is refused, one declared for Cassandra compiles. */
  @Test
  void queryOnADaoGeneratedForHBase() {
    queryError("@Query(\"SELECT * FROM readings WHERE sensor_id = ? AND day = ?\") List<Reading> q(String s, LocalDate d);",
        "[denorm:QueryOnHBase] q(…): @Query is CQL, which HBase cannot run, and ReadingDao is generated for HBase too; declare it @Dao(stores = Store.CASSANDRA)");
    JavaFileObject ok = source("test.ReadingQueries", """
        package test;

        import io.denorm.annotations.*;
        import java.time.*;
        import java.util.*;

        @Dao(stores = Store.CASSANDRA)
        public interface ReadingQueries {
          @Query("SELECT * FROM readings WHERE sensor_id = :sensorId AND day = :day AND at >= :from ORDER BY at DESC LIMIT 10")
          List<Reading> latest(String sensorId, LocalDate day, Instant from);
        }""");
    Compilation c = compile(READING, ok);
    assertThat(c).succeededWithoutWarnings();
    assertThat(c).generatedSourceFile("test.CassandraReadingQueries").contentsAsUtf8String().contains("at >= ? ORDER");
    assertThat(c).generatedSourceFile("test.CassandraReadingQueries").contentsAsUtf8String().contains("LIMIT 10");
  }

  @Test
  void queryReturningAPublisher() {
    queryError("@Query(\"SELECT * FROM readings WHERE sensor_id = ? AND day = ?\") Flow.Publisher<Reading> q(String s, LocalDate d);",
        "[denorm:Query] q(String, LocalDate): a @Query method returns Publisher<Reading>; return Optional<Reading>, List<Reading> or Stream<Reading>");
  }

  @Test
  void convertedKeyWithFindAllById() {
    JavaFileObject conv = converter("""
        final class Cents implements io.denorm.Converter<Money, Long> {
          public Long toColumn(Money v) { return 0L; }
          public Money fromColumn(Long c) { return null; }
        }""");
    JavaFileObject f = entity("""
        @Entity public class Thing {
          @PartitionKey @Convert(Cents.class) Money id;
        }""");
    JavaFileObject d = source("test.ThingDao", """
        package test;

        @io.denorm.annotations.Dao
        public interface ThingDao {
          java.util.List<Thing> findAllById(java.util.Collection<Money> ids);
        }""");
    assertThat(compile(f, d, conv, source("test.Money", MONEY))).hadErrorContaining(
        "[denorm:Convert] findAllById(Collection<Money>): the key field 'id' is converted (@Convert), which findAllById and findIdsBy… do not support yet;"
            + " use finders returning the entity").inFile(d).onLineContaining("findAllById");
  }

  @Test
  void convertOnAPrimitiveField() {
    JavaFileObject conv = converter("""
        final class Cents implements io.denorm.Converter<Integer, Long> {
          public Long toColumn(Integer v) { return 0L; }
          public Integer fromColumn(Long c) { return 0; }
        }""");
    JavaFileObject f = entity("""
        @Entity public class Thing {
          @PartitionKey String id;
          @Convert(Cents.class) int cents;
        }""");
    assertThat(compile(f, conv)).hadErrorContaining(
        "[denorm:Convert] @Convert on 'cents' of type int: a primitive field cannot hold the null a column may hold; declare it with its box type")
        .inFile(f).onLineContaining("int cents;");
  }

  // ---- modeling advice ------------------------------------------------------------------------

  @Test
  void aPartitionEstimatedOverTheLimitIsAdvisedToBeBucketed() {
    JavaFileObject f = entity("""
        @Entity
        @Estimate(rows = 1_000_000_000L, rowsPerPartition = 500_000, valueBytes = 100)
        public record Thing(@PartitionKey String userId, @ClusteringKey long seq, String body) {}

        @Entity
        @Estimate(rows = 1_000_000_000L, rowsPerPartition = 5_000, valueBytes = 100)
        record Small(@PartitionKey String userId, @ClusteringKey long seq, String body) {}

        @Entity
        @Estimate(rowsPerPartition = 500_000)
        @SuppressWarnings("denorm:PartitionSize")
        record Wanted(@PartitionKey String userId, @ClusteringKey long seq, String body) {}""");
    Compilation c = compile(f);
    assertThat(c).succeeded();
    // Chebotko: Nv = 500,000 × (3 − 2) values; St = 100 + 500,000 × (100 + 8) + 8 × 500,000 bytes
    assertThat(c).hadWarningContaining("[denorm:PartitionSize] A partition of Thing (table thing) is estimated at 500,000 rows, 500,000 values and 55.3 MB (@Estimate(rowsPerPartition = 500000)), over the 100,000 rows or 100 MB a partition should stay under; split it with @Bucket on a partition key component")
        .inFile(f).onLineContaining("public record Thing");
    assertThat(c).hadWarningCount(1);
  }

  @Test
  void aPartitionKeyOfATimeAloneOrLeadingAnUnsaltedRowKeyIsAdvisedAgainst() {
    JavaFileObject f = entity("""
        @Entity
        public record Thing(@PartitionKey LocalDate day, @ClusteringKey String id) {}

        @Entity
        record Counted(@PartitionKey @Sequence("counted") long id, String name) {}

        @Entity
        record Led(@PartitionKey Instant at, @PartitionKey(1) String source, String body) {}

        @Entity(salt = @Salt(buckets = 16, on = "at"))
        record Salted(@PartitionKey Instant at, @PartitionKey(1) String source, String body) {}

        @Entity
        @SuppressWarnings("denorm:MonotonicKey")
        record Wanted(@PartitionKey LocalDate day, @ClusteringKey String id) {}""");
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertThat(c).hadWarningContaining("[denorm:MonotonicKey] The partition key of Thing is 'day' alone, a time that only grows: on Cassandra the writes of one moment share a partition and its replicas while older ones go cold, and on HBase every new row goes to the last region")
        .inFile(f).onLineContaining("public record Thing");
    assertThat(c).hadWarningContaining("[denorm:MonotonicKey] The partition key of Counted is 'id' alone, a @Sequence number that only grows")
        .inFile(f).onLineContaining("record Counted");
    assertThat(c).hadWarningContaining("[denorm:MonotonicKey] The HBase row key of Led begins with 'at', a time that only grows: every new row goes to the last region; spread them with @Entity(salt = @Salt(buckets = 16, on = \"at\"))")
        .inFile(f).onLineContaining("record Led");
    assertThat(c).hadWarningCount(3);
  }

  @Test
  void anIndexKeyedFirstByATimeIsAdvisedAgainst() {
    JavaFileObject f = entity("""
        @Entity
        @Index(name = "things_by_created", key = "createdAt")
        public record Thing(@PartitionKey String id, Instant createdAt) {}""");
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertThat(c).hadWarningContaining("[denorm:MonotonicKey] Index things_by_created of Thing is keyed first by 'createdAt', a time that only grows: on HBase every new index row goes to the last region of things_by_created, and on Cassandra the rows of one moment share a partition; lead the key with a field that spreads them (key = {\"<another field>\", \"createdAt\"})")
        .inFile(f).onLineContaining("public record Thing");
    assertThat(c).hadWarningCount(1);
  }

  @Test
  void anIndexPartitionedByABooleanOrAnEnumIsAdvisedToBeComposite() {
    JavaFileObject f = entity("""
        @Entity
        @Estimate(rows = 3_000_000)
        @Index(name = "things_by_status", key = "status")
        @Index(name = "things_by_status_and_region", key = {"status", "region"}, partition = 2)
        public record Thing(@PartitionKey String id, Status status, String region) {}

        enum Status { NEW, PAID, SHIPPED }

        @Entity
        @Index(name = "flags_by_active", key = "active")
        record Flag(@PartitionKey String id, boolean active) {}

        @Entity
        @SuppressWarnings("denorm:LowCardinalityIndex")
        @Index(name = "wanted_by_active", key = "active")
        record Wanted(@PartitionKey String id, boolean active) {}""");
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertThat(c).hadWarningContaining("[denorm:LowCardinalityIndex] Index things_by_status of Thing is partitioned by 'status', which takes 3 values: each partition holds about 1,000,000 rows (3000000 Thing rows over 3 values) and takes every write of its value; make the partition composite with a field that spreads the rows (key = {\"status\", \"<another field>\"}, partition = 2)")
        .inFile(f).onLineContaining("public record Thing");
    assertThat(c).hadWarningContaining("[denorm:LowCardinalityIndex] Index flags_by_active of Flag is partitioned by 'active', which takes 2 values: each partition holds about 500,000 rows (1000000 Flag rows over 2 values)")
        .inFile(f).onLineContaining("record Flag");
    assertThat(c).hadWarningCount(2);
  }

  @Test
  void aSnippetFanningOutToMoreRowsThanTheLimitIsAdvisedAgainst() {
    JavaFileObject f = entity("""
        @Entity
        @Estimate(rows = 50_000_000)
        public class Thing {
          @PartitionKey String id;
          @Denormalized(source = Other.class, fields = "name") List<OtherSnippet> other;
          @SuppressWarnings("denorm:FanOut")
          @Denormalized(source = Other.class, fields = "name") List<OtherSnippet> wanted;
        }

        record OtherSnippet(String id, String name) {}

        @Entity
        @Estimate(rows = 10_000)
        class Other {
          @PartitionKey String id;
          String name;
        }""");
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertThat(c).hadWarningContaining("[denorm:FanOut] 'other' of Thing copies name of Other into every Thing that references it: about 5,000 Thing rows per Other (@Estimate: 50,000,000 Thing rows, 10,000 Other rows), each rewritten by a change of those fields, over the 1,000 one write should fan out to (-Adenorm.maxFanOut)")
        .inFile(f).onLineContaining("List<OtherSnippet> other;");
    assertThat(c).hadWarningCount(1);
    Compilation raised = com.google.testing.compile.Compiler.javac().withProcessors(new DenormProcessor()).withOptions("-Adenorm.maxFanOut=10000")
        .compile(f);
    assertThat(raised).succeeded();
    assertThat(raised).hadWarningCount(0);
  }

  @Test
  void aFinderScanningMoreSaltBucketsThanTheLimitIsAdvisedAgainst() {
    JavaFileObject f = entity("""
        @Entity(salt = @Salt(buckets = 64, on = {"sensorId", "at"}))
        public record Thing(@PartitionKey String sensorId, @ClusteringKey Instant at, String site, double value) {}

        @Dao
        interface ThingDao {
          List<Thing> findBySensorId(String sensorId);
          Optional<Thing> findBySensorIdAndAt(String sensorId, Instant at);
          @SuppressWarnings("denorm:MultiPartitionFinder")
          List<Thing> findBySensorIdAndAtAfter(String sensorId, Instant after);
        }""");
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertThat(c).hadWarningContaining("[denorm:MultiPartitionFinder] findBySensorId(String) reads 64 partitions on each call: it does not bind 'at', so on HBase it scans every one of the 64 salt buckets of Thing, over the 16 partitions one call should read (-Adenorm.maxPartitionsPerCall); bind 'at', salt with fewer buckets, or say the fan-out is wanted with @SuppressWarnings(\"denorm:MultiPartitionFinder\")")
        .inFile(f).onLineContaining("List<Thing> findBySensorId(String sensorId);");
    assertThat(c).hadWarningCount(1);
  }
}
