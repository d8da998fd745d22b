/**
 * lumen-otel: the {@code tracing} middleware ({@link io.lumen.otel.TracingHandler}) and its
 * {@code tracing.yml} ({@link io.lumen.otel.sdk.TracingConfig}). One OpenTelemetry SERVER span per
 * request, named and attributed per the HTTP semantic conventions, continuing the request's W3C
 * trace context and handing its own context to what the request calls. Request-path classes run
 * on the IO thread and never fail a request; the SDK assembly is in {@code io.lumen.otel.sdk}.
 */
package io.lumen.otel;
