package io.lumen.otel;

import io.lumen.otel.testing.OtlpReceiver;
import io.lumen.otel.testing.ShowTrace;
import io.lumen.otel.testing.Traced;
import io.lumen.testkit.TestService;
import io.opentelemetry.proto.trace.v1.Span;
import io.opentelemetry.proto.trace.v1.Status;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One SERVER span per request, through real HTTP to a real service exporting to the test collector:
 * its trace and parent ids, name, attributes and status, and the context the rest of the chain
 * forwards.
 */
class TracingHandlerTest {
    @TempDir
    static Path dir;
    static OtlpReceiver collector;
    static TestService service;

    @BeforeAll
    static void start() {
        collector = OtlpReceiver.start();
        service = Traced.service(dir, "tracing-test", collector.endpoint(), "").file("handler.yml", """
                handlers:
                  - io.lumen.otel.testing.Ok@ok
                  - io.lumen.otel.testing.Throwing@boom
                  - io.lumen.otel.testing.SetEndpoint@spec
                  - io.lumen.otel.testing.BlockingSleep@sleep
                  - io.lumen.otel.testing.ShowTrace@show
                paths:
                  - {path: '/items/{id}', method: GET, exec: [exception, correlation, tracing, show]}
                  - {path: /ok, method: GET, exec: [exception, correlation, tracing, ok]}
                  - {path: /boom, method: GET, exec: [exception, correlation, tracing, boom]}
                  - {path: /guarded, method: GET, exec: [correlation, tracing, boom]}
                  - {path: /spec, method: GET, exec: [correlation, tracing, spec, ok]}
                  - {path: /sleep, method: GET, exec: [correlation, tracing, sleep]}
                  - {path: /alone, method: GET, exec: [tracing, show]}
                defaultHandlers: [correlation, tracing, ok]
                """).start();
    }

    @AfterAll
    static void stop() {
        service.close();
        collector.close();
    }

    static HttpResponse<String> get(String path, String traceparent) {
        HttpRequest.Builder b = service.request(path).header("User-Agent", "tracing-test/1.0");
        if (traceparent != null) {
            b.header("traceparent", traceparent);
        }
        return TestService.send(Traced.HTTP1, b.GET().build());
    }

    @Test
    void theSpanContinuesTheCallersTraceAndDescribesTheRequest() {
        String trace = Traced.traceId();
        String caller = Traced.spanId();
        HttpResponse<String> r = get("/items/42", "00-" + trace + "-" + caller + "-01");
        assertEquals(200, r.statusCode());

        OtlpReceiver.Received s = collector.awaitTrace(trace);
        assertEquals(caller, s.parentSpanId());
        assertEquals(Span.SpanKind.SPAN_KIND_SERVER, s.span().getKind());
        assertEquals("GET /items/{id}", s.name());
        assertEquals("GET", s.attribute("http.request.method"));
        assertEquals("/items/42", s.attribute("url.path"));
        assertEquals("http", s.attribute("url.scheme"));
        assertEquals("/items/{id}", s.attribute("http.route"));
        assertEquals("200", s.attribute("http.response.status_code"));
        assertEquals("127.0.0.1", s.attribute("server.address"));
        assertEquals(Integer.toString(service.service().httpPort()), s.attribute("server.port"));
        assertEquals("127.0.0.1", s.attribute("client.address"));
        assertEquals("1.1", s.attribute("network.protocol.version"));
        assertEquals("tracing-test/1.0", s.attribute("user_agent.original"));
        assertNull(s.attribute("error.type"));
        assertEquals(Status.StatusCode.STATUS_CODE_UNSET, s.span().getStatus().getCode());
        assertTrue(s.span().getEndTimeUnixNano() >= s.span().getStartTimeUnixNano());
        assertEquals("tracing-test", s.resourceAttribute("service.name"));
        assertEquals("io.lumen.otel", s.scope());

        // what the chain forwards downstream names this span as the parent, in the same trace
        assertEquals("00-" + trace + "-" + s.spanId() + "-01", ShowTrace.value(r.body(), "traceparent"));
        assertEquals(trace, ShowTrace.value(r.body(), "traceId"));
        assertEquals(trace, ShowTrace.value(r.body(), "mdcTid"));
        assertEquals("00-" + trace + "-" + caller + "-01", ShowTrace.value(r.body(), "header"), "the request header stays as received");
    }

