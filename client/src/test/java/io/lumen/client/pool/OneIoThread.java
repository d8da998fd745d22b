package io.lumen.client.pool;

import io.undertow.connector.ByteBufferPool;
import io.undertow.server.DefaultByteBufferPool;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.xnio.OptionMap;
import org.xnio.Options;
import org.xnio.Xnio;
import org.xnio.XnioIoThread;
import org.xnio.XnioWorker;

/** Pool tests on a worker of one IO thread: the test's pool is closed, then the worker, after each test. */
abstract class OneIoThread {
    XnioWorker worker;
    XnioIoThread thread;
    final ByteBufferPool buffers = new DefaultByteBufferPool(false, 4096);
    ConnectionPool pool;

    @BeforeEach
    void startWorker() throws Exception {
        worker = Xnio.getInstance().createWorker(OptionMap.create(Options.WORKER_IO_THREADS, 1));
        thread = worker.getIoThread();
    }

    @AfterEach
    void stopWorker() {
        if (pool != null) {
            pool.close();
        }
        worker.shutdownNow();
    }
}
