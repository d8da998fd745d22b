package io.lumen.client.pool;

import io.lumen.client.connect.UpstreamConnector;
import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.xnio.OptionMap;

import java.net.InetSocketAddress;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * An {@code h2c-prior} pool speaks cleartext HTTP/2 from the first byte, and a burst of requests
 * waits for the one connection being opened instead of opening one each (as over TLS once the
 * upstream spoke HTTP/2). The server answers with the protocol and the client's source port.
 */
class PriorKnowledgeTest extends OneIoThread {
    private Undertow server;
    private int port;

    @BeforeEach
    void start() {
        server = Undertow.builder().setServerOption(UndertowOptions.ENABLE_HTTP2, true)
                .addHttpListener(0, "127.0.0.1")
                .setHandler(ex -> ex.getResponseSender().send(ex.getProtocol() + " " + ex.getSourceAddress().getPort()))
                .build();
        server.start();
        port = ((InetSocketAddress) server.getListenerInfo().get(0).getAddress()).getPort();
    }

    @AfterEach
    void stop() {
        server.stop();
    }

    @Test
    void aBurstSharesOneHttp2Connection() throws Exception {
        OptionMap options = UpstreamConnector.options(false, true);
        pool = new ConnectionPool(URI.create("h2c-prior://127.0.0.1:" + port), new ConnectionPool.Settings(null, options,
                options, 4, 100, 60_000, 100, 5_000, System::currentTimeMillis));
        List<GetLease> burst = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            burst.add(new GetLease(thread, buffers, "127.0.0.1:" + port));
        }
        thread.execute(() -> burst.forEach(pool::acquire)); // all ask before the first connect completes
        List<String> answers = new ArrayList<>();
        for (GetLease g : burst) {
            answers.add(g.result.get(10, TimeUnit.SECONDS));
        }
        assertEquals(1, answers.stream().distinct().count(), "one connection carried the burst: " + answers);
        assertEquals("HTTP/2.0", answers.get(0).split(" ")[0], answers.toString());
        assertEquals(1, pool.openConnections());
    }
}
