import com.sun.net.httpserver.HttpServer;

import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The tracing benchmark's collector: accepts OTLP/HTTP exports on 127.0.0.1:<port>, answers 200 and
 * counts export requests and bytes, written to <count-file> after every export ("requests bytes").
 * It does not decode the spans: the benchmark prices the service, not a collector.
 * Run with the JDK's source launcher: java OtlpSink.java <port> <count-file>
 */
public final class OtlpSink {
    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        Path counts = Path.of(args[1]);
        AtomicLong requests = new AtomicLong();
        AtomicLong bytes = new AtomicLong();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 64);
        server.createContext("/v1/traces", exchange -> {
            long n;
            try (InputStream in = exchange.getRequestBody()) {
                n = in.transferTo(java.io.OutputStream.nullOutputStream());
            }
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
            long r = requests.incrementAndGet();
            long b = bytes.addAndGet(n);
            synchronized (OtlpSink.class) {
                Files.writeString(counts, r + " " + b + "\n");
            }
        });
        server.createContext("/ready", exchange -> {
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        server.setExecutor(Executors.newFixedThreadPool(2));
        server.start();
        System.out.println("otlp sink on 127.0.0.1:" + port);
    }
}
