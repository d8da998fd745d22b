package io.lumen.status;

/**
 * The one table of the status codes Lumen answers with, named by their catalogue message. Code
 * refers to these constants, never to {@code "ERRnnnnn"} literals, so a code is renumbered in one
 * place. {@code StatusCodesTest} checks that this table and {@code config/status.yml} name the same
 * codes, and {@code Light4jStatusCompatibilityTest} that codes light-4j defines keep its status and
 * message.
 */
public final class ErrorCodes {
    // Framework codes that light-4j also defines (same status, message and meaning).
    /** 401: Incorrect signature or malformed token in authorization header */
    public static final String INVALID_AUTH_TOKEN = "ERR10000";
    /** 401: Jwt token in authorization header expired */
    public static final String AUTH_TOKEN_EXPIRED = "ERR10001";
    /** 401: No Authorization header or the token is not a Bearer token */
    public static final String MISSING_AUTH_TOKEN = "ERR10002";
    /** 401: Incorrect signature or malformed token in scope token header */
    public static final String INVALID_SCOPE_TOKEN = "ERR10003";
    /** 401: Scope token expired */
    public static final String SCOPE_TOKEN_EXPIRED = "ERR10004";
    /** 403: Scopes ... in authorization token and specification scopes ... are not matched */
    public static final String AUTH_TOKEN_SCOPE_MISMATCH = "ERR10005";
    /** 403: Scopes ... in scope token and specification scopes ... are not matched */
    public static final String SCOPE_TOKEN_SCOPE_MISMATCH = "ERR10006";
    /** 404: Request path ... cannot be found in the specification */
    public static final String INVALID_REQUEST_PATH = "ERR10007";
    /** 405: Method ... is not allowed on path ... */
    public static final String METHOD_NOT_ALLOWED = "ERR10008";
    /** 500: Unhandled exception on the server side */
    public static final String RUNTIME_EXCEPTION = "ERR10010";
    /** 400: The request body cannot be parsed as ...: ... */
    public static final String CONTENT_TYPE_MISMATCH = "ERR10015";
    /** 404: No handler defined for path '...' and method ... */
    public static final String PATH_NOT_IMPLEMENTED = "ERR10048";
    /** 413: The request body exceeds the maximum of ... bytes */
    public static final String PAYLOAD_TOO_LARGE = "ERR10068";
    /** 429: Too many requests for ..., retry after ... seconds */
    public static final String RATE_LIMIT_EXCEEDED = "ERR10088";
    /** 403: Origin ... is not allowed */
    public static final String CORS_PREFLIGHT_REQUEST_FAILED = "ERR10092";

    // Validator codes that light-4j also defines.
    /** 400: Query parameter ... is required on path ... but not found in request. */
    public static final String VALIDATOR_REQUEST_PARAMETER_QUERY_MISSING = "ERR11000";
    /** 400: Parameter ... is required on path ... but not found in request. */
    public static final String VALIDATOR_REQUEST_PARAMETER_MISSING = "ERR11001";
    /** 400: Schema Validation Error - ... */
    public static final String VALIDATOR_SCHEMA = "ERR11004";
    /** 400: Parameter ... does not match its type or format: ... */
    public static final String VALIDATOR_REQUEST_PARAMETER_INVALID_FORMAT = "ERR11010";
    /** 400: No request body is expected for ... on path .... */
    public static final String VALIDATOR_REQUEST_BODY_UNEXPECTED = "ERR11013";
    /** 400: Method ... on path ... requires a request body. None found. */
    public static final String VALIDATOR_REQUEST_BODY_MISSING = "ERR11014";
    /** 400: Header parameter ... is required on path ... but not found in request. */
    public static final String VALIDATOR_REQUEST_PARAMETER_HEADER_MISSING = "ERR11017";

    // Lumen's own server, admin and reload conditions (codes light-4j does not use).
    /** 503: The service is not ready to take requests: ... */
    public static final String SERVICE_UNAVAILABLE = "ERR19000";
    /** 415: Content type ... is not supported */
    public static final String UNSUPPORTED_MEDIA_TYPE = "ERR19001";
    /** 400: The request framing is refused: ... */
    public static final String BAD_REQUEST_FRAMING = "ERR19002";
    /** 505: HTTP version ... is not supported: use HTTP/1.1 or HTTP/2 */
    public static final String HTTP_VERSION_NOT_SUPPORTED = "ERR19003";
    /** 408: No part of the request body arrived for ... ms */
    public static final String REQUEST_BODY_TIMEOUT = "ERR19004";
    /** 501: Transfer coding ... is not implemented: send the body chunked or with a Content-Length */
    public static final String TRANSFER_CODING_NOT_IMPLEMENTED = "ERR19005";
    /** 400: Cannot set logger '...' to level '...': the name must not be empty and the level one of TRACE, DEBUG, INFO, WARN, ERROR, OFF, ALL */
    public static final String INVALID_LOG_LEVEL = "ERR19006";
    /** 501: Log levels can be changed only when Logback is the SLF4J binding, found ... */
    public static final String LOG_LEVELS_NOT_SUPPORTED = "ERR19007";
    /** 403: Changing ... is allowed only from the service's own host (loopback) */
    public static final String ADMIN_CHANGE_NOT_LOCAL = "ERR19008";
    /** 500: Response does not match the specification - ... */
    public static final String VALIDATOR_RESPONSE_SCHEMA = "ERR19009";
    /** 422: The configuration was not reloaded (generation ... keeps serving): ... */
    public static final String CONFIG_RELOAD_INVALID = "ERR19010";
    /** 409: The configuration was not reloaded (generation ... keeps serving): ... */
    public static final String CONFIG_RELOAD_NEEDS_RESTART = "ERR19011";
    /** 503: The configuration cannot be reloaded: ... */
    public static final String CONFIG_RELOAD_UNAVAILABLE = "ERR19012";
    /** 500: The configuration was not reloaded (generation ... keeps serving): ... */
    public static final String CONFIG_RELOAD_FAILED = "ERR19013";

