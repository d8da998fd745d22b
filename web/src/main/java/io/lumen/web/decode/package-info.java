/**
 * The {@code decode} middleware: request bodies sent with {@code Content-Encoding: gzip} or
 * {@code deflate} are read and inflated, with a bound on the inflated size, before the handlers
 * behind read them as plain bodies. Runs on the IO thread; see docs/web.md.
 */
package io.lumen.web.decode;
