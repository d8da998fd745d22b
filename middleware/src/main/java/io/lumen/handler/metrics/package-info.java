/**
 * The {@code metrics} middleware (per-endpoint request timers by method and status class, plus
 * JVM and process meters) and the {@code prometheus} handler that exposes them. One Micrometer
 * Prometheus registry per service, shared through {@code ServiceContext.shared}. Everything runs
 * on the IO thread; metrics never fail a request.
 */
package io.lumen.handler.metrics;
