package io.lumen.server;

import io.lumen.status.ErrorCodes;
import io.lumen.status.ErrorResponder;
import io.undertow.Undertow;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.protocol.http.HttpOpenListener;
import io.undertow.util.FlexBase64;
import io.undertow.util.HeaderMap;
import io.undertow.util.HeaderValues;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.lang.reflect.Field;

/**
 * Refuses an h2c upgrade ({@code Upgrade: h2c}) whose {@code HTTP2-Settings} header is not one
 * base64url value, with 400 ERR19002, before Undertow's upgrade handler sees it: that handler
 * decodes the header, and the decoder's exception became a bare 500 with no body.
 *
 * <p>With HTTP/2 on, Undertow wraps the root handler of each plain-HTTP listener in its upgrade
 * handler itself, so no handler given to the builder runs first; {@link #install} puts the guard in
 * front of it on the listener's open listener, whose field is private (as for {@link ListenerSockets};
 * when it cannot be reached the guard is missing and a bad header stays a bare 500). A request
 * without {@code HTTP2-Settings} costs one header lookup.
 */
final class H2cUpgradeGuard implements HttpHandler {
    private static final Logger LOG = LoggerFactory.getLogger(H2cUpgradeGuard.class);
    private static final HttpString HTTP2_SETTINGS = new HttpString("HTTP2-Settings");

    private final HttpHandler next;
    private final ErrorResponder errors;

    H2cUpgradeGuard(HttpHandler next, ErrorResponder errors) {
        this.next = next;
        this.errors = errors;
    }

    /** Puts the guard in front of the root of every plain-HTTP listener of a started server. */
    static void install(Undertow undertow, ErrorResponder errors) {
        for (Undertow.ListenerInfo info : undertow.getListenerInfo()) {
            try {
                Field f = Undertow.ListenerInfo.class.getDeclaredField("openListener");
                f.setAccessible(true);
                if (f.get(info) instanceof HttpOpenListener http) {
                    http.setRootHandler(new H2cUpgradeGuard(http.getRootHandler(), errors));
                }
            } catch (ReflectiveOperationException | RuntimeException e) {
                LOG.debug("cannot guard the h2c upgrade of {}: a bad HTTP2-Settings header stays a bare 500", info, e);
            }
        }
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        HeaderMap headers = exchange.getRequestHeaders();
        HeaderValues settings = headers.get(HTTP2_SETTINGS);
        if (settings != null && "h2c".equals(headers.getFirst(Headers.UPGRADE)) && !decodes(settings)) {
            errors.send(exchange, ErrorCodes.BAD_REQUEST_FRAMING, "an h2c upgrade needs one base64url HTTP2-Settings value");
            return;
        }
        next.handleRequest(exchange);
    }

    /** What Undertow's upgrade handler will do with the header, without its exception. */
    private static boolean decodes(HeaderValues settings) {
        if (settings.size() != 1) {
            return false; // RFC 9113 3.2.1 (RFC 7540): more than one is not an upgrade
        }
        try {
            FlexBase64.decodeURL(settings.getFirst());
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
