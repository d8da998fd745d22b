package io.lumen.service.reload;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lumen.handler.address.AddressRanges;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.lumen.status.ErrorCodes;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.Methods;
import io.undertow.util.SameThreadExecutor;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.CompletionException;

/**
 * handler.yml {@code reload}: {@code POST /adm/reload} reloads the service's configuration and
 * answers when the new generation serves: 200 with {@link ReloadReport#toMap()} as JSON, or the
 * error JSON of a {@link ReloadRefused} (422 {@code ERR19010} with {@code file}, {@code line},
 * {@code key} and {@code problem}; 409 {@code ERR19011} for a server.yml change; 500
 * {@code ERR19013}; 503 {@code ERR19012} while stopping). The request's body is ignored.
 *
 * <p>Only clients in reload.yml {@code allowedFrom} (the loopback addresses by default; the socket's
 * peer, not a forwarded header) may reload; others get 403 {@code ERR19008}. Other methods: 405
 * {@code ERR10008} with {@code Allow: POST}; reload.yml {@code enabled: false}: 404 {@code ERR10048}.
 *
 * <p>Runs on the IO thread and never blocks it: the reload runs on the reloader's thread and the
 * answer is sent from the exchange's IO thread. The request itself belongs to the generation it
 * replaces, which closes after this answer.
 */
public final class ReloadHandler implements HttpHandler {
    static final String NOT_ALLOWED = ErrorCodes.ADMIN_CHANGE_NOT_LOCAL;

    private final ErrorResponder errors;
    private final ObjectMapper json;
    private final boolean enabled;
    private final AddressRanges allowedFrom;
    private final ConfigReloads reloads;

    public ReloadHandler(ServiceContext context) {
        ReloadConfig config = ReloadConfig.load(context.config());
        this.errors = context.errors();
        this.json = context.config().mapper();
        this.enabled = config.enabled();
        this.allowedFrom = config.allowed();
        this.reloads = context.shared(ConfigReloads.class, () -> ConfigReloads.UNAVAILABLE);
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        if (!enabled) {
            errors.send(exchange, ErrorCodes.PATH_NOT_IMPLEMENTED, exchange.getRequestPath(),
                    exchange.getRequestMethod());
            return;
        }
        if (!exchange.getRequestMethod().equals(Methods.POST)) {
            var status = errors.catalogue().get(ErrorCodes.METHOD_NOT_ALLOWED);
            errors.send(exchange, status, status.describe(exchange.getRequestMethod(), exchange.getRequestPath()),
                    Map.of(), Map.of(Headers.ALLOW, "POST"));
            return;
        }
        String peer = peer(exchange);
        if (peer == null) {
            errors.send(exchange, NOT_ALLOWED, "the configuration");
            return;
        }
        exchange.dispatch(SameThreadExecutor.INSTANCE, () ->
                reloads.reload("POST " + exchange.getRequestPath() + " from " + peer).whenComplete((report, failure) ->
                        exchange.getIoThread().execute(() -> answer(exchange, report, failure))));
    }

    /** The client's address if reload.yml allows it, else {@code null}. */
    private String peer(HttpServerExchange exchange) {
        if (exchange.getConnection().getPeerAddress() instanceof InetSocketAddress a && a.getAddress() != null
                && allowedFrom.contains(a.getAddress())) {
            return a.getAddress().getHostAddress();
        }
        return null;
    }

    private void answer(HttpServerExchange exchange, ReloadReport report, Throwable failure) {
        Throwable cause = failure instanceof CompletionException c && c.getCause() != null ? c.getCause() : failure;
        if (cause instanceof ReloadRefused refused) {
            var status = errors.catalogue().get(refused.code());
            errors.send(exchange, status, status.describe(refused.args()), refused.details(), null);
        } else if (cause != null) {
            errors.send(exchange, ErrorCodes.RUNTIME_EXCEPTION);
        } else {
            byte[] body;
            try {
                body = json.writeValueAsBytes(report.toMap());
            } catch (JsonProcessingException e) {
                errors.send(exchange, ErrorCodes.RUNTIME_EXCEPTION);
                return;
            }
            exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json");
            exchange.getResponseSender().send(ByteBuffer.wrap(body));
        }
    }
}
