package io.denorm.hbase;

import java.util.List;

/**
 * An entity from its row key, read from {@code offset} (after any salt byte), and its non-key
 * values (absent cells null): a generated HBase mapper's {@code fromRow}, which reads the key's
 * components straight into the entity's fields.
 *
 * @param <E> the entity
 */
@FunctionalInterface
public interface RowReader<E> {
  E read(byte[] row, int offset, List<Object> cells);
}
