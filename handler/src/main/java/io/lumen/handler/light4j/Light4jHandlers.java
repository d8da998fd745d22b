package io.lumen.handler.light4j;

import io.lumen.handler.light4j.Light4jHandler.Kind;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The handler classes of light-4j 2.x, light-rest-4j, light-proxy and light-gateway that handler.yml
 * files name, and what each is on Lumen. handler.yml entries naming a class of this table start
 * on Lumen unchanged (one INFO line per mapping) or fail with the advice of {@link Light4jHandler#note()};
 * {@code lumen migrate} rewrites them from the same table.
 *
 * <p>Class names were read from the public light-4j, light-rest-4j, light-gateway and light-proxy
 * sources (2.3.x) and from the handler.yml files of their examples and of light-example-4j, light-config-test
 * and light-oauth2 (the GraphQL, hybrid RPC, WebSocket, single-page-app and Lambda frameworks' classes).
 */
public final class Light4jHandlers {
    private static final Map<String, Light4jHandler> BY_CLASS = table();

    private Light4jHandlers() {
    }

    /** What {@code className} is on Lumen, if it is a light-4j handler class this table knows. */
    public static Optional<Light4jHandler> find(String className) {
        return Optional.ofNullable(BY_CLASS.get(className));
    }

    /** Whether {@code className} is in one of light-4j's packages ({@code com.networknt.}). */
    public static boolean isLight4jClass(String className) {
        return className.startsWith("com.networknt.");
    }

    /** Every known class, in the table's order (grouped by light-4j module). */
    public static Collection<Light4jHandler> all() {
        return BY_CLASS.values();
    }

    private static Map<String, Light4jHandler> table() {
        Map<String, Light4jHandler> t = new LinkedHashMap<>();
        // light-4j middleware with a Lumen built-in of the same job
        builtin(t, "com.networknt.exception.ExceptionHandler", "exception", "");
        builtin(t, "com.networknt.correlation.CorrelationHandler", "correlation", "");
        builtin(t, "com.networknt.metrics.MetricsHandler", "metrics", "Micrometer with a Prometheus registry, scraped from the prometheus handler; no InfluxDB push");
        builtin(t, "com.networknt.metrics.APMMetricsHandler", "metrics", "Micrometer with a Prometheus registry instead of an APM push");
        builtin(t, "com.networknt.metrics.prometheus.PrometheusHandler", "metrics", "");
        builtin(t, "com.networknt.metrics.prometheus.PrometheusGetHandler", "prometheus", "");
        builtin(t, "com.networknt.cors.CorsHttpHandler", "cors", "");
        builtin(t, "com.networknt.header.HeaderHandler", "header", "");
        builtin(t, "com.networknt.limit.LimitHandler", "limit", "");
        builtin(t, "com.networknt.body.BodyHandler", "body", "");
        builtin(t, "com.networknt.body.ProxyBodyHandler", "body", "Lumen's body middleware puts the bytes back, so the proxy still forwards them");
        builtin(t, "com.networknt.audit.AuditHandler", "audit", "");
        builtin(t, "com.networknt.sanitizer.SanitizerHandler", "sanitizer", "sanitizer.yml with light-4j's keys (OWASP Java Encoder)");
        builtin(t, "com.networknt.jaeger.tracing.JaegerHandler", "tracing", "OpenTelemetry (lumen-otel) instead of Jaeger's client");
        // light-4j admin endpoints
        builtin(t, "com.networknt.health.HealthGetHandler", "health", "");
        builtin(t, "com.networknt.health.HealthCheckHandler", "health", "");
        builtin(t, "com.networknt.info.ServerInfoGetHandler", "info", "");
        builtin(t, "com.networknt.logging.handler.LoggerGetHandler", "logger", "one handler for GET and POST");
        builtin(t, "com.networknt.logging.handler.LoggerPostHandler", "logger", "one handler for GET and POST");
        builtin(t, "com.networknt.logging.handler.LoggerGetNameHandler", "logger", "GET lists every logger; there is no per-name route");
        builtin(t, "com.networknt.config.reload.handler.ConfigReloadHandler", "reload", "reloads the whole configuration (POST), not module by module");
        builtin(t, "com.networknt.config.reload.handler.ModuleRegistryGetHandler", "modules", "");
        // light-rest-4j
        builtin(t, "com.networknt.openapi.OpenApiHandler", "specification", "");
        builtin(t, "com.networknt.openapi.JwtVerifyHandler", "security", "");
        builtin(t, "com.networknt.openapi.SimpleJwtVerifyHandler", "security", "verifies signatures too");
        builtin(t, "com.networknt.security.JwtVerifyHandler", "security", "");
        builtin(t, "com.networknt.openapi.ValidatorHandler", "validator", "");
        builtin(t, "com.networknt.specification.SpecDisplayHandler", "specyaml", "");
        builtin(t, "com.networknt.specification.SpecSwaggerUIHandler", "specui", "");
        // light-gateway's security and web middleware (modules lumen-security and lumen-web)
        builtin(t, "com.networknt.basicauth.BasicAuthHandler", "basic", "basic-auth.yml with light-4j's keys; LDAP (enableAD) is refused");
        builtin(t, "com.networknt.apikey.ApiKeyHandler", "apikey", "apikey.yml with light-4j's keys");
        builtin(t, "com.networknt.whitelist.WhitelistHandler", "ipfilter", "its rules move from whitelist.yml to ip-filter.yml (CIDR ranges per path prefix)");
        builtin(t, "com.networknt.security.UnifiedSecurityHandler", "unified", "unified-security.yml with light-4j's keys");
        builtin(t, "com.networknt.decode.RequestDecodeHandler", "decode", "request-decode.yml");
        builtin(t, "com.networknt.encode.ResponseEncodeHandler", "encode", "response-encode.yml");
        builtin(t, "com.networknt.resource.PathResourceHandler", "resource", "static.yml instead of path-resource settings");
        builtin(t, "com.networknt.resource.VirtualHostHandler", "static", "one site from static.yml; no per-host sites");
        // light-proxy / light-gateway
        builtin(t, "com.networknt.proxy.LightProxyHandler", "proxy", "hosts from proxy.yml");
        builtin(t, "com.networknt.handler.ProxyHandler", "proxy", "hosts from proxy.yml");
        builtin(t, "com.networknt.proxy.ProxyHealthGetHandler", "health", "this service's own health; the backend is checked by proxy.yml health checks");
        builtin(t, "com.networknt.proxy.ProxyServerInfoHandler", "info", "this service's own info, without the backend's");
        // jobs Lumen does elsewhere
        covered(t, "com.networknt.traceability.TraceabilityHandler", "the correlation middleware echoes X-Traceability-Id (correlation.yml traceabilityHeader)");
        covered(t, "com.networknt.expect100continue.Expect100ContinueHandler", "Lumen's server answers Expect: 100-continue on the first read of the body");
        covered(t, "com.networknt.handler.RequestInterceptorInjectionHandler", "Lumen's body middleware parses request bodies itself; there are no interceptors");
        covered(t, "com.networknt.handler.ResponseInterceptorInjectionHandler", "Lumen has no response interceptors; responses pass through unchanged");
        // no equivalent
        switchable(t, "com.networknt.dump.DumpHandler", "dump", false, "the audit middleware (audit.yml) or DEBUG logging of your handler");
        unserved(t, "com.networknt.logging.handler.LoggerGetLogContentsHandler", "read logs from stdout or your log collector; Lumen does not serve its log files");
        unserved(t, "com.networknt.cache.CacheExplorerHandler", "the metrics of your own caches; Lumen has no shared cache manager");
        missing(t, "com.networknt.openapi.SwtVerifyHandler", "the security middleware with JWTs; Lumen does not introspect simple web tokens");
        // light-4j's access-control.yml default: enabled true
        switchable(t, "com.networknt.openapi.AccessControlHandler", "access-control", true, "scopes in the OpenAPI spec checked by the security middleware");
        // light-rest-4j's Swagger 2.0 line (light-4j 1.x; its JwtVerifyHandler is com.networknt.security's, above):
        // swagger.json/.yaml is converted to OpenAPI 3.0 when loaded
        builtin(t, "com.networknt.swagger.SwaggerHandler", "specification", "swagger.json/swagger.yaml, converted to OpenAPI 3.0 when loaded");
        builtin(t, "com.networknt.validator.ValidatorHandler", "validator", "swagger-validator.yml when there is no openapi-validator.yml");
        missing(t, "com.networknt.deref.DerefMiddlewareHandler", "the security middleware with JWTs");
        missing(t, "com.networknt.content.ContentHandler", "set Content-Type in your handler, or a header.yml response rule");
        unserved(t, "com.networknt.specification.FaviconHandler", "drop the /favicon.ico route (browsers accept a 404) or serve it from your own handler");
        builtin(t, "com.networknt.router.RouterHandler", "gateway", "routes by path prefix (pathPrefixService.yml, gateway.yml), not by a service_id header");
        missing(t, "com.networknt.router.SidecarRouterHandler", "the gateway handler with gateway.yml routes (Lumen routes by path, not by service_id header)");
        covered(t, "com.networknt.router.middleware.PathPrefixServiceHandler", "the gateway handler reads pathPrefixService.yml's mapping itself");
        missing(t, "com.networknt.router.middleware.SidecarPathPrefixServiceHandler", "pathPrefixService.yml or gateway.yml routes with the gateway handler");
        missing(t, "com.networknt.router.middleware.PathServiceHandler", "gateway.yml routes (a prefix per path) with the gateway handler");
        missing(t, "com.networknt.router.middleware.ServiceDictHandler", "gateway.yml routes (a prefix per path) with the gateway handler");
        missing(t, "com.networknt.router.middleware.GatewayServiceDictHandler", "gateway.yml routes (a prefix per path) with the gateway handler");
        missing(t, "com.networknt.router.middleware.SidecarServiceDictHandler", "gateway.yml routes (a prefix per path) with the gateway handler");
        builtin(t, "com.networknt.router.middleware.TokenHandler", "token", "token.yml and client.yml's oauth section with light-4j's keys (lumen-proxy)");
        builtin(t, "com.networknt.router.middleware.SidecarTokenHandler", "token", "token.yml and client.yml's oauth section (lumen-proxy); put it on the egress routes");
        missing(t, "com.networknt.router.middleware.SAMLTokenHandler", "SAML exchange at an identity-aware ingress");
        missing(t, "com.networknt.router.middleware.GatewaySAMLTokenHandler", "SAML exchange at an identity-aware ingress");
        missing(t, "com.networknt.router.middleware.SidecarSAMLTokenHandler", "SAML exchange at an identity-aware ingress");
        unserved(t, "com.networknt.router.OAuthServerHandler", "your OAuth server's own token endpoint");
        unserved(t, "com.networknt.router.OAuthServerGetHandler", "your OAuth server's own token endpoint");
        missing(t, "com.networknt.proxy.ExternalServiceHandler", "a proxy route with proxy.yml hosts naming the external service");
        missing(t, "com.networknt.token.exchange.handler.TokenExchangeHandler", "token exchange in your handler with lumen-client");
        missing(t, "com.networknt.token.limit.TokenLimitHandler", "the limit middleware (limit.yml)");
        missing(t, "com.networknt.sse.SseHandler", "your own handler writing text/event-stream");
        missing(t, "com.networknt.mcp.McpHandler", "your own handler; Lumen has no MCP router");
        missing(t, "com.networknt.portal.registry.client.McpHandler", "your own handler; Lumen has no MCP router");
        unserved(t, "com.networknt.security.JwtMockHandler", "tokens signed for tests with io.lumen.security.tool.DevTokens");
        String external = "a proxy route (proxy.yml hosts) to the external service, with the token middleware (token.yml) for its token";
        missing(t, "com.networknt.proxy.mras.MrasHandler", external);
        missing(t, "com.networknt.proxy.salesforce.SalesforceHandler", external);
        missing(t, "com.networknt.proxy.tableau.TableauSimpleAuthHandler", external);
        covered(t, "com.networknt.handler.RequestInterceptorHandler", "Lumen's body middleware parses request bodies itself; there are no interceptors");
        covered(t, "com.networknt.handler.ResponseInterceptorHandler", "Lumen has no response interceptors; responses pass through unchanged");
        // the other networknt frameworks' handlers (light-graphql-4j, light-hybrid-4j, light-websocket-4j, light-spa-4j,
        // light-aws-lambda), named in light-example-4j's and light-gateway's folders
        String graphql = "your own handler with a GraphQL library (graphql-java); Lumen has no GraphQL router";
        unserved(t, "com.networknt.graphql.router.handlers.GraphqlGetHandler", graphql);
        unserved(t, "com.networknt.graphql.router.handlers.GraphqlPostHandler", graphql);
        unserved(t, "com.networknt.graphql.router.handlers.GraphqlOptionsHandler", graphql);
        unserved(t, "com.networknt.graphql.router.handlers.GraphqlSubscriptionHandler", graphql);
        missing(t, "com.networknt.graphql.security.JwtVerifyHandler", "the security middleware (security.yml) in front of " + graphql);
        missing(t, "com.networknt.graphql.validator.ValidatorHandler", "the validation of " + graphql);
        String hybrid = "REST routes in handler.yml, one handler per service; Lumen has no hybrid RPC router";
        unserved(t, "com.networknt.rpc.router.JsonHandler", hybrid);
        missing(t, "com.networknt.rpc.security.JwtVerifyHandler", "the security middleware (security.yml) with " + hybrid);
        missing(t, "com.networknt.rpc.security.HybridJwtVerifyHandler", "the security middleware (security.yml) with " + hybrid);
        missing(t, "com.networknt.rpc.security.AccessControlHandler", "scopes in the OpenAPI spec checked by the security"
                + " middleware, with " + hybrid);
        missing(t, "com.networknt.rpc.router.SchemaHandler", hybrid);
        String websocket = "your own handler with Undertow's WebSocket API (io.undertow.websockets); Lumen's proxy and gateway forward"
                + " HTTP only";
        missing(t, "com.networknt.websocket.router.WebSocketRouterHandler", websocket);
        unserved(t, "com.networknt.websocket.handler.WebSocketHandler", websocket);
        unserved(t, "com.networknt.websocket.rendezvous.WebSocketRendezvousHandler", websocket);
        missing(t, "com.networknt.auth.StatelessAuthHandler", "the security middleware with bearer JWTs; Lumen has no cookie session"
                + " handler for single-page apps");
        String spaLogin = "your identity provider's login flow in the single-page app, with bearer JWTs checked by the security"
                + " middleware; Lumen has no cookie session handler for single-page apps";
        missing(t, "com.networknt.auth.GoogleAuthHandler", spaLogin);
        missing(t, "com.networknt.auth.FacebookAuthHandler", spaLogin);
        missing(t, "com.networknt.auth.GithubAuthHandler", spaLogin);
        missing(t, "com.networknt.auth.MsalTokenExchangeHandler", spaLogin);
        missing(t, "com.networknt.aws.lambda.LambdaFunctionHandler", "a proxy route to an HTTP endpoint of the function (a Lambda"
                + " function URL or API Gateway); Lumen does not invoke Lambda functions");
        String chaos = "fault injection outside the service (a chaos proxy or service mesh)";
        bypassable(t, "com.networknt.chaos.KillappAssaultHandler", "killapp-assault", chaos);
        bypassable(t, "com.networknt.chaos.LatencyAssaultHandler", "latency-assault", chaos);
        bypassable(t, "com.networknt.chaos.MemoryAssaultHandler", "memory-assault", chaos);
        bypassable(t, "com.networknt.chaos.ExceptionAssaultHandler", "exception-assault", chaos);
        unserved(t, "com.networknt.chaos.ChaosMonkeyGetHandler", chaos);
        unserved(t, "com.networknt.chaos.ChaosMonkeyPostHandler", chaos);
        unserved(t, "com.networknt.server.handler.ServerShutdownHandler", "SIGTERM (kubectl delete pod, docker stop): Lumen drains gracefully on it");
        return Collections.unmodifiableMap(t);
    }

    private static void builtin(Map<String, Light4jHandler> t, String className, String builtin, String note) {
        t.put(className, new Light4jHandler(className, Kind.BUILTIN, builtin, note, null));
    }

    private static void covered(Map<String, Light4jHandler> t, String className, String byWhom) {
        t.put(className, new Light4jHandler(className, Kind.COVERED, null, byWhom, null));
    }

    private static void missing(Map<String, Light4jHandler> t, String className, String instead) {
        t.put(className, new Light4jHandler(className, Kind.MISSING, null, instead, null));
    }

    private static void switchable(Map<String, Light4jHandler> t, String className, String configFile,
                                   boolean enabledByDefault, String instead) {
        t.put(className, new Light4jHandler(className, Kind.MISSING, null, instead,
                new Light4jHandler.OffSwitch(configFile, enabledByDefault, false)));
    }

    /** A chaos-monkey assault: off when its file says {@code enabled: false} (the default) or {@code bypass: true}. */
    private static void bypassable(Map<String, Light4jHandler> t, String className, String configFile, String instead) {
        t.put(className, new Light4jHandler(className, Kind.MISSING, null, instead,
                new Light4jHandler.OffSwitch(configFile, false, true)));
    }

    private static void unserved(Map<String, Light4jHandler> t, String className, String instead) {
        t.put(className, new Light4jHandler(className, Kind.UNSERVED, null, instead, null));
    }
}
