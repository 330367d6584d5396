package io.denorm.examples;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.testkit.CassandraExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link SnippetContract} on a real Cassandra: copies and fan-out through {@code library_books_by_authors_id}. */
@ExtendWith(CassandraExtension.class)
class CassandraSnippetTest extends SnippetContract {

  static CqlSession session;

  @BeforeAll
  static void open(CqlSession client) {
    session = client;
    use(Stores.cassandra(client));
  }

  @Override
  io.denorm.snippet.SnippetHolders<io.denorm.examples.library.Book> bookHolders() {
    return new io.denorm.examples.library.CassandraBookSnippetHolders(session, "snippets_test");
  }
}
