package io.lumen.testkit;

import io.lumen.service.LumenService;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

/** {@code shared()}: test classes with the same folders and values get one service; other values another. */
class SharedServiceTest {
    private static final AtomicReference<LumenService> FIRST = new AtomicReference<>();
    private static final AtomicReference<LumenService> SECOND = new AtomicReference<>();

    @Nested
    class One {
        @RegisterExtension
        static LumenServiceExtension service = LumenServiceExtension.config("src/test/resources/svc")
                .value("server.serviceId", "shared").shared();

        @Test
        void recordsItsService() {
            check(FIRST, SECOND, service.service());
        }
    }

    @Nested
    class Two {
        @RegisterExtension
        static LumenServiceExtension service = LumenServiceExtension.config("src/test/resources/svc")
                .value("server.serviceId", "shared").shared();

        @RegisterExtension
        static LumenServiceExtension other = LumenServiceExtension.config("src/test/resources/svc")
                .value("server.serviceId", "other").shared();

        @Test
        void getsTheSameServiceForTheSameConfigAndAnotherForOtherValues() {
            check(FIRST, SECOND, service.service());
            assertNotSame(service.service(), other.service());
        }
    }

    /** Whichever class runs first records its service; the other must see the same one. */
    private static void check(AtomicReference<LumenService> first, AtomicReference<LumenService> second, LumenService s) {
        if (!first.compareAndSet(null, s)) {
            second.set(s);
            assertSame(first.get(), s);
        }
    }
}
