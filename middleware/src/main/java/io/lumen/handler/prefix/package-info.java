/**
 * Segment-wise path-prefix matching for middleware with per-prefix config. Stateless and
 * thread-safe; used at startup when routes are linked.
 */
package io.lumen.handler.prefix;
