package io.denorm.cassandra;

import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.codec.TypeCodec;
import com.datastax.oss.driver.api.core.type.codec.registry.CodecRegistry;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Binds values whose Java types are only known at run time, each by the CQL type its marker
 * declares. The codec of a (CQL type, Java class) pair is looked up in the session's registry once
 * and then kept: the registry's own look-up tries its codecs one by one on every call. Collections
 * are looked up each time (their codec depends on their elements, not on their class).
 */
final class GenericBinding {
  private GenericBinding() {}

  private record Key(DataType type, Class<?> javaClass) {}

  /** The codecs found per registry (one per session), weakly held; {@link #last} spares the map for the usual single session. */
  private static final Map<CodecRegistry, Map<Key, TypeCodec<?>>> CACHES = Collections.synchronizedMap(new WeakHashMap<>());

  private record Last(java.lang.ref.WeakReference<CodecRegistry> registry, Map<Key, TypeCodec<?>> codecs) {}

  private static volatile Last last;

  @SuppressWarnings({"unchecked", "rawtypes"})
  static BoundStatementBuilder bind(CodecRegistry codecs, BoundStatementBuilder b, PreparedStatement ps, int from, List<Object> values) {
    Map<Key, TypeCodec<?>> cache = null;
    for (int i = 0; i < values.size(); i++) {
      Object v = values.get(i);
      if (v == null) {
        b = b.setToNull(from + i);
        continue;
      }
      DataType type = ps.getVariableDefinitions().get(from + i).getType();
      TypeCodec<?> codec;
      if (v instanceof Collection<?> || v instanceof Map<?, ?>) {
        codec = codecs.codecFor(type, v);
      } else {
        if (cache == null) {
          cache = cacheOf(codecs);
        }
        Key key = new Key(type, v.getClass());
        codec = cache.get(key);
        if (codec == null) {
          codec = codecs.codecFor(type, v);
          cache.put(key, codec);
        }
      }
      b = b.set(from + i, v, (TypeCodec) codec);
    }
    return b;
  }

  private static Map<Key, TypeCodec<?>> cacheOf(CodecRegistry registry) {
    Last l = last;
    if (l != null && l.registry().get() == registry) {
      return l.codecs();
    }
    Map<Key, TypeCodec<?>> codecs = CACHES.computeIfAbsent(registry, r -> new ConcurrentHashMap<>());
    last = new Last(new java.lang.ref.WeakReference<>(registry), codecs);
    return codecs;
  }
}
