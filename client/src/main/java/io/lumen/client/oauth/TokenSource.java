package io.lumen.client.oauth;

import io.lumen.client.LumenClient;
import io.lumen.client.Request;
import io.lumen.client.Response;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongSupplier;

/**
 * The tokens of one target and scope set (or of one exchanged caller token): it holds the current
 * token and gets a new one before it expires, with at most one token request in flight.
 *
 * <ul>
 *   <li>While the token is fresh, {@link #token()} returns the same completed future: no request, no lock.</li>
 *   <li>Within {@code tokenRenewBeforeExpired} ms of its expiry (but not before half its lifetime
 *       passed), the first caller starts a renewal and every caller keeps getting the held token
 *       until the new one arrives.</li>
 *   <li>Without a valid token (none yet, expired, or {@linkplain #invalidate rejected}), callers wait
 *       for the one request in flight, all of them on the same future.</li>
 *   <li>After a failed request the next one waits {@code earlyRefreshRetryDelay} ms while the held token
 *       is still valid, {@code expiredRefreshRetryDelay} ms otherwise; meanwhile callers without a
 *       valid token get that failure at once (a token server that is down is not hammered).</li>
 * </ul>
 *
 * <p>Thread-safe; never blocks. Futures complete on a client IO thread.
 */
public final class TokenSource {
    private final LumenClient client;
    private final TokenEndpoint endpoint;
    private final TokenTarget target;
    private final Map<String, String> grant;
    private final LongSupplier clock;
    private final long renewBefore;
    private final long expiredRetryDelay;
    private final long earlyRetryDelay;

    private volatile Held held;
    /** Guarded by this. */
    private CompletableFuture<AccessToken> inFlight;
    private Throwable lastFailure;
    private long lastFailureAt;

    /** @param renewAt when the renewal starts: {@code tokenRenewBeforeExpired} before expiry, at most halfway through its life */
    private record Held(AccessToken token, CompletableFuture<AccessToken> future, long renewAt) {
    }

    TokenSource(LumenClient client, TokenEndpoint endpoint, TokenTarget target, Map<String, String> grant,
                LongSupplier clock, long renewBefore, long expiredRetryDelay, long earlyRetryDelay) {
        this.client = client;
        this.endpoint = endpoint;
        this.target = target;
        this.grant = Map.copyOf(grant);
        this.clock = clock;
        this.renewBefore = renewBefore;
        this.expiredRetryDelay = expiredRetryDelay;
        this.earlyRetryDelay = earlyRetryDelay;
    }

    /**
     * A valid token: at once while one is held, else when the request in flight answers. Fails with
     * a {@link TokenException}. Do not complete or obtrude the returned future: it may be shared.
     */
    public CompletableFuture<AccessToken> token() {
        long now = clock.getAsLong();
        Held h = held;
        if (h != null && now < h.renewAt) {
            return h.future;
        }
        CompletableFuture<AccessToken> started = null;
        CompletableFuture<AccessToken> answer;
        synchronized (this) {
            h = held;
            if (h != null && now < h.renewAt) {
                return h.future;
            }
            boolean valid = h != null && now < h.token.expiresAt();
            if (inFlight == null) {
                boolean waiting = lastFailure != null && now - lastFailureAt < (valid ? earlyRetryDelay : expiredRetryDelay);
                if (waiting) {
                    return valid ? h.future : CompletableFuture.failedFuture(lastFailure);
                }
                inFlight = endpoint.fetch(target, grant);
                started = inFlight;
            }
            answer = valid ? h.future : inFlight.copy();
        }
        if (started != null) {
            CompletableFuture<AccessToken> mine = started;
            started.whenComplete((token, failure) -> fetched(mine, token, failure));
        }
        return answer;
    }

    private synchronized void fetched(CompletableFuture<AccessToken> request, AccessToken token, Throwable failure) {
        if (inFlight == request) {
            inFlight = null;
        }
        if (token != null) {
            long now = clock.getAsLong();
            long early = Math.min(renewBefore, Math.max(0, token.expiresAt() - now) / 2); // a short-lived token is not renewed on every call
            held = new Held(token, CompletableFuture.completedFuture(token), token.expiresAt() - early);
            lastFailure = null;
        } else {
            lastFailure = failure;
            lastFailureAt = clock.getAsLong();
        }
    }

    /**
     * Drops {@code rejected} (a server answered 401 to it) so the next {@link #token()} asks for a new
     * one; a token already replaced is left alone, so N concurrent 401s cause one request.
     */
    public void invalidate(AccessToken rejected) {
        synchronized (this) {
            Held h = held;
            if (h != null && h.token == rejected) {
                held = null;
                lastFailure = null;
            }
        }
    }

    /**
     * Sends {@code request} with {@code Authorization: Bearer <token>}; on a 401 drops that token and
     * sends once more with a fresh one (never twice). Fails with a {@link TokenException} when no
     * token can be had, or with the client's {@link io.lumen.client.ClientException}.
     */
    public CompletableFuture<Response> send(Request request) {
        return token().thenCompose(t -> client.send(authorized(request, t)).thenCompose(r -> r.status() == 401
                ? again(request, t) : CompletableFuture.completedFuture(r)));
    }

    private CompletableFuture<Response> again(Request request, AccessToken rejected) {
        invalidate(rejected);
        return token().thenCompose(t -> client.send(authorized(request, t)));
    }

    private static Request authorized(Request request, AccessToken token) {
        return request.toBuilder().setHeader("Authorization", token.bearer()).build();
    }

    @Override
    public String toString() {
        return "TokenSource[" + target + "]";
    }
}
