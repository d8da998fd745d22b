package io.lumen.proxy.forward;

import io.undertow.server.HttpServerExchange;
import io.undertow.util.AttachmentKey;
import io.undertow.util.HeaderMap;
import io.undertow.util.HeaderValues;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;

import java.net.InetSocketAddress;
import java.util.HashSet;
import java.util.Set;

/**
 * Which headers cross the proxy. Hop-by-hop headers (RFC 9110 7.6.1) stay behind: {@code Connection}
 * and every header it names, {@code Keep-Alive}, {@code TE}, {@code Trailer},
 * {@code Transfer-Encoding}, {@code Upgrade} (kept for a WebSocket upgrade), {@code Proxy-*}, and
 * HTTP/2 pseudo-headers. The proxy sets the body framing ({@code Content-Length} or chunked) and
 * {@code Host} itself.
 */
final class ForwardHeaders {
    static final HttpString X_FORWARDED_FOR = new HttpString("X-Forwarded-For");
    static final HttpString X_FORWARDED_PROTO = new HttpString("X-Forwarded-Proto");
    static final HttpString X_FORWARDED_HOST = new HttpString("X-Forwarded-Host");
    static final HttpString X_FORWARDED_PORT = new HttpString("X-Forwarded-Port");

    private static final Set<HttpString> HOP_BY_HOP = Set.of(Headers.CONNECTION, Headers.KEEP_ALIVE, Headers.TE,
            Headers.TRAILER, Headers.TRANSFER_ENCODING, Headers.UPGRADE, new HttpString("HTTP2-Settings"));
    /** Request headers the proxy writes itself. */
    private static final Set<HttpString> SET_BY_PROXY = Set.of(Headers.HOST, Headers.CONTENT_LENGTH, Headers.EXPECT);
    /**
     * What a client may claim about where a request came from, dropped unless {@code reuseXForwarded}
     * trusts the hop before: the four headers the proxy sets, and those upstream frameworks read in
     * their place (RFC 7239 {@code Forwarded}, which Spring's ForwardedHeaderFilter prefers over
     * {@code X-Forwarded-*}; {@code X-Forwarded-Prefix}, {@code -Ssl}, {@code -Server}; {@code X-Real-IP},
     * which nginx's realip module and Go routers read first).
     */
    private static final Set<HttpString> FORWARDED = Set.of(X_FORWARDED_FOR, X_FORWARDED_PROTO, X_FORWARDED_HOST,
            X_FORWARDED_PORT, Headers.FORWARDED, Headers.X_FORWARDED_SERVER, new HttpString("X-Forwarded-Prefix"),
            new HttpString("X-Forwarded-Ssl"), new HttpString("X-Real-IP"));

    private ForwardHeaders() {
    }

    /** Copies the end-to-end request headers; the client's forwarding headers only when they are to be reused. */
    static void copyRequest(HeaderMap from, HeaderMap to, boolean reuseXForwarded) {
        Set<HttpString> named = connectionTokens(from);
        for (long f = from.fastIterateNonEmpty(); f != -1L; f = from.fiNextNonEmpty(f)) {
            HeaderValues values = from.fiCurrent(f);
            HttpString name = values.getHeaderName();
            if (hopByHop(name, named) || SET_BY_PROXY.contains(name) || (!reuseXForwarded && FORWARDED.contains(name))) {
                continue;
            }
            copy(name, values, to);
        }
    }

    /** Copies the end-to-end response headers, {@code Content-Length} included. */
    static void copyResponse(HeaderMap from, HeaderMap to) {
        Set<HttpString> named = connectionTokens(from);
        for (long f = from.fastIterateNonEmpty(); f != -1L; f = from.fiNextNonEmpty(f)) {
            HeaderValues values = from.fiCurrent(f);
            HttpString name = values.getHeaderName();
            if (!hopByHop(name, named)) {
                copy(name, values, to);
            }
        }
    }

    /**
     * Replaces {@code to}'s values of {@code name} with {@code values}, as HeaderMap.putAll does, but by
     * index: putAll walks the values with an iterator, an allocation per header per request.
     */
    private static void copy(HttpString name, HeaderValues values, HeaderMap to) {
        int n = values.size();
        if (n == 0) {
            return;
        }
        to.put(name, values.getFirst());
        for (int i = 1; i < n; i++) {
            to.add(name, values.get(i));
        }
    }

    private static boolean hopByHop(HttpString name, Set<HttpString> named) {
        if (HOP_BY_HOP.contains(name)) {
            return true;
        }
        if (name.length() > 0 && name.byteAt(0) == ':') {
            return true; // HTTP/2 pseudo-header
        }
        if (name.length() >= 6 && (name.byteAt(0) | 0x20) == 'p' && name.toString().regionMatches(true, 0, "proxy-", 0, 6)) {
            return true;
        }
        return named != null && named.contains(name);
    }

    /** The header names listed in {@code Connection} (null when there are none, the usual case). */
    private static Set<HttpString> connectionTokens(HeaderMap headers) {
        HeaderValues connection = headers.get(Headers.CONNECTION);
        if (connection == null) {
            return null;
        }
        Set<HttpString> names = null;
        for (int i = 0, n = connection.size(); i < n; i++) {
            String value = connection.get(i);
            if (value.equalsIgnoreCase("keep-alive") || value.equalsIgnoreCase("close")) {
                continue; // the usual single token, which names no header: no split, no allocation
            }
            for (String token : value.split(",")) {
                String t = token.trim();
                if (!t.isEmpty() && !t.equalsIgnoreCase("close") && !t.equalsIgnoreCase("keep-alive")) {
                    if (names == null) {
                        names = new HashSet<>();
                    }
                    names.add(new HttpString(t));
                }
            }
        }
        return names;
    }

    /**
     * What the forwarding headers say about a client connection, worked out once per connection
     * (keep-alive clients send many requests): the client's address and the local port it connected to, as text.
     */
    record Peer(String remote, String listenerPort) {
    }

    private static final AttachmentKey<Peer> PEER = AttachmentKey.create(Peer.class);

    /** The connection's {@link Peer}: one attachment lookup per request serves every header that needs it. */
    static Peer peer(HttpServerExchange exchange) {
        Peer cached = exchange.getConnection().getAttachment(PEER);
        if (cached != null) {
            return cached;
        }
        InetSocketAddress a = exchange.getSourceAddress();
        String text = a == null ? "unknown" : a.getAddress() != null ? a.getAddress().getHostAddress() : a.getHostString();
        InetSocketAddress local = exchange.getDestinationAddress();
        Peer peer = new Peer(text, local == null ? String.valueOf(exchange.getHostPort()) : String.valueOf(local.getPort()));
        exchange.getConnection().putAttachment(PEER, peer);
        return peer;
    }
}
