package io.denorm.processor.generation.cassandra;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.ParameterSpec;
import io.denorm.processor.model.DaoModel;
import io.denorm.processor.model.EntityModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.VariableElement;

/**
 * What the method generators of one DAO share: the entity, its mapper, and the statements prepared
 * once per DAO. Two methods that run the same CQL share one prepared statement.
 */
final class DaoContext {

  static final ClassName PREPARED_CQL = ClassName.get("io.denorm.cassandra", "PreparedCql");

  private final DaoModel dao;
  private final ClassName mapper;
  private final Map<String, String> fieldByCql = new LinkedHashMap<>();

  DaoContext(DaoModel dao, ClassName mapper) {
    this.dao = dao;
    this.mapper = mapper;
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
