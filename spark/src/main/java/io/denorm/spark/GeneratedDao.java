package io.denorm.spark;

import io.denorm.DenormException;

/** Constructs a generated DAO by its class name, as a task in an executor does. */
final class GeneratedDao {

  private GeneratedDao() {}

  /** {@code new daoClass(connection, schema)}, the constructor every generated DAO has. */
  @SuppressWarnings("unchecked")
  static <D> D construct(String daoClass, Class<?> connectionType, Object connection, String schema) {
    try {
      return (D) Class.forName(daoClass, true, loader()).getConstructor(connectionType, String.class).newInstance(connection, schema);
    } catch (ReflectiveOperationException e) {
      throw new DenormException("cannot construct " + daoClass + "(" + connectionType.getSimpleName() + ", String): " + e
          + " (is the application's jar, with its generated DAOs, on the executors' class path?)", e);
    }
  }

  private static ClassLoader loader() {
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    return context != null ? context : GeneratedDao.class.getClassLoader();
  }
}
