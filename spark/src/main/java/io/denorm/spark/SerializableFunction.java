package io.denorm.spark;

import java.io.Serializable;
import java.util.function.Function;

/** A function Spark can send to its executors (a method reference such as {@code User::id} is one). */
@FunctionalInterface
public interface SerializableFunction<T, R> extends Function<T, R>, Serializable {}
