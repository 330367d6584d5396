package io.denorm.examples;

import io.denorm.testkit.HBaseExtension;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link SnippetContract} on a real HBase: copies and fan-out through {@code library_books_by_authors_id}. */
@ExtendWith(HBaseExtension.class)
class HBaseSnippetTest extends SnippetContract {

  static Connection connection;

  @BeforeAll
  static void open(Connection client) {
    connection = client;
    use(Stores.hbase(client));
  }

  @Override
  io.denorm.snippet.SnippetHolders<io.denorm.examples.library.Book> bookHolders() {
    return new io.denorm.examples.library.HBaseBookSnippetHolders(io.denorm.hbase.HBaseConnections.async(connection), "snippets_test");
  }
}
