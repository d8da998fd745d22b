/**
 * The OpenTelemetry SDK assembly behind the {@code tracing} middleware, built from {@code tracing.yml}
 * ({@link io.lumen.otel.sdk.TracingConfig}, with {@code KeyValues} for its header and attribute lists):
 * {@link io.lumen.otel.sdk.TracingRuntime}
 * (tracer provider, sampler, resource, batch span processor, OTLP/HTTP exporter over the JDK's
 * HttpClient) and the bridge of the SDK's own logging to SLF4J. Nothing here runs on a request's
 * thread except handing an ended span to the processor's queue.
 */
package io.lumen.otel.sdk;
