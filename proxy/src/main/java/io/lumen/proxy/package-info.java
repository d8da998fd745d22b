/**
 * The reverse proxy: the {@code proxy} handler, the last link of a handler.yml chain, configured by
 * {@code proxy.yml}. Its public API is {@link io.lumen.proxy.ProxyHandler} (the handler users name in
 * handler.yml), {@link io.lumen.proxy.config.ProxyConfig} (the proxy.yml record) and
 * {@link io.lumen.proxy.ProxyRuntime} (what one proxy keeps while it runs; the {@code gateway} package
 * has one per upstream service); the jar's entry point
 * is the service module's {@code io.lumen.service.Main}. {@code forward} holds the per-request path
 * (framing checks, headers, body pumps, retries, errors); {@code upstream} holds upstream selection
 * and health, each upstream with one of lumen-client's per-IO-thread connection pools
 * ({@code io.lumen.client.pool}).
 */
package io.lumen.proxy;
