package io.denorm.processor.model;

/** The naming conventions of the data model. */
public final class Names {
  private Names() {}

  /** {@code sensorId} → {@code sensor_id}; {@code HTTPStatus} → {@code http_status}. */
  public static String snakeCase(String javaName) {
    StringBuilder out = new StringBuilder(javaName.length() + 8);
    for (int i = 0; i < javaName.length(); i++) {
      char c = javaName.charAt(i);
      if (Character.isUpperCase(c)) {
        boolean previousLower = i > 0 && (Character.isLowerCase(javaName.charAt(i - 1)) || Character.isDigit(javaName.charAt(i - 1)));
        boolean nextLower = i + 1 < javaName.length() && Character.isLowerCase(javaName.charAt(i + 1));
        boolean previousUpper = i > 0 && Character.isUpperCase(javaName.charAt(i - 1));
        if (i > 0 && (previousLower || (previousUpper && nextLower)) && out.charAt(out.length() - 1) != '_') {
          out.append('_');
        }
        out.append(Character.toLowerCase(c));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  public static String capitalize(String name) {
    return name.isEmpty() ? name : Character.toUpperCase(name.charAt(0)) + name.substring(1);
  }

  public static String decapitalize(String name) {
    return name.isEmpty() ? name : Character.toLowerCase(name.charAt(0)) + name.substring(1);
  }
}
