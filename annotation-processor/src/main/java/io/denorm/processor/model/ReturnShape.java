package io.denorm.processor.model;

/** How a finder hands back its rows. */
public enum ReturnShape {
  OPTIONAL,
  LIST,
  STREAM,
  PAGE
}
