/**
 * The {@code unified} middleware: one security link that picks, per route path prefix, which of
 * HTTP Basic, JWT and API keys a request may use, and uses the one whose credentials it carries
 * (light-4j's unified-security). IO thread, except a Basic hash check (see the basic package).
 */
package io.lumen.security.unified;