    @Test
    void aRequestWithoutTraceContextStartsATraceThatTheChainAndTheLogsShare() {
        HttpResponse<String> r = get("/items/7", null);
        assertEquals(200, r.statusCode());
        String trace = ShowTrace.value(r.body(), "traceId");
        OtlpReceiver.Received s = collector.awaitTrace(trace);
        assertEquals("", s.parentSpanId(), "a root span");
        String forwarded = ShowTrace.value(r.body(), "traceparent");
        assertEquals("00-" + trace + "-" + s.spanId() + "-", forwarded.substring(0, 53));
        // sampled (01), with the W3C level 2 'random trace id' flag (02) the SDK sets on new traces
        assertEquals(String.format("%02x", s.span().getFlags() & 0xff), forwarded.substring(53));
        assertEquals(1, Integer.parseInt(forwarded.substring(53), 16) & 1);
        assertEquals(trace, ShowTrace.value(r.body(), "mdcTid"), "log lines carry the exported trace id");
    }

    @Test
    void anInvalidTraceparentStartsANewTrace() {
        String bad = "00-" + "0".repeat(32) + "-" + Traced.spanId() + "-01";
        HttpResponse<String> r = get("/items/8", bad);
        String trace = ShowTrace.value(r.body(), "traceId");
        assertNotEquals("0".repeat(32), trace);
        assertEquals("", collector.awaitTrace(trace).parentSpanId());
    }

    @Test
    void aCallerThatDidNotSampleIsFollowedAndNothingIsExported() {
        String unsampled = Traced.traceId();
        HttpResponse<String> r = get("/items/9", "00-" + unsampled + "-" + Traced.spanId() + "-00");
        assertEquals(200, r.statusCode());
        String forwarded = ShowTrace.value(r.body(), "traceparent");
        assertTrue(forwarded.startsWith("00-" + unsampled + "-") && forwarded.endsWith("-00"), forwarded);

        // a sampled request after it: once its span arrives, the unsampled one would have too
        String sampled = Traced.traceId();
        get("/items/10", "00-" + sampled + "-" + Traced.spanId() + "-01");
        collector.awaitTrace(sampled);
        assertEquals(0, collector.trace(unsampled).size());
    }

    @Test
    void anErrorAnsweredByTheExceptionMiddlewareIsAnErrorSpan() {
        String trace = Traced.traceId();
        assertEquals(500, get("/boom", "00-" + trace + "-" + Traced.spanId() + "-01").statusCode());
        OtlpReceiver.Received s = collector.awaitTrace(trace);
        assertEquals(Status.StatusCode.STATUS_CODE_ERROR, s.span().getStatus().getCode());
        assertEquals("500", s.attribute("error.type"));
        assertEquals("500", s.attribute("http.response.status_code"));
    }

    @Test
    void anErrorAnsweredByTheLastResortGuardIsAnErrorSpan() {
        String trace = Traced.traceId();
        HttpResponse<String> r = get("/guarded", "00-" + trace + "-" + Traced.spanId() + "-01");
        assertEquals(500, r.statusCode());
        assertTrue(r.body().contains("ERR10010"), r.body());
        OtlpReceiver.Received s = collector.awaitTrace(trace);
        assertEquals(Status.StatusCode.STATUS_CODE_ERROR, s.span().getStatus().getCode());
        assertEquals("500", s.attribute("error.type"));
    }

