package io.denorm.processor.generation;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import io.denorm.processor.model.ColumnModel;
import io.denorm.processor.model.DistinctModel;
import io.denorm.processor.model.QueryMethodModel;
import java.util.function.BiFunction;
import javax.lang.model.element.Modifier;

/** The code of a {@code @CountDistinct}: the DAO field, the step after a save, the count's read and recount. Shared by both stores. */
public final class DistinctCode {

  private DistinctCode() {}

  /** The DAO field holding the count, of the store's type {@code type}. */
  public static FieldSpec field(DistinctModel d, ClassName type) {
    return FieldSpec.builder(type, GeneratedNames.distinctField(d), Modifier.PRIVATE, Modifier.FINAL)
        .addJavadoc("The distinct $L per $L ({@code @CountDistinct $L}): pairs in table {@code $L}, counts in table {@code $L}.\n",
            d.distinct().fieldName(), d.group().fieldName(), d.name(), d.membersTable(), d.name())
        .build();
  }

  /** {@code long uniqueVisitors(String site)} or its recount. */
  public static MethodSpec method(QueryMethodModel.DistinctCount dc, BiFunction<ColumnModel, CodeBlock, CodeBlock> value) {
    DistinctModel d = dc.distinct();
    String group = dc.method().getParameters().get(0).getSimpleName().toString();
    CodeBlock call = CodeBlock.of("$N.$L($L)", GeneratedNames.distinctField(d), dc.recount() ? "recount" : "count", value.apply(d.group(), CodeBlock.of("$N", group)));
    return MethodSpec.overriding(dc.method())
        .addJavadoc(dc.recount()
                ? "Counts the pairs of {@code $L} in table {@code $L} and moves its count in table {@code $L} to that number; returns it.\n"
                + "Run it when no row of the group is being saved.\n"
                : "The number of distinct {@code $L} saved with {@code $L}: one read of table {@code $L} (0 when none).\n",
            dc.recount() ? group : d.distinct().fieldName(), dc.recount() ? d.membersTable() : group, d.name())
        .addStatement("$T.argument($S, $S, $N)", MethodCode.KEY_CHECKS, d.name(), d.group().fieldName(), group)
        .addStatement(dc.async() ? "return $L" : "return join($L)", call)
        .build();
  }
}
