package io.lumen.handler.sanitizer;

import io.lumen.handler.ChainContext;
import io.lumen.handler.FailureHandler;
import io.lumen.handler.Middleware;
import io.lumen.handler.body.BodyConfig;
import io.lumen.handler.body.ParsedBody;
import io.lumen.handler.body.RequestBodyReader;
import io.lumen.http.RequestShape;
import io.lumen.server.ServiceContext;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderValues;
import io.undertow.util.Methods;

import java.util.List;
import java.util.ListIterator;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * light-4j's SanitizerHandler: encodes request header values and, for POST, PUT and PATCH, the string
 * values of the parsed body (JSON or form), with the OWASP Java Encoder contexts of {@code sanitizer.yml}.
 * Like light-4j it replaces the parsed body later handlers see ({@link ParsedBody#ATTACHMENT_KEY}); the
 * raw bytes stay as received. light-4j's handler only sees a body its BodyHandler parsed earlier in the
 * chain and placed first sanitizes nothing, silently; here, when no body is parsed yet, the sanitizer
 * reads it with the one body reader ({@link RequestBodyReader}, body.yml's rules), and a {@code body}
 * middleware later in the chain keeps that sanitized body.
 */
public final class SanitizerHandler implements Middleware {
    private final SanitizerConfig config;
    private final RequestBodyReader bodies;
    private final ValueSanitizer body;
    private final TextEncoder headerEncoder;
    private final Set<String> headersToEncode;
    private final Set<String> headersToIgnore;

    public SanitizerHandler(ServiceContext context) {
        this(context.config().load("sanitizer", SanitizerConfig.class),
                new RequestBodyReader(context.config().load("body", BodyConfig.class), context.errors()));
    }

    public SanitizerHandler(SanitizerConfig config, RequestBodyReader bodies) {
        this.config = config;
        this.bodies = bodies;
        this.body = new ValueSanitizer(TextEncoder.named("bodyEncoder", config.bodyEncoder()),
                config.bodyAttributesToEncode(), config.bodyAttributesToIgnore());
        this.headerEncoder = TextEncoder.named("headerEncoder", config.headerEncoder());
        this.headersToEncode = lowerCase(config.headerAttributesToEncode());
        this.headersToIgnore = lowerCase(config.headerAttributesToIgnore());
    }

    @Override
    public boolean isEnabled() {
        return config.enabled();
    }

    @Override
    public HttpHandler wrap(ChainContext context, HttpHandler next) {
        if (!config.bodyEnabled() && !config.headerEnabled()) {
            return next;
        }
        FailureHandler failures = context.failures();
        return exchange -> {
            if (config.headerEnabled()) {
                encodeHeaders(exchange);
            }
            if (!config.bodyEnabled() || !hasBodyMethod(exchange)) {
                next.handleRequest(exchange);
            } else if (exchange.getAttachment(ParsedBody.ATTACHMENT_KEY) == null && RequestShape.hasBody(exchange)
                    && exchange.isRequestChannelAvailable()) {
                bodies.read(exchange, failures, read -> {
                    encodeBody(read);
                    next.handleRequest(read);
                });
            } else {
                encodeBody(exchange);
                next.handleRequest(exchange);
            }
        };
    }

    private void encodeHeaders(HttpServerExchange exchange) {
        for (HeaderValues values : exchange.getRequestHeaders()) {
            String name = values.getHeaderName().toString().toLowerCase(Locale.ROOT);
            if (headersToIgnore.contains(name) || (!headersToEncode.isEmpty() && !headersToEncode.contains(name))) {
                continue;
            }
            ListIterator<String> it = values.listIterator();
            while (it.hasNext()) {
                it.set(headerEncoder.apply(it.next()));
            }
        }
    }

    private void encodeBody(HttpServerExchange exchange) {
        ParsedBody parsed = exchange.getAttachment(ParsedBody.ATTACHMENT_KEY);
        if (parsed == null) {
            return;
        }
        if (parsed.json() != null) {
            exchange.putAttachment(ParsedBody.ATTACHMENT_KEY, new ParsedBody(parsed.raw(), parsed.contentType(),
                    body.json(parsed.json()), null, null, null));
        } else if (parsed.form() != null) {
            exchange.putAttachment(ParsedBody.ATTACHMENT_KEY, new ParsedBody(parsed.raw(), parsed.contentType(),
                    null, body.form(parsed.form()), null, null));
        }
    }

    private static boolean hasBodyMethod(HttpServerExchange exchange) {
        var method = exchange.getRequestMethod();
        return Methods.POST.equals(method) || Methods.PUT.equals(method) || Methods.PATCH.equals(method);
    }

    private static Set<String> lowerCase(List<String> names) {
        return names.stream().map(n -> n.toLowerCase(Locale.ROOT)).collect(Collectors.toUnmodifiableSet());
    }

    @Override
    public String toString() {
        return "sanitizer[body " + (config.bodyEnabled() ? config.bodyEncoder() : "off") + ", headers "
                + (config.headerEnabled() ? config.headerEncoder() : "off") + "]";
    }
}
