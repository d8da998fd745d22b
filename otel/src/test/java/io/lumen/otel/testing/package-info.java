/**
 * Test helpers of lumen-otel: the OTLP/HTTP test collector, traced test services (on the test kit's
 * {@code TestService}), a trace-showing handler and the small handlers the chains are built from
 * ({@code Ok}, {@code Throwing}, {@code SetEndpoint}, {@code BlockingSleep}).
 */
package io.lumen.otel.testing;
