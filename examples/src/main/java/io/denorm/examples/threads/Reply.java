package io.denorm.examples.threads;

import java.util.List;

/** A comment of a thread and the replies to it, each a comment with replies of its own. */
public record Reply(String author, String text, List<Reply> replies) {

  /** A comment without replies yet. */
  public Reply(String author, String text) {
    this(author, text, List.of());
  }
}
