package io.lumen.testkit.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

class PerClassTest {
    static final AtomicInteger STARTED = new AtomicInteger();
    static final AtomicInteger CLOSED = new AtomicInteger();

    record Resource(int n) implements AutoCloseable {
        @Override
        public void close() {
            CLOSED.incrementAndGet();
        }
    }

    @RegisterExtension
    static final PerClass<Resource> resource = PerClass.of(() -> new Resource(STARTED.incrementAndGet()));

    @Test
    void startsOnceBeforeTheFirstTest() {
        assertEquals(1, STARTED.get());
        assertSame(resource.get(), resource.get());
        assertEquals(0, CLOSED.get());
    }

    @Test
    void everyTestOfTheClassSharesIt() {
        assertEquals(1, resource.get().n());
    }

    @Test
    void anUnregisteredOneSaysSo() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> PerClass.of(() -> new Resource(0)).get());
        assertEquals("not started: register PerClass as a static @RegisterExtension field", e.getMessage());
    }

    @Test
    void afterTheLastTestItIsClosedAndGone() throws Exception {
        AtomicInteger closed = new AtomicInteger();
        PerClass<AutoCloseable> own = PerClass.of(() -> closed::incrementAndGet);
        own.beforeAll(null); // the callbacks do not read their context
        own.get();
        own.afterAll(null);
        assertEquals(1, closed.get());
        assertThrows(IllegalStateException.class, own::get);
    }
}
