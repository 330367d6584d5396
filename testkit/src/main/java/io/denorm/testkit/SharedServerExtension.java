package io.denorm.testkit;

import java.nio.file.Path;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The JUnit 5 side of a server shared by a whole test run: started (or connected to) once, in the
 * root context's store, handed to every test class, closed when the run ends.
 *
 * @param <S> what is shared: the server or cluster and one client to it
 */
abstract class SharedServerExtension<S extends AutoCloseable> implements BeforeAllCallback, ParameterResolver {

  private final String name;
  private final Class<S> sharedType;

  SharedServerExtension(String name, Class<S> sharedType) {
    this.name = name;
    this.sharedType = sharedType;
  }

  /** Starts the server (or connects to the one system properties name) with its data in {@code dir}. */
  abstract S start(Path dir);

  /** The object handed to a parameter of {@code type}, or null when this extension has none. */
  abstract Object parameter(S shared, Class<?> type);

  @Override
  public final void beforeAll(ExtensionContext context) {
    shared(context);
  }

  private S shared(ExtensionContext context) {
    ExtensionContext.Namespace namespace = ExtensionContext.Namespace.create(getClass());
    return context.getRoot().getStore(namespace).getOrComputeIfAbsent(name,
        k -> start(Path.of(System.getProperty("denorm.testkit.dir", "target/denorm-servers")).resolve(name)), sharedType);
  }

  @Override
  public final boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameterType(parameter.getParameter().getType());
  }

  /** Whether this extension hands out objects of {@code type}; decided without starting anything. */
  abstract boolean parameterType(Class<?> type);

  @Override
  public final Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter(shared(context), parameter.getParameter().getType());
  }
}
