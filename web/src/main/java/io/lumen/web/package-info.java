/**
 * Lumen's web middleware, each in a package of its own: {@code encode} (response compression),
 * {@code decode} (compressed request bodies) and {@code resource} (static content and single-page
 * apps). Registered by short name in {@code META-INF/lumen/handlers.properties}; see docs/web.md.
 */
package io.lumen.web;
