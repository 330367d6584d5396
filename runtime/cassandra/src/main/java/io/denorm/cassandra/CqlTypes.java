package io.denorm.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.DataTypes;
import io.denorm.DenormException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The driver's {@link DataType} of a column type as the schema files write it ({@code text}, {@code
 * list<frozen<skill>>}, {@code map<text, int>}, {@code tuple<int, text>}), its user types taken from
 * the live keyspace: so that a statement adding a column is built by the driver's schema builder,
 * never from text.
 */
final class CqlTypes {

  private static final Map<String, DataType> PRIMITIVES = Map.ofEntries(
      Map.entry("ascii", DataTypes.ASCII), Map.entry("bigint", DataTypes.BIGINT), Map.entry("blob", DataTypes.BLOB),
      Map.entry("boolean", DataTypes.BOOLEAN), Map.entry("counter", DataTypes.COUNTER), Map.entry("date", DataTypes.DATE),
      Map.entry("decimal", DataTypes.DECIMAL), Map.entry("double", DataTypes.DOUBLE), Map.entry("duration", DataTypes.DURATION),
      Map.entry("float", DataTypes.FLOAT), Map.entry("inet", DataTypes.INET), Map.entry("int", DataTypes.INT),
      Map.entry("smallint", DataTypes.SMALLINT), Map.entry("text", DataTypes.TEXT), Map.entry("varchar", DataTypes.TEXT),
      Map.entry("time", DataTypes.TIME), Map.entry("timestamp", DataTypes.TIMESTAMP), Map.entry("timeuuid", DataTypes.TIMEUUID),
      Map.entry("tinyint", DataTypes.TINYINT), Map.entry("uuid", DataTypes.UUID), Map.entry("varint", DataTypes.VARINT));

  private CqlTypes() {}

  /** The type {@code cql} names, user types resolved in {@code keyspace}. */
  static DataType parse(String cql, KeyspaceMetadata keyspace) {
    return parse(cql.strip(), keyspace, false);
  }

  private static DataType parse(String cql, KeyspaceMetadata keyspace, boolean frozen) {
    int open = cql.indexOf('<');
    if (open < 0) {
      DataType primitive = PRIMITIVES.get(cql.toLowerCase(Locale.ROOT));
      if (primitive != null) {
        return primitive;
      }
      return keyspace.getUserDefinedType(CqlIdentifier.fromCql(cql)).map(t -> (DataType) (frozen ? t.copy(true) : t))
          .orElseThrow(() -> new DenormException("type " + cql + " is neither a CQL type nor a user type of " + keyspace.getName().asInternal()));
    }
    if (!cql.endsWith(">")) {
      throw new DenormException("column type not understood: " + cql);
    }
    String outer = cql.substring(0, open).strip().toLowerCase(Locale.ROOT);
    List<String> args = arguments(cql.substring(open + 1, cql.length() - 1));
    return switch (outer) {
      case "frozen" -> parse(args.get(0), keyspace, true);
      case "list" -> DataTypes.listOf(parse(args.get(0), keyspace, false), frozen);
      case "set" -> DataTypes.setOf(parse(args.get(0), keyspace, false), frozen);
      case "map" -> DataTypes.mapOf(parse(args.get(0), keyspace, false), parse(args.get(1), keyspace, false), frozen);
      case "tuple" -> DataTypes.tupleOf(args.stream().map(a -> parse(a, keyspace, false)).toArray(DataType[]::new));
      default -> throw new DenormException("column type not understood: " + cql);
    };
  }

  /** The comma-separated arguments of a type, split at the top level only. */
  private static List<String> arguments(String inner) {
    List<String> out = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < inner.length(); i++) {
      char c = inner.charAt(i);
      if (c == '<') {
        depth++;
      } else if (c == '>') {
        depth--;
      } else if (c == ',' && depth == 0) {
        out.add(inner.substring(start, i).strip());
        start = i + 1;
      }
    }
    out.add(inner.substring(start).strip());
    return out;
  }
}
