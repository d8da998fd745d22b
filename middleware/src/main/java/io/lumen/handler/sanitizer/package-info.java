/**
 * The {@code sanitizer} middleware: light-4j's SanitizerHandler on Lumen. It encodes request header
 * values and the string values of the parsed JSON or form body with an OWASP Java Encoder context
 * ({@code sanitizer.yml}, light-4j's keys), so handlers that echo input into a page or script get it
 * pre-encoded. Runs where it is placed in the chain, never blocks and never answers with an error.
 */
package io.lumen.handler.sanitizer;
