package io.denorm.cassandra;

import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.codec.TypeCodec;
import com.datastax.oss.driver.api.core.type.codec.registry.CodecRegistry;
import java.util.List;

/** Binds values whose Java types are only known at run time, each by the CQL type its marker declares. */
final class GenericBinding {
  private GenericBinding() {}

  @SuppressWarnings({"unchecked", "rawtypes"})
  static BoundStatementBuilder bind(CodecRegistry codecs, BoundStatementBuilder b, PreparedStatement ps, int from, List<Object> values) {
    for (int i = 0; i < values.size(); i++) {
      Object v = values.get(i);
      if (v == null) {
        b = b.setToNull(from + i);
      } else {
        DataType type = ps.getVariableDefinitions().get(from + i).getType();
        b = b.set(from + i, v, (TypeCodec) codecs.codecFor(type, v));
      }
    }
    return b;
  }
}
