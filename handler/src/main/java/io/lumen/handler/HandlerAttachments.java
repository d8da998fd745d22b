package io.lumen.handler;

import io.lumen.handler.router.PathParams;
import io.undertow.util.AttachmentKey;

import java.util.Map;
import java.util.Set;

/**
 * The typed exchange attachments that middleware of several modules share. Each is set by one
 * middleware (named below) and read by later ones; all are absent when that middleware is not in
 * the chain. The parsed request body is {@code io.lumen.handler.body.ParsedBody#ATTACHMENT_KEY}
 * (lumen-middleware), beside its type.
 */
public final class HandlerAttachments {
    /** The request's correlation id; set by {@code correlation}. */
    public static final AttachmentKey<String> CORRELATION_ID = AttachmentKey.create(String.class);

    /** The W3C trace id (32 hex chars) of the request; set by {@code correlation}. */
    public static final AttachmentKey<String> TRACE_ID = AttachmentKey.create(String.class);

    /** The full {@code traceparent} to forward downstream; set by {@code correlation}. */
    public static final AttachmentKey<String> TRACEPARENT = AttachmentKey.create(String.class);

    /**
     * The endpoint of the request ({@code /v1/pets/{petId}@get}) when it differs from the route's
     * own, e.g. when the OpenAPI {@code specification} middleware matched an operation; metrics and
     * audit prefer it to their route's endpoint.
     */
    public static final AttachmentKey<String> ENDPOINT = AttachmentKey.create(String.class);

    /**
     * The OAuth2 scopes the matched OpenAPI operation accepts, any one of which suffices; set by
     * the {@code specification} middleware from the operation's oauth2 security requirements
     * (or the spec's global ones). Absent when no specification middleware ran; empty when the
     * operation requires no scope. The {@code security} middleware checks the token against it.
     */
    public static final AttachmentKey<Set<String>> REQUIRED_SCOPES = AttachmentKey.create(Set.class);

    /** The authenticated client id (e.g. JWT {@code client_id}); set by security. */
    public static final AttachmentKey<String> CLIENT_ID = AttachmentKey.create(String.class);

    /** The authenticated user id (e.g. JWT {@code sub}); set by security. */
    public static final AttachmentKey<String> USER_ID = AttachmentKey.create(String.class);

    /**
     * Every claim of the request's verified token, as parsed JSON (String, Number, Boolean, List,
     * Map), unmodifiable; set by security once the token is verified. Modules that only read claims
     * (the proxy's {@code forwardJwtClaims}) read them here rather than depend on the security module.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static final AttachmentKey<Map<String, Object>> VERIFIED_CLAIMS =
            (AttachmentKey) AttachmentKey.create(Map.class);

    /**
     * The path parameters of a template route; set by the router. Read them through
     * {@link PathParams#of}, which answers an empty set for literal routes.
     */
    public static final AttachmentKey<PathParams> PATH_PARAMS = AttachmentKey.create(PathParams.class);

    private HandlerAttachments() {
    }
}
