package io.denorm.processor.model;

/** The single-valued Java types a column can hold, with the CQL type each is stored as. */
public enum ScalarKind {
  STRING("java.lang.String", "text"),
  INT("java.lang.Integer", "int"),
  LONG("java.lang.Long", "bigint"),
  SHORT("java.lang.Short", "smallint"),
  BYTE("java.lang.Byte", "tinyint"),
  FLOAT("java.lang.Float", "float"),
  DOUBLE("java.lang.Double", "double"),
  BOOLEAN("java.lang.Boolean", "boolean"),
  DECIMAL("java.math.BigDecimal", "decimal"),
  VARINT("java.math.BigInteger", "varint"),
  UUID("java.util.UUID", "uuid"),
  INSTANT("java.time.Instant", "timestamp"),
  LOCAL_DATE("java.time.LocalDate", "date"),
  LOCAL_TIME("java.time.LocalTime", "time"),
  BLOB("byte[]", "blob");

  private final String javaName;
  private final String cqlType;

  ScalarKind(String javaName, String cqlType) {
    this.javaName = javaName;
    this.cqlType = cqlType;
  }

  /** The boxed or reference Java type's canonical name ({@code byte[]} for blobs). */
  public String javaName() {
    return javaName;
  }

  public String cqlType() {
    return cqlType;
  }

  /** The kind whose boxed or reference type is {@code canonicalName}, or null. */
  public static ScalarKind ofJavaName(String canonicalName) {
    for (ScalarKind kind : values()) {
      if (kind.javaName.equals(canonicalName)) {
        return kind;
      }
    }
    return null;
  }
}
