package io.denorm;

/**
 * What generated code calls for a {@link io.denorm.annotations.Convert} field: the shared instance
 * of a converter class, and null-safe conversions that name the entity and field when a converter
 * refuses a value.
 */
public final class Converters {

  private Converters() {}

  private static final ClassValue<Object> INSTANCES = new ClassValue<>() {
    @Override
    protected Object computeValue(Class<?> type) {
      try {
        java.lang.reflect.Constructor<?> constructor = type.getDeclaredConstructor();
        constructor.setAccessible(true);
        return constructor.newInstance();
      } catch (ReflectiveOperationException | RuntimeException e) {
        throw new DenormException("cannot create converter " + type.getName() + " (it needs a public no-argument constructor): " + e, e);
      }
    }
  };

  /** The instance of {@code type} every DAO of this class loader shares. */
  public static <T> T of(Class<T> type) {
    return type.cast(INSTANCES.get(type));
  }

  /**
   * {@code value} in its stored form; null stays null. A converter that throws is reported as an
   * {@link InvalidEntityException} naming {@code entity} and {@code field}.
   */
  public static <J, C> C toColumn(Converter<J, C> converter, J value, String entity, String field) {
    if (value == null) {
      return null;
    }
    try {
      return converter.toColumn(value);
    } catch (RuntimeException e) {
      throw new InvalidEntityException(entity, field, converter.getClass().getSimpleName() + " refused " + value + ": " + e.getMessage());
    }
  }

  /** The field value of a stored {@code column}; null stays null. */
  public static <J, C> J fromColumn(Converter<J, C> converter, C column, String entity, String field) {
    if (column == null) {
      return null;
    }
    try {
      return converter.fromColumn(column);
    } catch (RuntimeException e) {
      throw new DenormException(entity + "." + field + ": " + converter.getClass().getSimpleName() + " cannot read the stored value " + column
          + ": " + e.getMessage(), e);
    }
  }
}
