package io.lumen.testkit.core;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * The JDK {@link HttpClient} bound to a base URI, for tests: paths resolve against the base, bodies
 * come back as strings, I/O failures become unchecked (a test fails on them either way). One
 * {@link #CLIENT} is shared by every test of a JVM: it is thread-safe and pools connections.
 */
public final class TestHttp {
    /** The shared client: 5 s connect timeout, redirects not followed (tests look at them). */
    public static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /** What a request gets when the test sets no timeout of its own. */
    public static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);

    private final Supplier<URI> base;

    private TestHttp(Supplier<URI> base) {
        this.base = base;
    }

    /** Requests against {@code base} (e.g. {@code http://127.0.0.1:41234/}). */
    public static TestHttp at(URI base) {
        return new TestHttp(() -> base);
    }

    /** Requests against a base looked up per request: for a service that is started later or restarted. */
    public static TestHttp at(Supplier<URI> base) {
        return new TestHttp(base);
    }

    /** The base URI. */
    public URI base() {
        return base.get();
    }

    /** {@code pathAndQuery} resolved against the base. */
    public URI uri(String pathAndQuery) {
        return base.get().resolve(pathAndQuery);
    }

    /** A request builder for {@code pathAndQuery} with {@link #REQUEST_TIMEOUT}. */
    public HttpRequest.Builder request(String pathAndQuery) {
        return HttpRequest.newBuilder(uri(pathAndQuery)).timeout(REQUEST_TIMEOUT);
    }

    /** GET {@code pathAndQuery}. */
    public HttpResponse<String> get(String pathAndQuery) {
        return send(HttpRequest.newBuilder(uri(pathAndQuery)).GET().build());
    }

    /** Sends with the shared client. */
    public HttpResponse<String> send(HttpRequest request) {
        return send(CLIENT, request);
    }

    /** Sends with {@code client}, the body as a string; I/O failures become unchecked. */
    public static HttpResponse<String> send(HttpClient client, HttpRequest request) {
        try {
            return client.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(request.method() + " " + request.uri() + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted: " + request.method() + " " + request.uri(), e);
        }
    }
}
