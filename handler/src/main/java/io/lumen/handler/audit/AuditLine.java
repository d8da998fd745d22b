package io.lumen.handler.audit;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.lumen.handler.HandlerAttachments;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderMap;
import io.undertow.util.HttpString;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** Writes the JSON of one audit line. Immutable; safe on any thread. */
final class AuditLine {
    static final String MASKED = "****";
    private static final DateTimeFormatter TIMESTAMP =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private final JsonFactory json;
    private final String[] headerNames;
    private final HttpString[] headers;
    private final boolean[] masked;

    AuditLine(JsonFactory json, AuditConfig config) {
        this.json = json;
        this.headerNames = config.headers().toArray(String[]::new);
        this.headers = new HttpString[headerNames.length];
        this.masked = new boolean[headerNames.length];
        for (int i = 0; i < headerNames.length; i++) {
            headers[i] = new HttpString(headerNames[i]);
            for (String m : config.mask()) {
                masked[i] |= m.equalsIgnoreCase(headerNames[i]);
            }
        }
    }

    /**
     * The line for a completed exchange. A fresh small writer per line rather than a thread-local
     * buffer: completion may run on virtual threads, where thread-locals do not get reused.
     */
    String write(HttpServerExchange exchange, String routeEndpoint, long startMillis, long nanos) {
        StringWriter out = new StringWriter(256);
        try (JsonGenerator g = json.createGenerator(out)) {
            g.writeStartObject();
            g.writeStringField("timestamp", TIMESTAMP.format(Instant.ofEpochMilli(startMillis)));
            String endpoint = exchange.getAttachment(HandlerAttachments.ENDPOINT);
            g.writeStringField("endpoint", endpoint != null ? endpoint : routeEndpoint);
            g.writeStringField("method", exchange.getRequestMethod().toString());
            g.writeStringField("path", exchange.getRequestPath());
            g.writeNumberField("status", exchange.getStatusCode());
            g.writeNumberField("responseTime", (nanos / 1000) / 1000.0);
            optional(g, "correlationId", exchange.getAttachment(HandlerAttachments.CORRELATION_ID));
            optional(g, "traceId", exchange.getAttachment(HandlerAttachments.TRACE_ID));
            optional(g, "clientId", exchange.getAttachment(HandlerAttachments.CLIENT_ID));
            optional(g, "userId", exchange.getAttachment(HandlerAttachments.USER_ID));
            HeaderMap request = exchange.getRequestHeaders();
            for (int i = 0; i < headers.length; i++) {
                String value = request.getFirst(headers[i]);
                if (value != null) {
                    g.writeStringField(headerNames[i], masked[i] ? MASKED : value);
                }
            }
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    private static void optional(JsonGenerator g, String name, String value) throws IOException {
        if (value != null) {
            g.writeStringField(name, value);
        }
    }
}
