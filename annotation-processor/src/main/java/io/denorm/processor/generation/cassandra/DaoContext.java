package io.denorm.processor.generation.cassandra;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import io.denorm.processor.generation.GeneratedNames;
import io.denorm.processor.model.ColumnType;
import io.denorm.processor.model.DaoModel;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.IndexModel;
import io.denorm.processor.model.InverseLink;
import io.denorm.processor.model.Names;
import io.denorm.processor.model.RecentModel;
import io.denorm.processor.model.SnippetHolder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.VariableElement;

/**
 * What the method generators of one DAO share: the entity, its mapper, and the statements prepared
 * once per DAO. Two methods that run the same CQL share one prepared statement.
 */
final class DaoContext {

  static final ClassName PREPARED_CQL = ClassName.get("io.denorm.cassandra", "PreparedCql");
  static final ClassName INDEX_TABLE = ClassName.get("io.denorm.cassandra", "CassandraIndexTable");
  static final ClassName MAINTENANCE = ClassName.get("io.denorm.index", "IndexMaintenance");

  private final DaoModel dao;
  private final ClassName mapper;
  private final Map<String, String> fieldByCql = new LinkedHashMap<>();
  private final List<SnippetHolder> holders;

  private final List<InverseLink> links;
  private final List<RecentModel> recents;

  /**
   * The context of one generated class: {@code holders} and {@code links} are the other entities a
   * save of this one fans out to, {@code recents} the @Recent lists its saves and deletes keep.
   */
  DaoContext(DaoModel dao, ClassName mapper, List<SnippetHolder> holders,
      List<InverseLink> links, List<RecentModel> recents) {
    this.dao = dao;
    this.mapper = mapper;
    this.holders = List.copyOf(holders);
    this.links = List.copyOf(links);
    this.recents = List.copyOf(recents);
  }

  DaoModel dao() {
    return dao;
  }

  /** Whether saves of this entity are followed by work on other entities: snippet fan-out, many-to-many links. */
  boolean fansOut() {
    return !holders.isEmpty() || !links.isEmpty();
  }

  List<InverseLink> links() {
    return links;
  }

  /** The {@code @Recent} lists of other entities that this entity's saves and deletes keep. */
  List<RecentModel> recents() {
    return recents;
  }

  /** The snippet fields that copy this DAO's entity: its saves fan out to them. */
  List<SnippetHolder> holders() {
    return holders;
  }

  EntityModel entity() {
    return dao.entity();
  }

  ClassName mapper() {
    return mapper;
  }

  /** The field holding {@code cql} prepared; {@code preferredName} names it if it is new. */
  String statement(String preferredName, String cql) {
    return fieldByCql.computeIfAbsent(cql, k -> {
      String name = preferredName;
      for (int i = 2; fieldByCql.containsValue(name); i++) {
        name = preferredName + i;
      }
      return name;
    });
  }

  /** The field holding index {@code index}'s table, registered in the constructor. */
  String indexTable(IndexModel index) {
    return GeneratedNames.indexField(index);
  }

  /** The statement reading one whole master row by its primary key. */
  String selectRow() {
    return statement("select" + entity().simpleName() + "Row", CqlStatements.selectRow(entity()));
  }

  /** The field holding the lookup of a master row by the key values an index row holds. */
  String masterLookup() {
    return Names.decapitalize(entity().simpleName()) + "ByKey";
  }

  List<FieldSpec> indexFields() {
    List<FieldSpec> fields = new ArrayList<>();
    if (!entity().hasIndexes()) {
      return fields;
    }
    for (var index : entity().indexes()) {
      fields.add(FieldSpec.builder(INDEX_TABLE, indexTable(index), Modifier.PRIVATE, Modifier.FINAL)
          .addJavadoc("Index table {@code $L}.\n", index.name()).build());
    }
    TypeName key = ParameterizedTypeName.get(ClassName.get(List.class), ClassName.get(Object.class));
    TypeName result = ParameterizedTypeName.get(ClassName.get(CompletionStage.class),
        ParameterizedTypeName.get(ClassName.get(Optional.class), entity().className()));
    fields.add(FieldSpec.builder(ParameterizedTypeName.get(ClassName.get(Function.class), key, result),
            masterLookup(), Modifier.PRIVATE, Modifier.FINAL)
        .addJavadoc("Reads the master row an index row points at.\n").build());
    fields.add(FieldSpec.builder(ParameterizedTypeName.get(MAINTENANCE, entity().className()), "maintenance", Modifier.PRIVATE, Modifier.FINAL)
        .build());
    return fields;
  }

  CodeBlock indexInitializers() {
    CodeBlock.Builder b = CodeBlock.builder();
    if (!entity().hasIndexes()) {
      return b.build();
    }
    for (var index : entity().indexes()) {
      CodeBlock columns = index.columnNames(entity()).stream().map(c -> CodeBlock.of("$S", c)).collect(CodeBlock.joining(", "));
      if (index.memberships()) {
        b.addStatement("this.$N = membershipIndexTable($T.$N, $S, $L, $T.of($L))", indexTable(index), mapper, GeneratedNames.indexConstant(entity(), index),
            index.name(), index.table(entity()).partitionKey().size(), List.class, columns);
        if (index.counts()) {
          var counter = index.counter().orElseThrow();
          b.addStatement("countInto($N, $S, $S, $S)", indexTable(index), counter.table(), counter.key().columnName(),
              counter.column().columnName());
        }
        if (index.inverse().isPresent()) {
          var side = index.inverse().get();
          b.addStatement("inverseInto($N, $S, $S, $S, $L)", indexTable(index), side.table(), side.key().columnName(),
              side.column().columnName(), side.column().type() instanceof ColumnType.ListOf);
        }
      } else {
        CodeBlock covering = index.covers(entity()) ? CodeBlock.of("\n.covering($T::$N)", mapper, GeneratedNames.coveringRowMethod(index)) : CodeBlock.of("");
        b.addStatement("this.$N = indexTable($T.$N, $S, $L, $T.of($L))$L", indexTable(index), mapper, GeneratedNames.indexConstant(entity(), index), index.name(),
            index.table(entity()).partitionKey().size(), List.class, columns, covering);
      }
    }
    b.addStatement("this.$N = masterLookup($N, $T::fromRow)", masterLookup(), selectRow(), mapper);
    if (entity().loggedBatch()) {
      b.addStatement("useLoggedBatches()");
    }
    b.addStatement("this.maintenance = indexMaintenance($N, $T::fromRow, $T::indexEntries, $N)",
        statement("scan" + entity().simpleName(), CqlStatements.scan(entity())), mapper, mapper, masterLookup());
    return b.build();
  }

  List<FieldSpec> statementFields() {
    List<FieldSpec> fields = new ArrayList<>();
    fieldByCql.forEach((cql, name) -> fields.add(
        FieldSpec.builder(PREPARED_CQL, name, Modifier.PRIVATE, Modifier.FINAL).addJavadoc("{@code $L}\n", cql.replace("{keyspace}.", "")).build()));
    return fields;
  }

  CodeBlock statementInitializers() {
    CodeBlock.Builder b = CodeBlock.builder();
    fieldByCql.forEach((cql, name) -> b.addStatement("this.$N = prepare($S)", name, cql));
    return b.build();
  }

  static List<ParameterSpec> parameters(ExecutableElement method) {
    List<ParameterSpec> params = new ArrayList<>();
    for (VariableElement p : method.getParameters()) {
      params.add(ParameterSpec.get(p));
    }
    return params;
  }
}
