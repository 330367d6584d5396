package io.denorm.examples;

import io.denorm.testkit.HBaseExtension;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link SnippetContract} on a real HBase: copies and fan-out through {@code library_books_by_authors_id}. */
@ExtendWith(HBaseExtension.class)
class HBaseSnippetTest extends SnippetContract {

  @BeforeAll
  static void open(Connection client) {
    use(Stores.hbase(client));
  }
}
