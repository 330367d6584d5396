package io.denorm.processor.model;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;

/**
 * The {@code @Entity(salt = @Salt(…))} of an entity, as written (checked by the entity validator).
 *
 * @param on the salted field names as given
 * @param entityMirror the {@code @Entity} annotation, to place diagnostics
 * @param value the {@code salt} value of it, to place diagnostics
 */
public record SaltModel(int buckets, List<String> on, AnnotationMirror entityMirror, AnnotationValue value) {

  /** How many leading key components pick the bucket. */
  public int fields() {
    return on.size();
  }

  /** The split points of the pre-split master table, base64: one byte each, {@code 1} to {@code buckets - 1}. */
  public List<String> splits() {
    List<String> out = new ArrayList<>();
    for (int b = 1; b < buckets; b++) {
      out.add(Base64.getEncoder().encodeToString(new byte[] {(byte) b}));
    }
    return out;
  }
}
