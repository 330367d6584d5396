package io.denorm.processor.model;

/** A {@code @Denormalized} field of {@code entity} copying the entity a DAO stores: a fan-out target of that DAO. */
public record SnippetHolder(EntityModel entity, ReferenceModel ref) {}
