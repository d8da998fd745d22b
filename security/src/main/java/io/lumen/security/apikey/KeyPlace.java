package io.lumen.security.apikey;

import io.lumen.http.CookieHeader;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;

import java.util.Deque;
import java.util.List;
import java.util.Locale;

/**
 * Where a request carries an API key: a header, a query parameter or a cookie of a given name. Used
 * by the {@code apikey} middleware and by the spec's apiKey schemes. Immutable.
 */
public final class KeyPlace {
    /** The three places OpenAPI's apiKey {@code in} names. */
    public enum In { HEADER, QUERY, COOKIE }

    private final In in;
    private final String name;
    private final HttpString header;

    public KeyPlace(In in, String name) {
        this.in = in;
        this.name = name;
        this.header = in == In.HEADER ? HttpString.tryFromString(name) : null;
    }

    /** The place of OpenAPI's {@code in} value ({@code header}, {@code query}, {@code cookie}), or null for another. */
    public static KeyPlace of(String in, String name) {
        return switch (in) {
            case "header" -> new KeyPlace(In.HEADER, name);
            case "query" -> new KeyPlace(In.QUERY, name);
            case "cookie" -> new KeyPlace(In.COOKIE, name);
            default -> null;
        };
    }

    /** The key this request sends here, or null. */
    public String sent(HttpServerExchange exchange) {
        return switch (in) {
            case HEADER -> exchange.getRequestHeaders().getFirst(header);
            case QUERY -> {
                Deque<String> v = exchange.getQueryParameters().get(name);
                yield v == null ? null : v.peekFirst();
            }
            case COOKIE -> {
                List<String> values = CookieHeader.values(exchange.getRequestHeaders().get(Headers.COOKIE), name);
                yield values.isEmpty() ? null : values.get(0);
            }
        };
    }

    /** {@code header X-Api-Key}, {@code query key}, {@code cookie wkey}: for messages. */
    @Override
    public String toString() {
        return in.name().toLowerCase(Locale.ROOT) + " " + name;
    }
}
