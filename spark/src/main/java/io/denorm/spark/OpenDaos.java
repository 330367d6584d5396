package io.denorm.spark;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The DAOs this JVM has opened for Spark tasks, one per {@link DaoSource#key()}, kept for the JVM's life. */
final class OpenDaos {

  private static final Map<String, Object> DAOS = new ConcurrentHashMap<>();

  private OpenDaos() {}

  @SuppressWarnings("unchecked")
  static <D> D open(DaoSource<D> source) {
    return (D) DAOS.computeIfAbsent(source.key(), k -> source.open());
  }
}
