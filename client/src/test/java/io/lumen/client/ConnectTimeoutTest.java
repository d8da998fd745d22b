package io.lumen.client;

import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A listener that never accepts, with its accept queue full: Linux then drops further SYNs, so a
 * connect neither succeeds nor fails until the queue drains.
 */
class ConnectTimeoutTest {
    @Test
    void aConnectGivenUpAfterConnectTimeoutIsTrackedAndClosedWhenItCompletesLate() throws Exception {
        try (ServerSocket listener = new ServerSocket()) {
            listener.bind(new InetSocketAddress("127.0.0.1", 0), 1);
            List<Socket> fillers = new ArrayList<>();
            try {
                for (int i = 0; i < 4; i++) { // fill the accept queue (backlog 1 holds about 2)
                    Socket s = new Socket();
                    try {
                        s.connect(listener.getLocalSocketAddress(), 200);
                        fillers.add(s);
                    } catch (java.io.IOException full) {
                        s.close();
                        break;
                    }
                }
                URI uri = URI.create("http://127.0.0.1:" + listener.getLocalPort() + "/get");
                try (LumenClient client = LumenClient.builder().connectTimeout(300).maxRetries(0).build()) {
                    long t0 = System.nanoTime();
                    ClientException e = FailuresTest.failure(client.send(Request.get(uri).build()));
                    long ms = (System.nanoTime() - t0) / 1_000_000;
                    assertEquals(ClientException.CONNECT_FAILED, e.code());
                    assertTrue(e.getMessage().contains("connect timed out after 300 ms"), e.getMessage());
                    assertTrue(ms >= 250 && ms < 2000, "failed after " + ms + " ms");
                    PoolStats s = client.stats(uri);
                    assertEquals(0, s.pending() + s.inFlight() + s.open(), s.toString());
                    // the given-up connect stays tracked as abandoned until its socket resolves (on this
                    // kernel it is still pending here; a platform that cancels at once shows 0)
                    assertEquals(0, s.connecting(), s.toString());
                    assertTrue(s.abandoned() <= 1, s.toString());
                    // drain the queue: a late completion must be closed on arrival, never used
                    for (int i = 0; i < 8; i++) {
                        listener.setSoTimeout(200);
                        try {
                            listener.accept().close();
                        } catch (java.net.SocketTimeoutException none) {
                            break;
                        }
                    }
                    s = PoolTest.await(client, uri, p -> p.abandoned() == 0);
                    assertEquals(0, s.abandoned(), s.toString());
                    assertEquals(0, s.open(), "a late connection is closed, not pooled: " + s);
                }
            } finally {
                for (Socket s : fillers) {
                    s.close();
                }
            }
        }
    }
}
