/**
 * The {@code header} middleware: request and response header rules from {@code header.yml},
 * globally and per path prefix, merged per route at startup. Runs on the IO thread, never blocks
 * and never answers with an error itself.
 */
package io.lumen.handler.header;
