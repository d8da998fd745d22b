/**
 * The {@code decode} middleware: request bodies sent with {@code Content-Encoding: gzip} or
 * {@code deflate} are inflated (Undertow's inflating conduits) while the handlers behind read them,
 * with a bound on the inflated size. Runs on the IO thread; see docs/web.md.
 */
package io.lumen.web.decode;
