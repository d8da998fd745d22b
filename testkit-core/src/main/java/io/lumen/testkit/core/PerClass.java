package io.lumen.testkit.core;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.concurrent.Callable;

/**
 * Something a test class starts once before its first test and closes after its last (a test
 * server, a backend, a database), instead of the same {@code @BeforeAll}/{@code @AfterAll} pair
 * in every class:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final PerClass<TestServer> server = PerClass.of(() -> TestServer.start(true));
 *
 * @Test void gets() { client.send(Request.get(server.get().http("/")).build()); }
 * }</pre>
 *
 * Register it {@code static}; {@link #get()} is valid between the class's first and last test
 * and may be called from any thread (the value is set before any test runs).
 */
public final class PerClass<T extends AutoCloseable> implements BeforeAllCallback, AfterAllCallback {
    private final Callable<T> start;
    private volatile T value;

    private PerClass(Callable<T> start) {
        this.start = start;
    }

    /** A resource {@code start} creates before the class's first test; it is closed after the last. */
    public static <T extends AutoCloseable> PerClass<T> of(Callable<T> start) {
        return new PerClass<>(start);
    }

    /** The running resource. */
    public T get() {
        T v = value;
        if (v == null) {
            throw new IllegalStateException("not started: register PerClass as a static @RegisterExtension field");
        }
        return v;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        value = start.call();
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        T v = value;
        value = null;
        if (v != null) {
            v.close();
        }
    }
}
