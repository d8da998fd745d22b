package io.lumen.client.testing;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;

/**
 * A loopback listener that never accepts, its accept queue filled: Linux then drops further SYNs,
 * so a connect to it neither succeeds nor fails until {@link #drain} empties the queue.
 */
public final class HangingListener implements AutoCloseable {
    private final ServerSocket listener = new ServerSocket();
    private final List<Socket> fillers = new ArrayList<>();

    public HangingListener() throws IOException {
        listener.bind(new InetSocketAddress("127.0.0.1", 0), 1);
        for (int i = 0; i < 4; i++) { // fill the accept queue (backlog 1 holds about 2)
            Socket s = new Socket();
            try {
                s.connect(listener.getLocalSocketAddress(), 200);
                fillers.add(s);
            } catch (IOException full) {
                s.close();
                break;
            }
        }
    }

    public int port() {
        return listener.getLocalPort();
    }

    /** Accepts and closes what is queued, so a hanging connect completes (late). */
    public void drain() throws IOException {
        listener.setSoTimeout(200);
        for (int i = 0; i < 8; i++) {
            try {
                listener.accept().close();
            } catch (SocketTimeoutException none) {
                return;
            }
        }
    }

    @Override
    public void close() throws IOException {
        for (Socket s : fillers) {
            s.close();
        }
        listener.close();
    }
}
