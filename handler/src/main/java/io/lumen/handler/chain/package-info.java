/**
 * The chain engine: instantiates the handlers named in handler.yml once, resolves every route's
 * {@code exec} list into a flat sequence of handler objects, drops disabled middleware, and links
 * the sequence into one pre-built {@code HttpHandler} (inserting a single dispatch before the
 * first {@link io.lumen.handler.Blocking} link). All of it happens at startup; startup errors are
 * {@link io.lumen.config.ConfigException}s naming handler.yml, the line and the entry.
 */
package io.lumen.handler.chain;
