package io.lumen.client.testing;

import io.undertow.Undertow;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderValues;
import io.undertow.util.Headers;
import io.undertow.util.SameThreadExecutor;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * A token endpoint and a protected API of the tests' own, on a free loopback port (Undertow, never
 * blocking its IO threads):
 * <ul>
 *   <li>{@code POST /oauth2/token} records each request (headers, form fields) and answers what
 *       {@link #answer} says for the n-th request; by default {@code {"access_token":"tok-n",
 *       "token_type":"Bearer","expires_in":<lifetimeSeconds>}}. While {@link #hold()} is on, requests
 *       wait (without a thread) until {@link #release()}.</li>
 *   <li>{@code /api/...} answers 200 {@code ok <token>} to a bearer token this server issued and did
 *       not {@link #revoke}, 401 otherwise; it records each Authorization header it saw.</li>
 * </ul>
 */
public final class TokenServer implements AutoCloseable {
    /** One request to the token endpoint: header values by lower-case name, form fields by name. */
    public record Recorded(Map<String, String> headers, Map<String, String> form) {
    }

    /** What the token endpoint answers: a status and a body. */
    public record Answer(int status, String body) {
    }

    public final AtomicInteger tokenHits = new AtomicInteger();
    public final AtomicInteger apiHits = new AtomicInteger();
    public final List<Recorded> requests = new CopyOnWriteArrayList<>();
    public final List<String> apiAuthorizations = new CopyOnWriteArrayList<>();
    private final Set<String> issued = ConcurrentHashMap.newKeySet();
    private final Set<String> revoked = ConcurrentHashMap.newKeySet();
    private final ConcurrentLinkedQueue<Runnable> parked = new ConcurrentLinkedQueue<>();
    private volatile boolean holding;
    private volatile IntFunction<Answer> answers;
    private volatile long lifetimeSeconds = 3600;
    private final Undertow undertow;

    private TokenServer() {
        this.answers = n -> new Answer(200, "{\"access_token\":\"tok-" + n + "\",\"token_type\":\"Bearer\",\"expires_in\":"
                + lifetimeSeconds + "}");
        this.undertow = Undertow.builder().addHttpListener(0, "127.0.0.1").setHandler(this::handle).build();
        undertow.start();
    }

    public static TokenServer start() {
        return new TokenServer();
    }

    /** {@code http://127.0.0.1:port} */
    public URI url() {
        int port = ((InetSocketAddress) undertow.getListenerInfo().get(0).getAddress()).getPort();
        return URI.create("http://127.0.0.1:" + port);
    }

    /** The answer to the n-th token request (1-based). */
    public void answer(IntFunction<Answer> byRequestNumber) {
        this.answers = byRequestNumber;
    }

    /** expires_in of the default answer. */
    public void lifetimeSeconds(long seconds) {
        this.lifetimeSeconds = seconds;
    }

    public void hold() {
        holding = true;
    }

    /** Token requests waiting while held. */
    public int parked() {
        return parked.size();
    }

    public void release() {
        holding = false;
        Runnable r;
        while ((r = parked.poll()) != null) {
            r.run();
        }
    }

    public void revoke(String token) {
        revoked.add(token);
    }

    public Recorded last() {
        return requests.get(requests.size() - 1);
    }

    private void handle(HttpServerExchange exchange) {
        if (exchange.getRequestPath().startsWith("/api")) {
            apiHits.incrementAndGet();
            String auth = exchange.getRequestHeaders().getFirst(Headers.AUTHORIZATION);
            apiAuthorizations.add(auth == null ? "" : auth);
            String token = auth != null && auth.startsWith("Bearer ") ? auth.substring(7) : null;
            if (token == null || !issued.contains(token) || revoked.contains(token)) {
                exchange.setStatusCode(401);
                exchange.getResponseSender().send("{\"error\":\"invalid_token\"}");
                return;
            }
            exchange.getResponseSender().send("ok " + token);
            return;
        }
        if (!exchange.getRequestPath().equals("/oauth2/token")) {
            exchange.setStatusCode(404);
            exchange.endExchange();
            return;
        }
        exchange.getRequestReceiver().receiveFullString((ex, body) -> {
            int n = tokenHits.incrementAndGet();
            Map<String, String> headers = new TreeMap<>();
            for (HeaderValues v : ex.getRequestHeaders()) {
                headers.put(v.getHeaderName().toString().toLowerCase(Locale.ROOT), v.getFirst());
            }
            requests.add(new Recorded(headers, form(body)));
            Answer a = answers.apply(n);
            Runnable answer = () -> {
                if (a.body().contains("\"access_token\":\"")) {
                    int from = a.body().indexOf("\"access_token\":\"") + 16;
                    issued.add(a.body().substring(from, a.body().indexOf('"', from)));
                }
                ex.setStatusCode(a.status());
                ex.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json");
                ex.getResponseSender().send(a.body());
            };
            if (holding) {
                ex.dispatch(SameThreadExecutor.INSTANCE, () -> parked.add(() -> ex.getIoThread().execute(answer)));
            } else {
                answer.run();
            }
        }, StandardCharsets.UTF_8);
    }

    private static Map<String, String> form(String body) {
        Map<String, String> form = new TreeMap<>();
        for (String pair : body.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            form.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                    URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return form;
    }

    /** Every token value issued so far. */
    public List<String> issued() {
        return new ArrayList<>(issued);
    }

    @Override
    public void close() {
        undertow.stop();
    }
}
