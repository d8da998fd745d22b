package io.lumen.proxy.forward;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lumen.client.pool.RequestTimers;
import io.lumen.handler.HandlerAttachments;
import io.lumen.proxy.config.ProxyConfig;
import io.lumen.proxy.upstream.Upstream;
import io.lumen.proxy.upstream.Upstreams;
import io.lumen.server.RequestBodies;
import io.lumen.status.ErrorResponder;
import io.lumen.status.ErrorCodes;
import io.undertow.client.ClientRequest;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderMap;
import io.undertow.util.HeaderValues;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;

import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Forwards requests to the upstreams: refuses ambiguous framing, picks the timeout by path prefix,
 * and builds the upstream request (path and query byte for byte, end-to-end headers, Host,
 * {@code X-Forwarded-*}, correlation id, trace context, optional JWT claims, body framing). One per
 * proxy handler; thread-safe and immutable.
 */
public final class Forwarder {
    private static final HttpString CORRELATION_ID = new HttpString("X-Correlation-Id");
    private static final HttpString TRACEPARENT = new HttpString("traceparent");
    private static final HttpString JWT_CLAIMS = new HttpString("jwtClaims");

    private final Upstreams upstreams;
    private final ErrorResponder errors;
    private final LongSupplier clock;
    private final long defaultTimeout;
    private final long idleTimeout;
    private final long maxBodySize;
    private final long idleCheck;
    private final List<Map.Entry<String, Integer>> prefixTimeouts;
    private final boolean rewriteHost;
    private final boolean reuseXForwarded;
    private final int maxRetries;
    private final int maxReplayBody;
    private final long drainHold;
    private final ObjectMapper claimsMapper;
    private final RequestTimers timers = new RequestTimers();

    /**
     * @param maxBodySize server.yml {@code maxTransferFileSize}: a larger declared body is refused before
     *                    an upstream is asked (0: none)
     */
    public Forwarder(ProxyConfig config, Upstreams upstreams, ErrorResponder errors, ObjectMapper mapper, LongSupplier clock,
                     long maxBodySize) {
        this.maxBodySize = maxBodySize;
        this.upstreams = upstreams;
        this.errors = errors;
        this.clock = clock;
        this.defaultTimeout = config.maxRequestTime();
        this.idleTimeout = config.streamIdleTimeout();
        this.idleCheck = idleTimeout <= 0 ? 0 : Math.max(1, idleTimeout / 4); // a stall is cut within 1.25 periods
        this.prefixTimeouts = config.timeoutsByPrefix();
        this.rewriteHost = config.rewriteHostHeader();
        this.reuseXForwarded = config.reuseXForwarded();
        this.maxRetries = config.maxConnectionRetries();
        this.maxReplayBody = config.maxReplayBody();
        this.drainHold = config.ejection().ejectTime();
        this.claimsMapper = config.forwardJwtClaims() ? mapper : null;
    }

    /** Proxies {@code exchange}; the answer (or the error JSON) follows asynchronously. */
    public void forward(HttpServerExchange exchange) {
        forward(exchange, null);
    }

    /**
     * Proxies {@code exchange} with {@code upstreamPath} (raw, percent-encoded as it is to be sent;
     * null: the request's own) as the upstream request's path; the query string goes unchanged.
     */
    public void forward(HttpServerExchange exchange, String upstreamPath) {
        String problem = RequestFraming.problem(exchange);
        if (problem != null) {
            exchange.setPersistent(false); // the rest of the connection's bytes cannot be trusted
            errors.send(exchange, ErrorCodes.PROXY_AMBIGUOUS_FRAMING, problem);
            return;
        }
        long length = exchange.getRequestContentLength();
        long max = exchange.getMaxEntitySize() > 0 ? exchange.getMaxEntitySize() : maxBodySize;
        if (max > 0 && length > max) { // refused before an upstream is even asked
            if (length - max > RequestBodies.DISCARD_LIMIT) {
                exchange.setPersistent(false);
            }
            errors.send(exchange, ErrorCodes.PAYLOAD_TOO_LARGE, max);
            return;
        }
        new ProxyExchange(this, exchange, timeoutFor(exchange.getRequestPath()), upstreamPath).start();
    }

    /** The longest matching prefix's timeout (a prefix matches whole segments unless it ends in /), else maxRequestTime. */
    long timeoutFor(String path) {
        for (int i = 0, n = prefixTimeouts.size(); i < n; i++) {
            Map.Entry<String, Integer> e = prefixTimeouts.get(i);
            String prefix = e.getKey();
            if (path.startsWith(prefix) && (path.length() == prefix.length() || prefix.endsWith("/")
                    || path.charAt(prefix.length()) == '/')) {
                return e.getValue();
            }
        }
        return defaultTimeout;
    }

    /** streamIdleTimeout in ms; 0: none. */
    long idleTimeoutMillis() {
        return idleTimeout;
    }

    /** How often an exchange checks that bytes still move; 0: no idle timeout. */
    long idleCheckMillis() {
        return idleCheck;
    }

    Upstreams upstreams() {
        return upstreams;
    }

