/**
 * Probe endpoints: {@code health} ({@code /health}), {@code liveness} ({@code /health/liveness})
 * and {@code readiness} ({@code /health/readiness}). Plain handlers ending a route, on the IO
 * thread; bodies are pre-encoded; a failing probe answers the error JSON ({@code ERR19000}).
 */
package io.lumen.handler.health;
