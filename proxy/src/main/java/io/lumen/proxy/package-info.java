/**
 * The reverse proxy: the {@code proxy} handler, the last link of a handler.yml chain, configured by
 * {@code proxy.yml}. Its public API is {@link io.lumen.proxy.ProxyHandler} (the handler users name in
 * handler.yml) and {@link io.lumen.proxy.ProxyConfig} (the proxy.yml record); the jar's entry point
 * is the service module's {@code io.lumen.service.Main}. {@code forward} holds the per-request path
 * (framing checks, headers, body pumps, retries, errors); {@code upstream} holds upstream selection,
 * the per-IO-thread connection pools and health. {@link io.lumen.proxy.PerIoThread} is public only
 * because both of those packages keep state per IO thread with it.
 */
package io.lumen.proxy;
