package io.lumen.server;

import io.lumen.status.ErrorResponder;
import io.lumen.status.Status;
import io.lumen.status.ErrorCodes;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderValues;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import io.undertow.util.Protocols;

import java.util.ArrayList;
import java.util.List;

/**
 * A root handler that refuses what Undertow's HTTP/1.x parser lets through but RFC 9112 does not
 * allow a server to process, before any handler reads a byte of the body:
 * <ul>
 * <li>an {@code HTTP/0.9} request line: 505 ERR19003;</li>
 * <li>a {@code Transfer-Encoding} whose last coding is not {@code chunked} ({@code identity},
 *     {@code xchunked}, {@code chunked, gzip}): the body length cannot be determined, 400 ERR19002
 *     (RFC 9112 6.3); Undertow would read such a body as chunked, or until the connection closes;</li>
 * <li>a transfer coding before {@code chunked} ({@code gzip, chunked}): Lumen does not decode them,
 *     501 ERR19005 (RFC 9112 7);</li>
 * <li>{@code Transfer-Encoding} in an HTTP/1.0 request: 400 ERR19002 (RFC 9112 6.1).</li>
 * </ul>
 * Each refusal closes the connection after the answer: the bytes that follow cannot be framed. Both
 * {@code Content-Length} and {@code Transfer-Encoding}, and conflicting {@code Content-Length}
 * values, never get here: Undertow's parser answers them 400 itself.
 *
 * <p>A request without a body costs a flag check and a protocol comparison. Runs on the IO thread;
 * thread-safe. Public so that an embedding with its own Undertow root can reuse it.
 */
public final class ProtocolGuard implements HttpHandler {
    private static final String FRAMING = ErrorCodes.BAD_REQUEST_FRAMING;
    private static final String VERSION = ErrorCodes.HTTP_VERSION_NOT_SUPPORTED;
    private static final String CODING = ErrorCodes.TRANSFER_CODING_NOT_IMPLEMENTED;

    private final HttpHandler next;
    private final ErrorResponder errors;

    public ProtocolGuard(HttpHandler next, ErrorResponder errors) {
        this.next = next;
        this.errors = errors;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        HttpString protocol = exchange.getProtocol();
        if (protocol == Protocols.HTTP_0_9) {
            refuse(exchange, VERSION, protocol);
            return;
        }
        if (!exchange.isRequestComplete() && protocol != Protocols.HTTP_2_0) {
            HeaderValues te = exchange.getRequestHeaders().get(Headers.TRANSFER_ENCODING);
            if (te != null && !te.isEmpty() && !framingAccepted(exchange, protocol, te)) {
                return;
            }
        }
        next.handleRequest(exchange);
    }

    /** Checks the transfer codings of an HTTP/1.x request; answers and returns false when they are refused. */
    private boolean framingAccepted(HttpServerExchange exchange, HttpString protocol, HeaderValues te) {
        if (protocol == Protocols.HTTP_1_0) {
            refuse(exchange, FRAMING, "Transfer-Encoding in an HTTP/1.0 request");
            return false;
        }
        if (te.size() == 1 && te.getFirst().equalsIgnoreCase("chunked")) {
            return true; // the only coding in practice: no parsing
        }
        List<String> codings = new ArrayList<>(2);
        for (String line : te) {
            for (String token : line.split(",")) {
                int semi = token.indexOf(';');
                String coding = (semi < 0 ? token : token.substring(0, semi)).trim();
                if (!coding.isEmpty()) {
                    codings.add(coding);
                }
            }
        }
        String last = codings.isEmpty() ? "(empty)" : codings.get(codings.size() - 1);
        if (!last.equalsIgnoreCase("chunked")) {
            refuse(exchange, FRAMING, "the body length cannot be determined from Transfer-Encoding "
                    + Status.excerpt(last) + " (chunked must be the last transfer coding)");
            return false;
        }
        for (int i = 0; i < codings.size() - 1; i++) {
            if (codings.get(i).equalsIgnoreCase("chunked")) {
                refuse(exchange, FRAMING, "chunked is applied more than once");
                return false;
            }
        }
        if (codings.size() > 1) {
            refuse(exchange, CODING, codings.get(0));
            return false;
        }
        return true;
    }

    private void refuse(HttpServerExchange exchange, String code, Object detail) {
        exchange.setPersistent(false); // what follows on this connection cannot be framed
        errors.send(exchange, code, detail);
    }
}
