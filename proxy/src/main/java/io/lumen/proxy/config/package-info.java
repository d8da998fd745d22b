/**
 * {@code proxy.yml} as one immutable record, {@link io.lumen.proxy.config.ProxyConfig}, bound once at
 * startup. A leaf: the handler, {@code forward}, {@code upstream} and {@code gateway} read it, and it
 * knows none of them.
 */
package io.lumen.proxy.config;
