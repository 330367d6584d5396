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
 * @param <T> the server or cluster
 * @param <C> the client handed to tests
 */
abstract class SharedServerExtension<T extends AutoCloseable, C extends AutoCloseable> implements BeforeAllCallback, ParameterResolver {

  private final String name;
  private final Class<T> targetType;
  private final Class<C> clientType;

  SharedServerExtension(String name, Class<T> targetType, Class<C> clientType) {
    this.name = name;
    this.targetType = targetType;
    this.clientType = clientType;
  }

  /** Starts the server (or names the cluster system properties give) with its data in {@code dir}. */
  abstract T start(Path dir);

  /** Opens the client tests get. */
  abstract C connect(T target);

  abstract String describe(T target);

  @Override
  public final void beforeAll(ExtensionContext context) {
    shared(context);
  }

  @SuppressWarnings("unchecked")
  private SharedClient<T, C> shared(ExtensionContext context) {
    ExtensionContext.Namespace namespace = ExtensionContext.Namespace.create(getClass());
    return context.getRoot().getStore(namespace).getOrComputeIfAbsent(name, k -> {
      T target = start(Path.of(System.getProperty("denorm.testkit.dir", "target/denorm-servers")).resolve(name));
      System.out.println("[denorm-testkit] " + describe(target));
      STARTED.put(name, target);
      return new SharedClient<>(target, this::connect);
    }, SharedClient.class);
  }

  /** The targets started so far in this JVM, by name (for code that runs before parameters are resolved). */
  private static final java.util.Map<String, Object> STARTED = new java.util.concurrent.ConcurrentHashMap<>();

  /** The target {@code name} a {@code beforeAll} of this extension started; fails when none did yet. */
  static <T> T started(String name, Class<T> type) {
    Object target = STARTED.get(name);
    if (target == null) {
      throw new IllegalStateException("no shared " + name + " yet: register the extension on the test class (@ExtendWith) first");
    }
    return type.cast(target);
  }

  @Override
  public final boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == clientType || type == targetType;
  }

  @Override
  public final Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    SharedClient<T, C> shared = shared(context);
    return parameter.getParameter().getType() == clientType ? shared.client : shared.target;
  }
}
