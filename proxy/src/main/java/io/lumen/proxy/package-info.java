/**
 * The reverse proxy: the {@code proxy} handler, the last link of a handler.yml chain, configured by
 * {@code proxy.yml}. {@code forward} holds the per-request path (framing checks, headers, body
 * pumps, retries, errors); {@code upstream} holds upstream selection, the per-IO-thread connection
 * pools and health.
 */
package io.lumen.proxy;
