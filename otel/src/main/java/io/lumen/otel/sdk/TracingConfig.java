package io.lumen.otel.sdk;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code tracing.yml}: the tracing middleware and its OTLP exporter. Every key is optional; the
 * shipped example writes each as a placeholder named like OpenTelemetry's environment variables
 * ({@code ${otel.exporter.otlp.endpoint:...}} is {@code OTEL_EXPORTER_OTLP_ENDPOINT}). Only an
 * enabled config is checked beyond its types, so {@code OTEL_*} variables meant for another process
 * never stop a service that does not trace.
 *
 * @param enabled            link the middleware into chains and start the exporter (false)
 * @param endpoint           the collector's OTLP/HTTP base URL; {@code /v1/traces} is appended (http://localhost:4318)
 * @param tracesEndpoint     the full URL spans are POSTed to; wins over {@code endpoint}
 * @param protocol           {@code http/protobuf}, the only one supported (see docs/tracing.md)
 * @param headers            HTTP headers sent with every export, e.g. a collector's API key
 * @param compression        {@code none} or {@code gzip} (none)
 * @param exportTimeout      ms one export may take, retries included; also the most a stop waits for the last spans (10000)
 * @param certificate        PEM file of the CA certificates that verify an https collector (default: the JDK's)
 * @param serviceName        resource {@code service.name} (default: server.yml {@code serviceId})
 * @param resourceAttributes more resource attributes ({@code deployment.environment.name} defaults to server.yml {@code environment})
 * @param sampler            {@code parentbased_traceidratio} (default), {@code parentbased_always_on},
 *                           {@code parentbased_always_off}, {@code traceidratio}, {@code always_on}, {@code always_off}
 * @param samplerRatio       share of new traces recorded by the ratio samplers, 0 to 1 (1.0)
 * @param scheduleDelay      ms between two exports of the batch processor (5000)
 * @param maxQueueSize       ended spans waiting for export; more are dropped (2048)
 * @param maxExportBatchSize spans per export request (512), lowered to {@code maxQueueSize} when that is smaller
 */
public record TracingConfig(Boolean enabled, String endpoint, String tracesEndpoint, String protocol, KeyValues headers,
                            String compression, Integer exportTimeout, String certificate, String serviceName,
                            KeyValues resourceAttributes, String sampler, Double samplerRatio, Integer scheduleDelay,
                            Integer maxQueueSize, Integer maxExportBatchSize) {
    public static final String DEFAULT_ENDPOINT = "http://localhost:4318";
    public static final String PROTOCOL = "http/protobuf";
    /** Set by the exporter itself, or refused by the JDK's HttpClient. */
    private static final Set<String> RESERVED_HEADERS = Set.of("connection", "content-length", "content-type",
            "content-encoding", "expect", "host", "upgrade");
    static final Set<String> SAMPLERS = Set.of("parentbased_traceidratio", "parentbased_always_on",
            "parentbased_always_off", "traceidratio", "always_on", "always_off");

    public TracingConfig {
        enabled = enabled != null && enabled;
        endpoint = blank(endpoint) ? DEFAULT_ENDPOINT : endpoint.trim();
        boolean ownTracesEndpoint = !blank(tracesEndpoint);
        tracesEndpoint = ownTracesEndpoint ? tracesEndpoint.trim()
                : endpoint + (endpoint.endsWith("/") ? "" : "/") + "v1/traces";
        protocol = blank(protocol) ? PROTOCOL : protocol.trim().toLowerCase(Locale.ROOT);
        headers = headers == null ? KeyValues.EMPTY : headers;
        compression = blank(compression) ? "none" : compression.trim().toLowerCase(Locale.ROOT);
        exportTimeout = exportTimeout == null ? 10_000 : exportTimeout;
        certificate = blank(certificate) ? null : certificate.trim();
        serviceName = blank(serviceName) ? null : serviceName.trim();
        resourceAttributes = resourceAttributes == null ? KeyValues.EMPTY : resourceAttributes;
        sampler = blank(sampler) ? "parentbased_traceidratio" : sampler.trim().toLowerCase(Locale.ROOT);
        samplerRatio = samplerRatio == null ? 1.0 : samplerRatio;
        scheduleDelay = scheduleDelay == null ? 5000 : scheduleDelay;
        maxQueueSize = maxQueueSize == null ? 2048 : maxQueueSize;
        maxExportBatchSize = maxExportBatchSize == null ? 512 : maxExportBatchSize;
        // as the SDK does: a batch never exceeds the queue (OTEL_BSP_MAX_QUEUE_SIZE=100 alone must work)
        maxExportBatchSize = Math.min(maxExportBatchSize, Math.max(1, maxQueueSize));
        if (enabled) {
            if (ownTracesEndpoint) {
                checkUrl("tracesEndpoint", tracesEndpoint);
            } else {
                checkUrl("endpoint", endpoint);
            }
            if (!protocol.equals(PROTOCOL)) {
                throw new IllegalArgumentException("protocol: '" + protocol + "' is not supported; lumen-otel exports "
                        + PROTOCOL + " (OTLP over HTTP, a collector's port 4318)");
            }
            if (!compression.equals("none") && !compression.equals("gzip")) {
                throw new IllegalArgumentException("compression: must be none or gzip, got '" + compression + "'");
            }
            if (!SAMPLERS.contains(sampler)) {
                throw new IllegalArgumentException("sampler: '" + sampler + "' is not one of "
                        + String.join(", ", new TreeSet<>(SAMPLERS)));
            }
            if (!(samplerRatio >= 0 && samplerRatio <= 1)) {
                throw new IllegalArgumentException("samplerRatio: must be from 0 to 1, got " + samplerRatio);
            }
            atLeastOne("exportTimeout", exportTimeout);
            atLeastOne("scheduleDelay", scheduleDelay);
            atLeastOne("maxQueueSize", maxQueueSize);
            atLeastOne("maxExportBatchSize", maxExportBatchSize);
            for (Map.Entry<String, String> h : headers.values().entrySet()) {
                checkHeader(h.getKey(), h.getValue());
            }
        }
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    private static void atLeastOne(String key, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(key + ": must be at least 1, got " + value);
        }
    }

    private static void checkUrl(String key, String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(key + ": '" + url + "' is not a URL: " + e.getReason());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null) {
            throw new IllegalArgumentException(key + ": '" + url
                    + "' is not an http(s) URL with a host, e.g. http://otel-collector:4318");
        }
    }

    private static void checkHeader(String name, String value) {
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c <= ' ' || c >= 127 || "()<>@,;:\\\"/[]?={}".indexOf(c) >= 0) {
                throw new IllegalArgumentException("headers: '" + name + "' is not a valid header name");
            }
        }
        if (RESERVED_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
            throw new IllegalArgumentException("headers: '" + name + "' is set by the exporter and cannot be configured");
        }
        if (value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("headers: the value of '" + name + "' holds a line break");
        }
    }
}
