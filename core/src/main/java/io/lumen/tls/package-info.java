/**
 * TLS material: key stores and trust stores (PKCS12 or JKS) found through the config dirs, and the
 * one place that builds {@link javax.net.ssl.SSLContext}s from them ({@code SslContexts}): the
 * server's, and the outbound contexts of the HTTP client and the proxy (trust that accepts what any
 * configured store or the JDK's CAs accept, recording rejections; client engines with per-context
 * hostname verification and protocol versions).
 * Everything here runs at startup. A store or server context that cannot be read is a
 * {@link io.lumen.config.ConfigException} naming the store and the config key that points at it; a
 * client context built from stores in code fails with an {@link IllegalArgumentException}.
 */
package io.lumen.tls;
