package io.lumen.client.pool;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.xnio.OptionMap;
import org.xnio.Options;
import org.xnio.Xnio;
import org.xnio.XnioIoThread;
import org.xnio.XnioWorker;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PerIoThreadTest {
    private XnioWorker first;
    private XnioWorker second;

    @BeforeEach
    void workers() throws Exception {
        OptionMap oneThread = OptionMap.create(Options.WORKER_IO_THREADS, 1);
        first = Xnio.getInstance().createWorker(oneThread);
        second = Xnio.getInstance().createWorker(oneThread);
    }

    @AfterEach
    void shutdown() {
        first.shutdownNow();
        second.shutdownNow();
    }

    @Test
    void eachThreadKeepsItsOwnObjectEvenWhenAnotherWorkersThreadHasTheSameNumber() {
        XnioIoThread a = first.getIoThread(0);
        XnioIoThread b = second.getIoThread(0);
        assertEquals(a.getNumber(), b.getNumber(), "the case under test: two threads numbered alike");
        AtomicInteger made = new AtomicInteger();
        PerIoThread<Object> perThread = new PerIoThread<>(t -> {
            made.incrementAndGet();
            return new Object();
        });

        Object ofA = perThread.get(a);
        Object ofB = perThread.get(b);
        assertNotSame(ofA, ofB);
        for (int i = 0; i < 3; i++) { // alternating must not replace either one
            assertSame(ofA, perThread.get(a));
            assertSame(ofB, perThread.get(b));
        }
        assertEquals(2, made.get(), "one object per thread, made once");
        List<Object> values = perThread.values();
        assertEquals(2, values.size(), values.toString());
        assertTrue(values.contains(ofA) && values.contains(ofB), values.toString());
    }
}
