/**
 * TLS material: key stores and trust stores (PKCS12 or JKS) found through the config dirs, and the
 * {@link javax.net.ssl.SSLContext}s built from them. Used by the server and, later, the client.
 * Everything here runs at startup; failures are {@link io.lumen.config.ConfigException}s naming
 * the store and the config key that points at it.
 */
package io.lumen.tls;
