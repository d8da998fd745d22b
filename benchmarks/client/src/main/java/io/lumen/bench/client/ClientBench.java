package io.lumen.bench.client;

import io.lumen.config.ConfigLoader;
import io.lumen.server.LumenServer;
import io.lumen.server.Readiness;
import io.lumen.server.ServerConfig;
import io.undertow.server.HttpHandler;
import io.undertow.util.Headers;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The fair http2client benchmark: one Lumen HTTPS + HTTP/2 server in this JVM; for each client and
 * each window (requests in flight), 10,000 GET /get?name=Steve then 10,000 POST /post (body Steve),
 * every response's status and body checked. A window of N keeps exactly N requests outstanding:
 * N are started, and each completion starts the next, on whatever thread the client completes on.
 * One warm-up round is discarded, then ROUNDS rounds; clients rotate their order every round.
 *
 * <p>Settings (system properties): bench.clients (lumen,jdk,okhttp,jetty,light4j), bench.windows
 * (1,16,128), bench.requests (10000), bench.rounds (3), bench.warmups (1).
 */
public final class ClientBench {
    static final String EXPECTED = "Hello Steve";

    public static void main(String[] args) throws Exception {
        List<String> clients = List.of(System.getProperty("bench.clients", "lumen,jdk,okhttp,jetty,light4j").split(","));
        int[] windows = Arrays.stream(System.getProperty("bench.windows", "1,16,128").split(","))
                .mapToInt(Integer::parseInt).toArray();
        int requests = Integer.getInteger("bench.requests", 10_000);
        int rounds = Integer.getInteger("bench.rounds", 3);
        int warmups = Integer.getInteger("bench.warmups", 1);

        Path dir = Files.createTempDirectory("client-bench");
        copy("tls/server.p12", dir.resolve("server.p12"));
        copy("tls/client-trust.p12", dir.resolve("client.truststore"));
        Files.writeString(dir.resolve("server.yml"), String.join("\n",
                "ip: 127.0.0.1", "enableHttp: false", "enableHttps: true", "httpsPort: 0", "enableHttp2: true",
                "keystoreName: server.p12", "keystorePass: changeit", "serviceId: client-bench",
                // the largest window (128 in flight on one connection) above the server's default stream
                // limit (100): light-4j's client fails a stream over it instead of queueing it
                "http2MaxConcurrentStreams: 1000", ""));
        // light-4j reads client.yml from its jar and values from this directory
        Files.writeString(dir.resolve("values.yml"), String.join("\n",
                "client.trustStore: client.truststore", "client.trustStorePass: changeit",
                "client.loadDefaultTrustStore: false", "client.verifyHostname: true", ""));
        System.setProperty("light-4j-config-dir", dir.toString());

        ConfigLoader loader = ConfigLoader.builder().configDirs(List.of(dir)).build();
        LumenServer server = new LumenServer(loader.load("server", ServerConfig.class), loader, new Readiness());
        server.start(handler());
        String base = "https://localhost:" + server.httpsPort();

        KeyStore trust = KeyStore.getInstance("PKCS12");
        try (InputStream in = ClientBench.class.getResourceAsStream("/tls/client-trust.p12")) {
            trust.load(in, "changeit".toCharArray());
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        X509TrustManager tm = (X509TrustManager) tmf.getTrustManagers()[0];
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(null, tmf.getTrustManagers(), null);

        System.out.printf(Locale.ROOT, "server %s (Lumen, HTTPS + HTTP/2, %d IO threads); java %s; %d cores%n", base,
                server.config().ioThreads(), Runtime.version(), Runtime.getRuntime().availableProcessors());
        List<Drivers.Driver> drivers = new ArrayList<>();
        for (String c : clients) {
            Drivers.Driver d = Drivers.create(c.trim(), base, trust, ctx, tm);
            drivers.add(d);
            System.out.printf(Locale.ROOT, "client %-8s negotiated %s%n", d.name(), d.protocol());
        }

        // results[client][window] -> per-round {getMs, postMs}
        Map<String, Map<Integer, List<double[]>>> results = new LinkedHashMap<>();
        AtomicInteger failed = new AtomicInteger();
        for (int w : windows) {
            for (int round = -warmups; round < rounds; round++) {
                int shift = Math.floorMod(round, drivers.size());
                for (int k = 0; k < drivers.size(); k++) {
                    Drivers.Driver d = drivers.get((k + shift) % drivers.size());
                    double get = run(d, false, w, requests, failed);
                    double post = run(d, true, w, requests, failed);
                    if (round >= 0) {
                        results.computeIfAbsent(d.name(), x -> new LinkedHashMap<>())
                                .computeIfAbsent(w, x -> new ArrayList<>()).add(new double[] {get, post});
                    }
                    System.err.printf(Locale.ROOT, "  %-8s window %3d round %2d: GET %8.1f ms  POST %8.1f ms%n",
                            d.name(), w, round, get, post);
                }
            }
        }
        for (Drivers.Driver d : drivers) {
            d.close();
        }

        double scale = 10_000.0 / requests;
        System.out.println();
        System.out.printf(Locale.ROOT, "| client | in flight | GET ms/10K | POST ms/10K | req/s (GET+POST) |%n");
        System.out.printf(Locale.ROOT, "|---|---:|---:|---:|---:|%n");
        Map<String, Map<Integer, Double>> rps = new LinkedHashMap<>();
        for (int w : windows) {
            for (String c : results.keySet()) {
                List<double[]> rs = results.get(c).get(w);
                double get = median(rs.stream().mapToDouble(r -> r[0]).toArray());
                double post = median(rs.stream().mapToDouble(r -> r[1]).toArray());
                double r = median(rs.stream().mapToDouble(x -> 2.0 * requests / ((x[0] + x[1]) / 1000.0)).toArray());
                rps.computeIfAbsent(c, x -> new LinkedHashMap<>()).put(w, r);
                System.out.printf(Locale.ROOT, "| %s | %d | %.0f | %.0f | %.0f |%n", c, w, get * scale, post * scale, r);
            }
        }
        System.out.println();
        for (int w : windows) {
            StringBuilder line = new StringBuilder("ratios at " + w + " in flight (Lumen req/s over theirs):");
            for (String c : rps.keySet()) {
                if (!c.equals("lumen") && rps.containsKey("lumen")) {
                    line.append(String.format(Locale.ROOT, " %s=%.2f", c, rps.get("lumen").get(w) / rps.get(c).get(w)));
                }
            }
            System.out.println(line);
        }
        int top = Arrays.stream(windows).max().orElse(128);
        StringBuilder last = new StringBuilder("client-bench");
        for (String c : List.of("jdk", "okhttp", "jetty", "light4j")) {
            String v = rps.containsKey("lumen") && rps.containsKey(c)
                    ? String.format(Locale.ROOT, "%.2f", rps.get("lumen").get(top) / rps.get(c).get(top)) : "NA";
            last.append(" lumen_vs_").append(c).append('=').append(v);
        }
        last.append(" failed_responses=").append(failed.get());
        System.out.println(last);
        server.stop(null);
        System.exit(0);
    }

    /** Sends {@code total} requests keeping {@code window} in flight; returns elapsed ms. */
    static double run(Drivers.Driver d, boolean post, int window, int total, AtomicInteger failed) throws Exception {
        CountDownLatch latch = new CountDownLatch(total);
        AtomicInteger issued = new AtomicInteger();
        AtomicInteger bad = new AtomicInteger();
        Drivers.Done[] self = new Drivers.Done[1];
        Runnable next = () -> {
            if (issued.getAndIncrement() < total) {
                if (post) {
                    d.post(self[0]);
                } else {
                    d.get(self[0]);
                }
            }
        };
        self[0] = (status, body, error) -> {
            if (error != null || status != 200 || !EXPECTED.equals(body)) {
                if (bad.getAndIncrement() < 3) {
                    System.err.println("  bad response from " + d.name() + ": " + status + " '" + body + "' " + error);
                }
            }
            latch.countDown();
            next.run();
        };
        long t0 = System.nanoTime();
        for (int i = 0; i < window; i++) {
            next.run();
        }
        boolean all = latch.await(180, TimeUnit.SECONDS);
        double ms = (System.nanoTime() - t0) / 1e6;
        failed.addAndGet(bad.get() + (all ? 0 : (int) latch.getCount()));
        return ms;
    }

    static HttpHandler handler() {
        return ex -> {
            switch (ex.getRequestPath()) {
                case "/get" -> {
                    var name = ex.getQueryParameters().get("name");
                    ex.getResponseHeaders().put(Headers.CONTENT_TYPE, "text/plain");
                    ex.getResponseSender().send("Hello " + (name == null ? "" : name.getFirst()));
                }
                case "/post" -> ex.getRequestReceiver().receiveFullString((e, body) -> {
                    e.getResponseHeaders().put(Headers.CONTENT_TYPE, "text/plain");
                    e.getResponseSender().send("Hello " + body);
                }, StandardCharsets.UTF_8);
                default -> {
                    ex.setStatusCode(404);
                    ex.endExchange();
                }
            }
        };
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static void copy(String resource, Path to) throws Exception {
        try (InputStream in = ClientBench.class.getResourceAsStream("/" + resource)) {
            Files.copy(in, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
