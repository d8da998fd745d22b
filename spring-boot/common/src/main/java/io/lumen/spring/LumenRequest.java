package io.lumen.spring;

import io.lumen.security.VerifiedToken;
import io.lumen.validator.validation.ValidatedRequest;

import java.util.Map;

/**
 * What Lumen's chain learned about a request before it handed it to Spring MVC: the matched route,
 * the correlation and trace ids, the verified JWT and its client and user ids, the path
 * parameters, and the request as the OpenAPI validator converted it. Read it in a controller
 * without the Undertow API, either as a method parameter
 *
 * <pre>{@code
 * @GetMapping("/v1/pets/{petId}")
 * Pet show(@PathVariable long petId, LumenRequest lumen) { ... lumen.clientId() ... }
 * }</pre>
 *
 * or as request attributes ({@code @RequestAttribute(LumenRequest.CLIENT_ID) String clientId}, or
 * {@code request.getAttribute(LumenRequest.ATTRIBUTE)}). A request that reached Spring without a
 * Lumen route ({@code lumen.unmatched=spring}) carries no attributes, and a {@code LumenRequest}
 * parameter is then {@link #NONE}. Immutable; each part is {@code null} (maps empty) when the
 * middleware that sets it did not run.
 *
 * @param route         the handler.yml route, or {@code null}
 * @param endpoint      the endpoint metrics and audit use ({@code /v1/pets/{petId}@get}; the
 *                      OpenAPI operation's when the {@code specification} middleware matched one)
 * @param correlationId the {@code X-Correlation-Id} ({@code correlation} middleware)
 * @param traceId       the W3C trace id ({@code correlation} middleware)
 * @param token         the verified JWT ({@code security} middleware)
 * @param clientId      the token's client id ({@code security} middleware)
 * @param userId        the token's user id ({@code security} middleware)
 * @param pathParams    the route's {@code {param}} values, URL-decoded
 * @param validated     parameters and body converted by their schemas ({@code validator} middleware)
 */
public record LumenRequest(LumenRoute route, String endpoint, String correlationId, String traceId,
                           VerifiedToken token, String clientId, String userId, Map<String, String> pathParams,
                           ValidatedRequest validated) {
    /** The request attribute holding the whole {@code LumenRequest}. */
    public static final String ATTRIBUTE = "lumen.request";
    /** Request attribute: the {@link LumenRoute}. */
    public static final String ROUTE = "lumen.route";
    /** Request attribute: the endpoint string. */
    public static final String ENDPOINT = "lumen.endpoint";
    /** Request attribute: the correlation id. */
    public static final String CORRELATION_ID = "lumen.correlationId";
    /** Request attribute: the trace id. */
    public static final String TRACE_ID = "lumen.traceId";
    /** Request attribute: the verified token's claims, a {@code Map<String, Object>}. */
    public static final String CLAIMS = "lumen.claims";
    /** Request attribute: the client id. */
    public static final String CLIENT_ID = "lumen.clientId";
    /** Request attribute: the user id. */
    public static final String USER_ID = "lumen.userId";
    /** Request attribute: the path parameters, a {@code Map<String, String>}. */
    public static final String PATH_PARAMS = "lumen.pathParams";
    /** Request attribute: the {@link ValidatedRequest}. */
    public static final String VALIDATED = "lumen.validated";

    /** A request no Lumen route handled. */
    public static final LumenRequest NONE = new LumenRequest(null, null, null, null, null, null, null, Map.of(), null);

    public LumenRequest {
        pathParams = pathParams == null ? Map.of() : Map.copyOf(pathParams);
    }

    /** The verified token's claims; empty without a token. */
    public Map<String, Object> claims() {
        return token == null ? Map.of() : token.claims();
    }

    /** True when a Lumen route handled the request before Spring. */
    public boolean routed() {
        return route != null;
    }
}
