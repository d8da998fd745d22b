package io.lumen.status;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Map;

/**
 * The one writer of Lumen's error JSON:
 * {@code {"statusCode":404,"code":"ERR10048","message":"...","description":"...","severity":"ERROR"}}
 * plus any details of a {@link StatusException}, or, where the service's spec declares its own
 * error responses, the body that spec's {@link ErrorFormats} writes (see {@link #formats}). Every
 * rejection of Lumen's goes through here; an exchange's {@link RefusalHold} may take it to answer
 * later. Safe on IO and worker threads.
 */
public final class ErrorResponder {
    private static final Logger LOG = LoggerFactory.getLogger(ErrorResponder.class);
    private static final String JSON = "application/json";

    private final StatusCatalogue catalogue;
    private final JsonFactory json;
    private volatile ObjectMapper detailsJson; // writes details (any value), made on the first error that has some
    private volatile ErrorFormats formats; // the spec's declared error formats; null: Lumen's JSON everywhere
    private volatile ErrorFormat fallback; // where no declared format applies (an embedding's); null: Lumen's JSON

    public ErrorResponder(StatusCatalogue catalogue) {
        this.catalogue = catalogue;
        this.json = new JsonFactory(); // no ObjectMapper until details need one: its class set-up costs a cold start
    }

    public StatusCatalogue catalogue() {
        return catalogue;
    }

    /**
     * Answers in the formats {@code formats} chooses (a spec's declared error responses) from now on;
     * an exchange it chooses nothing for still gets the error JSON. Set at startup, before traffic.
     */
    public void formats(ErrorFormats formats) {
        this.formats = formats;
    }

    /**
     * The format of every answer no declared format ({@link #formats}) is chosen for, e.g. RFC 9457
     * problem details in an application whose other errors are problem details; null (the default):
     * Lumen's error JSON. Set before traffic.
     */
    public void fallbackFormat(ErrorFormat format) {
        this.fallback = format;
    }

    /** An exception for {@code code} with its description filled from {@code args}. */
    public StatusException exception(String code, Object... args) {
        return new StatusException(catalogue.get(code), args);
    }

    /** Answers {@code code} with the description filled from {@code args}. */
    public void send(HttpServerExchange exchange, String code, Object... args) {
        Status status = catalogue.get(code);
        send(exchange, status, status.describe(args), Map.of(), null);
    }

    public void send(HttpServerExchange exchange, StatusException e) {
        send(exchange, e.status(), e.description(), e.details(), null);
    }

    /**
     * Answers with the error JSON and extra response headers (e.g. {@code Allow}). If the response
     * has already started nothing can be said any more: the connection is closed so the client sees
     * a truncated response rather than a wrong one.
     */
    public void send(HttpServerExchange exchange, Status status, String description,
                     Map<String, Object> details, Map<HttpString, String> headers) {
        if (exchange.isResponseStarted()) {
            LOG.debug("response already started, closing connection instead of sending {}", status.code());
            exchange.setPersistent(false);
            exchange.endExchange();
            return;
        }
        RefusalHold hold = exchange.removeAttachment(RefusalHold.KEY);
        ErrorBody body = render(exchange, status, description, details);
        if (hold != null && hold.hold(exchange, status.statusCode(), body, headers)) {
            return;
        }
        exchange.setStatusCode(status.statusCode());
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, body.mediaType());
        if (headers != null) {
            headers.forEach((name, value) -> exchange.getResponseHeaders().put(name, value));
        }
        exchange.getResponseSender().send(ByteBuffer.wrap(body.bytes()));
    }

    /** An error answer's media type and bytes. */
    public record ErrorBody(String mediaType, byte[] bytes) {
    }

    /**
     * The answer for this exchange: in the format the registered {@link ErrorFormats} chooses for
     * it, else the {@link #fallbackFormat}, else (or when that format fails) the error JSON.
     */
    public ErrorBody render(HttpServerExchange exchange, Status status, String description, Map<String, Object> details) {
        ErrorFormats chooser = formats;
        String which = "declared";
        try {
            ErrorFormat format = chooser == null ? null : chooser.select(exchange, status.statusCode());
            if (format == null) {
                which = "fallback";
                format = fallback;
            }
            byte[] body = format == null ? null
                    : format.body(new ErrorContent(status, description, details, exchange.getRequestPath()));
            if (body != null) {
                return new ErrorBody(format.mediaType(), body);
            }
        } catch (RuntimeException e) { // an error answer must not fail: say it in the log, answer Lumen's way
            LOG.warn("the {} error format failed for {} ({}); answering with Lumen's error JSON",
                    which, status.code(), e.toString());
        }
        return new ErrorBody(JSON, toJson(status, description, details));
    }

    private ObjectMapper detailsJson() {
        ObjectMapper m = detailsJson;
        if (m == null) {
            m = new ObjectMapper(); // a race makes two, equal ones: harmless
            detailsJson = m;
        }
        return m;
    }

    /** The error JSON as bytes. */
    public byte[] toJson(Status status, String description, Map<String, Object> details) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(192);
        StatusCatalogue.Visibility show = catalogue.visibility();
        boolean metadata = show.metadata() && !status.metadata().isEmpty();
        try (JsonGenerator g = (details == null && !metadata ? json : detailsJson().getFactory()).createGenerator(out)) {
            g.writeStartObject();
            g.writeNumberField("statusCode", status.statusCode());
            g.writeStringField("code", status.code());
            if (show.message()) {
                g.writeStringField("message", status.message());
            }
            if (show.description()) {
                g.writeStringField("description", description);
            }
            if (metadata) {
                g.writeObjectField("metadata", status.metadata());
            }
            g.writeStringField("severity", status.severity());
            if (details != null) {
                for (Map.Entry<String, Object> d : details.entrySet()) {
                    g.writeFieldName(d.getKey());
                    g.writeObject(d.getValue());
                }
            }
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
