package io.lumen.handler.logger;

import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import io.lumen.handler.address.AddressRanges;
import io.lumen.handler.body.JsonProblems;
import io.lumen.server.RequestBodies;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.lumen.status.ErrorCodes;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.Methods;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * handler.yml {@code logger}: reads and changes log levels at run time.
 *
 * <ul>
 *   <li>{@code GET /adm/logger}: {@code [{"name":"ROOT","level":"INFO"},...]}, every logger that has
 *       a level of its own.</li>
 *   <li>{@code POST /adm/logger} with {@code [{"name":"io.lumen","level":"DEBUG"}]}: sets each
 *       level and answers the new list. The body is read with the non-blocking receiver. Not JSON
 *       of that shape: 400 {@code ERR10015}; an unknown level or an empty name: 400
 *       {@code ERR19006}, and nothing is changed. Only clients in logger.yml {@code changesFrom}
 *       (the loopback addresses by default) may change levels, so a shipped config never lets
 *       anyone switch the audit log off; others get 403 {@code ERR19008}.</li>
 *   <li>Other methods: 405 {@code ERR10008}.</li>
 * </ul>
 *
 * <p>Needs Logback as the SLF4J binding (checked once at construction); without it every request
 * answers 501 {@code ERR19007}. With logger.yml {@code enabled: false}: 404 {@code ERR10048}. Runs on
 * the IO thread.
 */
public final class LoggerHandler implements HttpHandler {
    static final String INVALID_LEVEL = ErrorCodes.INVALID_LOG_LEVEL;
    static final String NOT_SUPPORTED = ErrorCodes.LOG_LEVELS_NOT_SUPPORTED;
    static final String BAD_BODY = ErrorCodes.CONTENT_TYPE_MISMATCH;
    private static final Logger LOG = LoggerFactory.getLogger(LoggerHandler.class);
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private static final TypeReference<List<LoggerLevel>> LIST = new TypeReference<>() {
    };

    static final String NOT_LOCAL = ErrorCodes.ADMIN_CHANGE_NOT_LOCAL;

    private final ErrorResponder errors;
    private final boolean enabled;
    private final AddressRanges changesFrom;
    private final LogbackLevels levels;

    public LoggerHandler(ServiceContext context) {
        this.errors = context.errors();
        LoggerConfig config = context.config().load("logger", LoggerConfig.class);
        this.enabled = config.enabled();
        this.changesFrom = config.changeRanges();
        this.levels = LogbackLevels.available();
        if (levels == null && enabled) {
            LOG.info("logger endpoint: Logback is not the SLF4J binding, log levels cannot be changed");
        }
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws IOException {
        if (!enabled) {
            errors.send(exchange, ErrorCodes.PATH_NOT_IMPLEMENTED, exchange.getRequestPath(),
                    exchange.getRequestMethod());
        } else if (levels == null) {
            errors.send(exchange, NOT_SUPPORTED, String.valueOf(LoggerFactory.getILoggerFactory().getClass().getName()));
        } else if (exchange.getRequestMethod().equals(Methods.GET)) {
            answer(exchange);
        } else if (exchange.getRequestMethod().equals(Methods.POST)) {
            if (!allowedToChange(exchange)) {
                errors.send(exchange, NOT_LOCAL, "log levels");
                return;
            }
            exchange.getRequestReceiver().receiveFullBytes(this::change, (ex, e) -> {
                if (!RequestBodies.answerReadFailure(errors, ex, e)) {
                    ex.setPersistent(false);
                    ex.endExchange();
                }
            });
        } else {
            errors.send(exchange, ErrorCodes.METHOD_NOT_ALLOWED, exchange.getRequestMethod(),
                    exchange.getRequestPath());
        }
    }

    /** The socket's peer, not a forwarded-for header a client could set. */
    private boolean allowedToChange(HttpServerExchange exchange) {
        return changesFrom.containsPeerOf(exchange);
    }

    private void change(HttpServerExchange exchange, byte[] body) {
        List<LoggerLevel> wanted;
        try {
            wanted = JSON.readValue(body, LIST);
        } catch (MismatchedInputException e) {
            errors.send(exchange, BAD_BODY, "a JSON list of {name, level}", "the JSON is not a list of {name, level} objects");
            return;
        } catch (IOException e) {
            errors.send(exchange, BAD_BODY, "a JSON list of {name, level}", JsonProblems.describe(e));
            return;
        }
        if (wanted == null) {
            errors.send(exchange, BAD_BODY, "a JSON list of {name, level}", "null");
            return;
        }
        for (LoggerLevel l : wanted) {
            if (l == null || l.name() == null || l.name().isBlank() || LogbackLevels.parse(l.level()) == null) {
                errors.send(exchange, INVALID_LEVEL, l == null ? "null" : l.name(), l == null ? "null" : l.level());
                return;
            }
        }
        for (LoggerLevel l : wanted) {
            String level = LogbackLevels.parse(l.level());
            levels.set(l.name().trim(), level);
            LOG.info("log level of {} set to {}", l.name().trim(), level);
        }
        try {
            answer(exchange);
        } catch (IOException e) {
            errors.send(exchange, ErrorCodes.RUNTIME_EXCEPTION);
        }
    }

    private void answer(HttpServerExchange exchange) throws IOException {
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json");
        exchange.getResponseSender().send(ByteBuffer.wrap(JSON.writeValueAsBytes(levels.configured())));
    }

    @Override
    public String toString() {
        return "logger";
    }
}
