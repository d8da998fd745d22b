/**
 * The {@code encode} middleware: gzip and deflate response compression on Undertow's encoding
 * providers, chosen by {@code Accept-Encoding} (q-values), limited to configured media types and a
 * minimum size, with {@code Vary: Accept-Encoding}. Runs on the IO thread; see docs/web.md.
 */
package io.lumen.web.encode;
