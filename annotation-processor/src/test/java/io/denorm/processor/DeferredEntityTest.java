package io.denorm.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static io.denorm.processor.Sources.source;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.Writer;
import java.io.UncheckedIOException;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * An entity whose fields name a type that another processor generates is read a round later. The
 * DAOs of the entities it depends on must wait for it: a DAO generated before it would not know
 * that its saves have snippet copies in it to rewrite.
 */
class DeferredEntityTest {

  /** Writes {@code test.Cover} in the first round, as another annotation processor of the build would. */
  static final class CoverProcessor extends AbstractProcessor {
    private boolean written;

    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return Set.of("*");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      if (!written) {
        written = true;
        try (Writer w = processingEnv.getFiler().createSourceFile("test.Cover").openWriter()) {
          w.write("package test;\n\npublic record Cover(String url) {}\n");
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
      return false;
    }
  }

  @Test
  void theDaoOfASourceWaitsForAHolderReadInALaterRound() throws IOException {
    JavaFileObject author = source("test.Author", """
        package test;

        import io.denorm.annotations.*;

        @Entity
        public record Author(@PartitionKey String id, String name) {}
        """);
    JavaFileObject book = source("test.Book", """
        package test;

        import io.denorm.annotations.*;
        import java.util.List;

        @Entity
        public record Book(@PartitionKey String id, Cover cover,
            @Denormalized(source = Author.class, fields = "name") List<AuthorName> authors) {}
        """);
    JavaFileObject snippet = source("test.AuthorName", """
        package test;

        public record AuthorName(String id, String name) {}
        """);
    JavaFileObject dao = source("test.AuthorDao", """
        package test;

        import io.denorm.annotations.Dao;

        @Dao
        public interface AuthorDao {
          void save(Author author);
        }
        """);
    Compilation c = javac().withProcessors(new DenormProcessor(), new CoverProcessor()).compile(author, book, snippet, dao);
    assertThat(c).succeededWithoutWarnings();
    for (String backend : new String[] {"Cassandra", "HBase"}) {
      String generated = c.generatedSourceFile("test." + backend + "AuthorDao").orElseThrow().getCharContent(true).toString();
      assertThat(generated).contains("snippetFanOut");
      assertThat(generated).contains(backend + "BookSnippetHolders");
    }
  }
}
