/**
 * The one way Lumen opens a connection to an upstream origin, shared by lumen-client's pools and
 * lumen-proxy's pools (and through the client, the proxy's health checks):
 * {@link io.lumen.client.connect.UpstreamConnector} connects with Undertow's client (HTTP/1.1, h2c
 * upgrade or prior knowledge, ALPN over TLS), arms the connect timeout, closes a connection that
 * arrives after it was given up, and builds the connect options and TLS both sides use. Pooling,
 * counting and error mapping stay with each pool.
 */
package io.lumen.client.connect;
