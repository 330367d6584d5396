package io.denorm.processor.diag;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * A message and its arguments, found where nothing is reported (while a model is read) and reported
 * later by a validator, which puts the arguments only it knows (a method's signature) first.
 */
public record Problem(Message message, List<Object> args) {

  public static Problem of(Message message, Object... args) {
    return new Problem(message, Collections.unmodifiableList(Arrays.asList(args.clone())));
  }

  /** The arguments of {@link #message()}: {@code leading}, then this problem's own. */
  public Object[] argsAfter(Object... leading) {
    Object[] all = Arrays.copyOf(leading, leading.length + args.size());
    for (int i = 0; i < args.size(); i++) {
      all[leading.length + i] = args.get(i);
    }
    return all;
  }
}
