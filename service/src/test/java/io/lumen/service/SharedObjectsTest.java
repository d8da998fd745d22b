package io.lumen.service;

import io.lumen.handler.testing.TestService;
import io.lumen.server.ServiceContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/** ServiceContext.shared: one instance per type, factories that ask for other shared objects, close order. */
class SharedObjectsTest {
    @TempDir
    Path dir;

    record Closing(String name, List<String> log) implements AutoCloseable {
        @Override
        public void close() {
            log.add(name);
        }
    }

    static final class Pool implements AutoCloseable {
        final Closing closing;

        Pool(List<String> log) {
            closing = new Closing("pool", log);
        }

        @Override
        public void close() {
            closing.close();
        }
    }

    static final class Store implements AutoCloseable {
        final Pool pool;
        final Closing closing;

        Store(Pool pool, List<String> log) {
            this.pool = pool;
            closing = new Closing("store", log);
        }

        @Override
        public void close() {
            closing.close();
        }
    }

    @Test
    void aFactoryMayAskForAnotherSharedObjectAndObjectsCloseNewestFirstAfterTheDrain() {
        List<String> closed = new CopyOnWriteArrayList<>();
        TestService s = TestService.in(dir).file("handler.yml", "paths: []\n").start();
        ServiceContext context = s.service().context();
        Store store = context.shared(Store.class, () -> new Store(context.shared(Pool.class, () -> new Pool(closed)), closed));
        assertSame(store, context.shared(Store.class, () -> { throw new AssertionError("created twice"); }));
        assertSame(store.pool, context.shared(Pool.class, () -> { throw new AssertionError("created twice"); }));
        s.close();
        assertEquals(List.of("store", "pool"), closed); // the store before the pool it was built on
    }
}
