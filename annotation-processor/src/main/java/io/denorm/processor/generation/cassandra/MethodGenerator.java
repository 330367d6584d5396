package io.denorm.processor.generation.cassandra;

import com.palantir.javapoet.MethodSpec;

/** Generates the implementation of one kind of DAO method. */
interface MethodGenerator {
  MethodSpec generate(DaoContext context);
}
