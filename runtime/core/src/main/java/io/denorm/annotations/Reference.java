package io.denorm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Ids of rows of another entity, kept in this one instead of copies of them (reference, not embed:
 * the referenced rows change often, or are shared, or are many). The field holds one id, a {@code
 * List} or {@code Set} of ids, or a list of small embedded objects one of whose fields ({@link
 * #field()}) is the id, with extra data beside it (a holding: the stock id and the number held).
 *
 * <p>A DAO method {@code load<Field>(E)} returning {@code Map<Id, Target>}, {@code List<Target>}
 * or, for one id, {@code Optional<Target>} (each also in a {@code CompletionStage}) is generated as
 * an application-side join: the referenced rows are read in batches, each batch one request ({@code
 * IN} on Cassandra, a multi-get on HBase), a few batches in flight at once.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Reference {
  /** The referenced {@code @Entity}; its primary key must be one column of the id's type. */
  Class<?> value();

  /** For a list of embedded objects: the field of each element that holds the id. */
  String field() default "";
}
