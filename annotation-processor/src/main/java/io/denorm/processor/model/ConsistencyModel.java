package io.denorm.processor.model;

import javax.lang.model.element.AnnotationMirror;

/**
 * An entity's {@code @Consistency}: the statement options its Cassandra DAO applies. Empty strings
 * and 0 mean the driver's defaults.
 *
 * @param mirror where diagnostics about it are reported
 */
public record ConsistencyModel(String level, String serial, long timeoutMillis, String executionProfile, AnnotationMirror mirror) {}
