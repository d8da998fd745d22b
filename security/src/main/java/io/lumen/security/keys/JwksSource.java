package io.lumen.security.keys;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * A JSON Web Key Set read from an http(s) URL (JDK {@code HttpClient}, off the IO thread, bounded by a
 * timeout) or from a file. Holds the latest good snapshot kid -> key; a failed fetch keeps the previous
 * one. Fetches are rate-limited: {@link #refresh()} starts at most one fetch per interval, and callers
 * arriving while one runs share it. Thread-safe; never blocks the caller.
 */
public final class JwksSource {
    private static final Logger LOG = LoggerFactory.getLogger(JwksSource.class);

    private final String location;
    private final Supplier<CompletableFuture<String>> fetcher;
    private final long intervalNanos;
    private final long timeoutMillis;
    private volatile JwksDocument keys = JwksDocument.EMPTY;
    private CompletableFuture<Void> inFlight;   // guarded by this
    private long lastStart;                     // guarded by this; System.nanoTime() of the last fetch start
    private boolean started;                    // guarded by this

    JwksSource(String location, Supplier<CompletableFuture<String>> fetcher, Duration interval, Duration timeout) {
        this.location = location;
        this.fetcher = fetcher;
        this.intervalNanos = interval.toNanos();
        this.timeoutMillis = timeout.toMillis();
    }

    /** A source for an http(s) URL. */
    public static JwksSource url(URI uri, Duration interval, Duration timeout, Executor executor) {
        HttpClient client = HttpClient.newBuilder().connectTimeout(timeout).executor(executor)
                .followRedirects(HttpClient.Redirect.NEVER).build();
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(timeout).header("Accept", "application/json").GET().build();
        return new JwksSource(uri.toString(), () -> client.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                .thenApply(r -> {
                    if (r.statusCode() != 200) {
                        throw new IllegalStateException("HTTP " + r.statusCode());
                    }
                    return r.body();
                }), interval, timeout);
    }

    /** A source for a file or classpath resource, re-read on every refresh. */
    public static JwksSource file(URL url, Duration interval, Duration timeout, Executor executor) {
        return new JwksSource(url.toString(), () -> CompletableFuture.supplyAsync(() -> {
            try (InputStream in = url.openStream()) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, executor), interval, timeout);
    }

    /** The current key of {@code kid}, or null. */
    public VerificationKey key(String kid) {
        return keys.named().get(kid);
    }

    /** The current key whose certificate has this SHA-1 thumbprint ({@code x5t}), or null. */
    public VerificationKey keyByThumbprint(String x5t) {
        return keys.thumbprints().get(x5t);
    }

    /** The kids of the current snapshot. */
    public Set<String> kids() {
        return keys.named().keySet();
    }

    /** Every key of the current snapshot, with or without kid. */
    public List<VerificationKey> all() {
        return keys.all();
    }

    /**
     * Starts a fetch unless one ran less than the interval ago; returns the running fetch (which completes
     * normally, also on failure, within the timeout) or null when rate-limited.
     */
    public synchronized CompletableFuture<Void> refresh() {
        if (inFlight != null && !inFlight.isDone()) {
            return inFlight;
        }
        long now = System.nanoTime();
        if (started && now - lastStart < intervalNanos) {
            return null;
        }
        started = true;
        lastStart = now;
        CompletableFuture<String> fetch;
        try {
            fetch = fetcher.get();
        } catch (RuntimeException e) {
            fetch = CompletableFuture.failedFuture(e);
        }
        inFlight = fetch.orTimeout(timeoutMillis, TimeUnit.MILLISECONDS).handle((body, failure) -> {
            if (failure != null) {
                LOG.warn("security: JWKS {} not refreshed, keeping {} known keys: {}", location, keys.all().size(),
                        failure instanceof CompletionException && failure.getCause() != null
                                ? failure.getCause().toString() : failure.toString());
            } else {
                install(body);
            }
            return null;
        });
        return inFlight;
    }

    private void install(String body) {
        try {
            JwksDocument next = JwksDocument.parse(body, location);
            keys = next;
            LOG.info("security: JWKS {} loaded, kids {}{}", location, next.named().keySet(),
                    next.unnamed().isEmpty() ? "" : " and " + next.unnamed().size() + " key(s) without kid");
        } catch (RuntimeException e) {
            LOG.warn("security: JWKS {} is not a valid key set ({}), keeping {} known keys", location, e.getMessage(),
                    keys.all().size());
        }
    }

    @Override
    public String toString() {
        return "JWKS " + location;
    }
}
