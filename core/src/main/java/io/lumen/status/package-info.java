/**
 * The status catalogue and the error JSON.
 *
 * <p>{@link io.lumen.status.StatusCatalogue} merges the framework's {@code status.yml} with an
 * application's {@code app-status.yml}; {@link io.lumen.status.ErrorResponder} is the one place that
 * writes the error JSON, or the
 * {@link io.lumen.status.ErrorFormat} a spec declares for an answer ({@link io.lumen.status.ErrorFormats},
 * registered by the validator module); {@link io.lumen.status.StatusException} carries a status through a chain;
 * {@link io.lumen.status.Causes} finds the root cause a one-line message names.
 * All types here are immutable and thread-safe.
 */
package io.lumen.status;