    @Test
    void aClientErrorIsNotAServerError() {
        String trace = Traced.traceId();
        assertEquals(404, get("/ok?status=404", "00-" + trace + "-" + Traced.spanId() + "-01").statusCode());
        OtlpReceiver.Received s = collector.awaitTrace(trace);
        assertEquals("404", s.attribute("http.response.status_code"));
        assertEquals(Status.StatusCode.STATUS_CODE_UNSET, s.span().getStatus().getCode());
        assertNull(s.attribute("error.type"));
    }

    @Test
    void theEndpointALaterHandlerMatchedNamesTheSpan() {
        String trace = Traced.traceId();
        get("/spec", "00-" + trace + "-" + Traced.spanId() + "-01");
        OtlpReceiver.Received s = collector.awaitTrace(trace);
        assertEquals("GET /v1/spec/{op}", s.name());
        assertEquals("/v1/spec/{op}", s.attribute("http.route"));
    }

    @Test
    void theDefaultHandlersHaveNoRouteSoTheNameIsTheMethod() {
        String trace = Traced.traceId();
        assertEquals(200, get("/nowhere/else", "00-" + trace + "-" + Traced.spanId() + "-01").statusCode());
        OtlpReceiver.Received s = collector.awaitTrace(trace);
        assertEquals("GET", s.name());
        assertNull(s.attribute("http.route"));
        assertEquals("/nowhere/else", s.attribute("url.path"));
    }

    @Test
    void anUnknownMethodIsOtherAndKeepsItsOriginal() {
        String trace = Traced.traceId();
        HttpResponse<String> r = TestService.send(Traced.HTTP1, service.request("/nowhere")
                .header("traceparent", "00-" + trace + "-" + Traced.spanId() + "-01")
                .method("PURGE", HttpRequest.BodyPublishers.noBody()).build());
        assertEquals(200, r.statusCode());
        OtlpReceiver.Received s = collector.awaitTrace(trace);
        assertEquals("HTTP", s.name());
        assertEquals("_OTHER", s.attribute("http.request.method"));
        assertEquals("PURGE", s.attribute("http.request.method_original"));
    }

    @Test
    void headFallingBackToTheGetRouteIsNamedHead() {
        String trace = Traced.traceId();
        TestService.send(Traced.HTTP1, service.request("/ok")
                .header("traceparent", "00-" + trace + "-" + Traced.spanId() + "-01")
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build());
        OtlpReceiver.Received s = collector.awaitTrace(trace);
        assertEquals("HEAD /ok", s.name());
        assertEquals("HEAD", s.attribute("http.request.method"));
    }

    @Test
    void aBlockingHandlerEndsItsSpanWhenItsResponseIsDone() {
        String trace = Traced.traceId();
        assertEquals("slept", get("/sleep", "00-" + trace + "-" + Traced.spanId() + "-01").body());
        Span s = collector.awaitTrace(trace).span();
        assertTrue(s.getEndTimeUnixNano() - s.getStartTimeUnixNano() >= Duration.ofMillis(50).toNanos(),
                "the span covers the 50 ms the handler slept");
    }

    @Test
    void withoutTheCorrelationMiddlewareTheSpanStillSetsTheTraceContext() {
        String trace = Traced.traceId();
        String caller = Traced.spanId();
        HttpResponse<String> r = get("/alone", "00-" + trace + "-" + caller + "-01");
        OtlpReceiver.Received s = collector.awaitTrace(trace);
        assertEquals(caller, s.parentSpanId());
        assertEquals("00-" + trace + "-" + s.spanId() + "-01", ShowTrace.value(r.body(), "traceparent"));
        assertEquals(trace, ShowTrace.value(r.body(), "traceId"));
        assertEquals(trace, ShowTrace.value(r.body(), "mdcTid"));
    }

    @Test
    void eachRequestHasItsOwnSpan() {
        String trace = Traced.traceId();
        for (int i = 0; i < 3; i++) {
            get("/ok", "00-" + trace + "-" + Traced.spanId() + "-01");
        }
        collector.await(x -> collector.trace(trace).size() == 3, Duration.ofSeconds(10));
        assertEquals(3, collector.trace(trace).stream().map(OtlpReceiver.Received::spanId).distinct().count());
    }
}