    // Lumen's client.
    /** 502: Cannot connect to ...: ... */
    public static final String CLIENT_CONNECT_FAILED = "ERR19020";
    /** 504: Request to ... timed out after ... ms */
    public static final String CLIENT_TIMEOUT = "ERR19021";
    /** 503: Circuit breaker open for ... */
    public static final String CLIENT_CIRCUIT_OPEN = "ERR19022";
    /** 503: Connection pool for ... is full and its wait queue of ... is full */
    public static final String CLIENT_POOL_EXHAUSTED = "ERR19023";
    /** 502: Connection to ... closed before the response completed */
    public static final String CLIENT_CONNECTION_CLOSED = "ERR19024";
    /** 502: TLS handshake with ... failed: ... */
    public static final String CLIENT_TLS_FAILED = "ERR19025";
    /** 502: Protocol error talking to ...: ... */
    public static final String CLIENT_PROTOCOL_ERROR = "ERR19026";

    // Lumen's proxy.
    /** 502: No upstream could be reached for ... */
    public static final String PROXY_UPSTREAM_UNREACHABLE = "ERR19030";
    /** 503: No healthy upstream for ... */
    public static final String PROXY_NO_HEALTHY_UPSTREAM = "ERR19031";
    /** 504: The upstream did not answer ... within ... ms */
    public static final String PROXY_UPSTREAM_TIMEOUT = "ERR19032";
    /** 502: The upstream closed the connection before answering ... */
    public static final String PROXY_UPSTREAM_FAILED = "ERR19033";
    /** 503: Every connection to the upstream is busy and its wait queue is full */
    public static final String PROXY_UPSTREAM_BUSY = "ERR19034";
    /** 400: Request refused: ... */
    public static final String PROXY_AMBIGUOUS_FRAMING = "ERR19035";
    /** 504: Nothing moved for ... in ... ms */
    public static final String PROXY_STREAM_IDLE = "ERR19036";
    /** 404: No gateway route for ... ... */
    public static final String GATEWAY_NO_ROUTE = "ERR19215";
    /** 400: Path refused by the gateway: ... */
    public static final String GATEWAY_PATH_REFUSED = "ERR19216";

    // Lumen's data access.
    /** 503: The database ... cannot be reached */
    public static final String DATABASE_UNAVAILABLE = "ERR19040";
    /** 503: No connection to the database ... became free within ... ms */
    public static final String DATABASE_BUSY = "ERR19041";
    /** 500: The database ... could not complete the request */
    public static final String DATABASE_ERROR = "ERR19042";
    /** 504: The database ... did not answer in time */
    public static final String DATABASE_TIMEOUT = "ERR19043";

    // Lumen's web and gateway middleware (lumen-web, the security module's basic, apikey, ipfilter, unified).
    /** 400: The request body is not valid ... data */
    public static final String INVALID_CONTENT_ENCODING = "ERR19200";
    /** 415: The content coding ... is not accepted here */
    public static final String UNSUPPORTED_CONTENT_ENCODING = "ERR19201";
    /** 404: No file at ... */
    public static final String RESOURCE_NOT_FOUND = "ERR19202";
    /** 400: The path ... is refused */
    public static final String RESOURCE_PATH_REFUSED = "ERR19203";
    /** 401: No accepted credentials; this path takes ... */
    public static final String AUTHENTICATION_REQUIRED = "ERR19210";
    /** 401 INVALID_USERNAME_OR_PASSWORD (light-4j's BasicAuthHandler's): The user name or the password is wrong */
    public static final String INVALID_USERNAME_OR_PASSWORD = "ERR10047";
    /** 401 API_KEY_MISMATCH (light-4j's ApiKeyHandler's): The API key in ... is not valid for this path */
    public static final String API_KEY_MISMATCH = "ERR10075";
    /** 403 INVALID_IP_FOR_PATH (light-4j's WhitelistHandler's): Requests from ... are not allowed on this path */
    public static final String INVALID_IP_FOR_PATH = "ERR10049";
    /** 401 NOT_AUTHORIZED_REQUEST_PATH (light-4j's BasicAuthHandler's): The user ... may not call this path */
    public static final String NOT_AUTHORIZED_REQUEST_PATH = "ERR10071";

    // Tokens for outbound calls (lumen-client's oauth package, the proxy's token handler).
    /** 503: Cannot get a token from ...: ... (connect failure, timeout, open breaker) */
    public static final String TOKEN_ENDPOINT_UNREACHABLE = "ERR19230";
    /** 502: The token endpoint ... refused the token request: ... (its status, never its body) */
    public static final String TOKEN_REQUEST_REFUSED = "ERR19231";
    /** 502: The token endpoint ... answered no usable token: ... */
    public static final String TOKEN_RESPONSE_INVALID = "ERR19232";
    /** 401: This path exchanges the caller's bearer token, and the request has none */
    public static final String SUBJECT_TOKEN_MISSING = "ERR19233";

    private ErrorCodes() {
    }
}
