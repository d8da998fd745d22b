package io.lumen.proxy.testing;

import io.lumen.testkit.core.Pace;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A misbehaving upstream on a raw {@link ServerSocket} at 127.0.0.1: what it does with each
 * connection is its {@link Behaviour}. It counts accepted connections and keeps the request heads it
 * read.
 */
public final class RawBackend implements AutoCloseable {

    /** What to do with one accepted connection. */
    @FunctionalInterface
    public interface Behaviour {
        void handle(Socket socket, RawBackend backend) throws Exception;
    }

    private final ServerSocket server;
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "raw-backend");
        t.setDaemon(true);
        return t;
    });
    private final AtomicInteger accepted = new AtomicInteger();
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicInteger maxOpen = new AtomicInteger();
    private final List<String> heads = new CopyOnWriteArrayList<>();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private volatile boolean closed;

    private RawBackend(Behaviour behaviour) throws IOException {
        server = new ServerSocket(0, 200, InetAddress.getByName("127.0.0.1"));
        threads.execute(() -> {
            while (!closed) {
                Socket s;
                try {
                    s = server.accept();
                } catch (IOException e) {
                    return;
                }
                accepted.incrementAndGet();
                maxOpen.accumulateAndGet(open.incrementAndGet(), Math::max);
                sockets.add(s);
                threads.execute(() -> {
                    try {
                        behaviour.handle(s, this);
                    } catch (Exception e) {
                        // the behaviour ends the connection as it likes; errors are part of the game
                    } finally {
                        quietClose(s);
                        sockets.remove(s);
                        open.decrementAndGet();
                    }
                });
            }
        });
    }

    public static RawBackend start(Behaviour behaviour) {
        try {
            return new RawBackend(behaviour);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Accepts and closes at once, reading nothing. */
    public static Behaviour acceptAndClose() {
        return (s, b) -> s.close();
    }

    /** Answers 200 {@code ok} to every bodiless request on a kept-alive connection, recording each head as sent. */
    public static Behaviour okKeepAlive() {
        return (s, b) -> {
            for (;;) {
                String head = readHead(s.getInputStream());
                if (head.isEmpty()) {
                    return;
                }
                b.heads.add(head);
                s.getOutputStream().write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok".getBytes(StandardCharsets.US_ASCII));
                s.getOutputStream().flush();
            }
        };
    }

    /** Reads the request head, then resets the connection (RST: SO_LINGER 0). */
    public static Behaviour resetAfterHead() {
        return (s, b) -> {
            b.heads.add(readHead(s.getInputStream()));
            reset(s);
        };
    }

    /** Reads the request head, then closes the connection cleanly without a word. */
    public static Behaviour closeAfterHead() {
        return (s, b) -> {
            b.heads.add(readHead(s.getInputStream()));
            s.close();
        };
    }

    /** Reads the request head, waits {@code ms}, then answers 200 {@code late} and closes. */
    public static Behaviour answerAfter(long ms) {
        return (s, b) -> {
            b.heads.add(readHead(s.getInputStream()));
            Pace.slowBackend(Duration.ofMillis(ms));
            s.getOutputStream().write(("HTTP/1.1 200 OK\r\nContent-Length: 4\r\nConnection: close\r\n\r\nlate")
                    .getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
        };
    }

    public int port() {
        return server.getLocalPort();
    }

    public String url() {
        return "http://127.0.0.1:" + port();
    }

    public int accepted() {
        return accepted.get();
    }

    /** Connections accepted and not yet closed on this side. */
    public int open() {
        return open.get();
    }

    /** The most connections open at once. */
    public int maxOpen() {
        return maxOpen.get();
    }

    /** The request heads read so far (request line and headers). */
    public List<String> heads() {
        return List.copyOf(heads);
    }

    @Override
    public void close() {
        closed = true;
        quietClose(server);
        for (Socket s : sockets) {
            quietClose(s);
        }
        threads.shutdownNow();
    }

    public static void reset(Socket s) throws SocketException {
        s.setSoLinger(true, 0);
        quietClose(s);
    }

    /** Reads up to the blank line after the headers (or EOF). */
    public static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int state = 0;
        int c;
        while (state < 4 && (c = in.read()) >= 0) {
            head.write(c);
            state = (c == '\r' && (state == 0 || state == 2)) || (c == '\n' && (state == 1 || state == 3)) ? state + 1 : 0;
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    private static void quietClose(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception ignored) {
            // closing anyway
        }
    }
}
