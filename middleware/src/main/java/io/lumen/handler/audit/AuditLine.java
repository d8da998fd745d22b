package io.lumen.handler.audit;

import io.lumen.handler.HandlerAttachments;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderMap;
import io.undertow.util.HttpString;

/**
 * Writes the JSON of one audit line. Built by hand into one {@link StringBuilder}: a JSON
 * generator per request and a {@code DateTimeFormatter} cost more than the rest of the audit
 * middleware together (measured with a profiler, see benchmarks/RESULTS.md). Immutable; safe on
 * any thread.
 */
final class AuditLine {
    static final String MASKED = "****";

    private final String[] headerKeys;  // pre-escaped JSON keys: ,"User-Agent":
    private final HttpString[] headers;
    private final boolean[] masked;
    private final UtcTimestamps timestamps = new UtcTimestamps();

    AuditLine(AuditConfig config) {
        String[] names = config.headers().toArray(String[]::new);
        this.headerKeys = new String[names.length];
        this.headers = new HttpString[names.length];
        this.masked = new boolean[names.length];
        for (int i = 0; i < names.length; i++) {
            StringBuilder key = new StringBuilder(",");
            Json.string(key, names[i]);
            headerKeys[i] = key.append(':').toString();
            headers[i] = new HttpString(names[i]);
            for (String m : config.maskedHeaders()) {
                masked[i] |= m.equalsIgnoreCase(names[i]);
            }
        }
    }

    /** The line for a completed exchange. */
    String write(HttpServerExchange exchange, String routeEndpoint, long startMillis, long nanos) {
        StringBuilder b = new StringBuilder(320);
        b.append("{\"timestamp\":\"");
        timestamps.append(b, startMillis);
        b.append("\",\"endpoint\":");
        String endpoint = exchange.getAttachment(HandlerAttachments.ENDPOINT);
        Json.string(b, endpoint != null ? endpoint : routeEndpoint);
        b.append(",\"method\":");
        Json.string(b, exchange.getRequestMethod().toString());
        b.append(",\"path\":");
        Json.string(b, exchange.getRequestPath());
        b.append(",\"status\":").append(exchange.getStatusCode());
        b.append(",\"responseTime\":");
        Json.millis(b, nanos);
        optional(b, ",\"correlationId\":", exchange.getAttachment(HandlerAttachments.CORRELATION_ID));
        optional(b, ",\"traceId\":", exchange.getAttachment(HandlerAttachments.TRACE_ID));
        optional(b, ",\"clientId\":", exchange.getAttachment(HandlerAttachments.CLIENT_ID));
        optional(b, ",\"userId\":", exchange.getAttachment(HandlerAttachments.USER_ID));
        HeaderMap request = exchange.getRequestHeaders();
        for (int i = 0; i < headers.length; i++) {
            String value = request.getFirst(headers[i]);
            if (value != null) {
                b.append(headerKeys[i]);
                Json.string(b, masked[i] ? MASKED : value);
            }
        }
        return b.append('}').toString();
    }

    private static void optional(StringBuilder b, String key, String value) {
        if (value != null) {
            b.append(key);
            Json.string(b, value);
        }
    }
}