    ErrorResponder errors() {
        return errors;
    }

    RequestTimers timers() {
        return timers;
    }

    int maxRetries() {
        return maxRetries;
    }

    /** Bytes of a request body kept to send it again when an upstream refuses it unprocessed (0: none). */
    int maxReplayBody() {
        return maxReplayBody;
    }

    /** ms a draining upstream gets nothing new (unless its health checks pass first). */
    long drainHold() {
        return drainHold;
    }

    long now() {
        return clock.getAsLong();
    }

    /** The request's raw (percent-encoded) path as received; an absolute-form request target reduced to its path. */
    public static String rawPath(HttpServerExchange exchange) {
        String uri = exchange.getRequestURI();
        if (exchange.isHostIncludedInRequestURI()) { // absolute-form request target
            int authority = uri.indexOf("//");
            int path = authority < 0 ? -1 : uri.indexOf('/', authority + 2);
            uri = path < 0 ? "/" : uri.substring(path);
        }
        return uri;
    }

    /** @param path the raw path to send, or null for the request's own */
    ClientRequest request(HttpServerExchange exchange, String path, Upstream upstream, boolean hasBody, boolean upgrade) {
        ClientRequest request = new ClientRequest();
        request.setMethod(exchange.getRequestMethod());
        String uri = path != null ? path : rawPath(exchange);
        String query = exchange.getQueryString();
        request.setPath(query == null || query.isEmpty() ? uri : uri + '?' + query);

        HeaderMap in = exchange.getRequestHeaders();
        HeaderMap out = request.getRequestHeaders();
        ForwardHeaders.copyRequest(in, out, reuseXForwarded);
        String host = in.getFirst(Headers.HOST);
        if (host == null) {
            host = exchange.getHostAndPort();
        }
        out.put(Headers.HOST, rewriteHost ? upstream.hostHeader() : host);
        forwarded(exchange, in, out, host);

        String correlationId = exchange.getAttachment(HandlerAttachments.CORRELATION_ID);
        if (correlationId != null) {
            out.put(CORRELATION_ID, correlationId);
        }
        String traceparent = exchange.getAttachment(HandlerAttachments.TRACEPARENT);
        if (traceparent != null) {
            out.put(TRACEPARENT, traceparent); // this service's span is the upstream's parent
        }
        if (claimsMapper != null) {
            Map<String, Object> claims = exchange.getAttachment(HandlerAttachments.VERIFIED_CLAIMS);
            if (claims != null) {
                try {
                    out.put(JWT_CLAIMS, claimsMapper.writeValueAsString(claims));
                } catch (JsonProcessingException e) {
                    throw new IllegalStateException("cannot encode the JWT claims", e);
                }
            }
        }
        if (upgrade) {
            out.put(Headers.CONNECTION, "Upgrade");
            out.put(Headers.UPGRADE, in.getFirst(Headers.UPGRADE));
        }
        if (hasBody) {
            long length = exchange.getRequestContentLength();
            if (length >= 0) {
                out.put(Headers.CONTENT_LENGTH, length);
            } else {
                out.put(Headers.TRANSFER_ENCODING, "chunked");
            }
        } else if (in.contains(Headers.CONTENT_LENGTH)) {
            out.put(Headers.CONTENT_LENGTH, 0L);
        }
        return request;
    }

    private void forwarded(HttpServerExchange exchange, HeaderMap in, HeaderMap out, String host) {
        ForwardHeaders.Peer peer = ForwardHeaders.peer(exchange);
        String remote = peer.remote();
        if (reuseXForwarded) {
            // several X-Forwarded-For lines are one list (RFC 9110 5.3): keep every hop, in order
            HeaderValues lines = in.get(ForwardHeaders.X_FORWARDED_FOR);
            StringBuilder chain = new StringBuilder();
            if (lines != null) {
                for (String line : lines) {
                    if (!line.isBlank()) {
                        chain.append(line.trim()).append(", ");
                    }
                }
            }
            out.put(ForwardHeaders.X_FORWARDED_FOR, chain.append(remote).toString());
            if (!in.contains(ForwardHeaders.X_FORWARDED_PROTO)) {
                out.put(ForwardHeaders.X_FORWARDED_PROTO, exchange.getRequestScheme());
            }
            if (!in.contains(ForwardHeaders.X_FORWARDED_HOST)) {
                out.put(ForwardHeaders.X_FORWARDED_HOST, host);
            }
            if (!in.contains(ForwardHeaders.X_FORWARDED_PORT)) {
                out.put(ForwardHeaders.X_FORWARDED_PORT, peer.listenerPort());
            }
        } else {
            out.put(ForwardHeaders.X_FORWARDED_FOR, remote);
            out.put(ForwardHeaders.X_FORWARDED_PROTO, exchange.getRequestScheme());
            out.put(ForwardHeaders.X_FORWARDED_HOST, host);
            // the port the client connected to, as nginx's $server_port: the Host header is the client's to set
            out.put(ForwardHeaders.X_FORWARDED_PORT, peer.listenerPort());
        }
    }
}
