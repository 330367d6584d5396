package io.denorm.processor.diag;

import java.util.Locale;

/**
 * One entry of the catalog of messages ({@link Messages}, {@link DaoMessages}): a stable code and
 * the format of its sentence. A message says what was found, what was expected, and the fix.
 */
public interface Message {

  /** The entry's name in its catalog. */
  String name();

  /** The code, shown as {@code [denorm:Code]} and accepted by {@code @SuppressWarnings("denorm:Code")}. */
  String code();

  /** The format of the text, without the code prefix. */
  String template();

  /** The message with its code prefix: {@code [denorm:Code] text}. */
  default String format(Object... args) {
    return "[denorm:" + code() + "] " + String.format(Locale.ROOT, template(), args);
  }
}
