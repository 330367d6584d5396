package io.denorm.cli;

import io.denorm.index.IndexedDao;
import java.io.PrintWriter;
import java.util.List;

/** One store the command talks to: the live schema compared and brought in line, and the DAOs of the model's index tables. */
interface Store extends AutoCloseable {

  /** {@code cassandra} or {@code hbase}, as {@code model.yaml} names the implementations. */
  String name();

  /** Where the schema lives: {@code keyspace shop}, {@code namespace shop}. */
  String schema();

  /** How the live schema differs from {@code model}: missing and changed tables and columns first, extra tables last. */
  List<Change> diff(Model model);

  /**
   * Creates what is missing and adds missing columns; recreates changed tables only when {@code
   * destructive} (never drops an extra table). Returns the tables created or recreated, which are
   * empty until back-filled. Writes what it does to {@code out}.
   */
  List<String> apply(Model model, List<Change> changes, boolean destructive, PrintWriter out);

  /** A DAO of the model that maintains index table {@code index}, over this store's connection. */
  IndexedDao<?> daoForIndex(Model model, String index);

  @Override
  void close();
}
