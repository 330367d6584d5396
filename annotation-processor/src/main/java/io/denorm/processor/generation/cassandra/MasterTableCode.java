package io.denorm.processor.generation.cassandra;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import io.denorm.processor.model.EntityModel;

/**
 * {@code master(MasterTable.of(…))}: the constructor statement describing the entity's master table
 * to {@code CassandraDaoBase}, which then runs the write step of the save pipeline and the delete
 * step of the delete pipeline. Its statements are registered in the DAO's context.
 */
final class MasterTableCode {

  static final ClassName MASTER_TABLE = ClassName.get("io.denorm.cassandra", "MasterTable");

  private MasterTableCode() {}

  /** The statement; {@code deletes}: the DAO deletes rows (the delete statements are registered too). */
  static CodeBlock init(DaoContext context, boolean deletes) {
    EntityModel entity = context.entity();
    ClassName mapper = context.mapper();
    String name = entity.simpleName();
    CodeBlock.Builder b = CodeBlock.builder()
        .add("master($T.<$T>of($S, $N, $T::fromRow, $T::keyOf, $T::bindKeyValues)$>$>", MASTER_TABLE, entity.className(), name,
            context.selectRow(), mapper, mapper, mapper)
        .add("\n.inserting($N, $T::bindAll)", context.statement("insert" + name, CqlStatements.insert(entity)), mapper);
    if (deletes) {
      // a delete through the index protocol or a compare-and-set reads the row anyway: no key select
      boolean readsKey = !entity.hasIndexes() && !entity.versioned();
      b.add("\n.deleting($N, $L)", context.statement("delete" + name, CqlStatements.delete(entity)),
          readsKey ? CodeBlock.of("$N", context.statement("select" + name + "Key", CqlStatements.selectKey(entity))) : CodeBlock.of("null"));
    }
    if (entity.hasIndexes()) {
      b.add("\n.indexed($T::indexEntries)", mapper);
    }
    if (entity.versioned()) {
      b.add("\n.versioned($N, $L, $N, $T::bindUpdate,\n$N, $T::versionOf, $T::setVersion)",
          context.statement("insert" + name + "IfAbsent", CqlStatements.insertIfAbsent(entity)),
          entity.writtenColumns().indexOf(entity.version().orElseThrow()),
          context.statement("update" + name + "IfVersion", CqlStatements.updateIfVersion(entity)), mapper,
          context.statement("delete" + name + "IfVersion", CqlStatements.deleteIfVersion(entity)), mapper, mapper);
    }
    return b.add(");\n$<$<").build();
  }
}
