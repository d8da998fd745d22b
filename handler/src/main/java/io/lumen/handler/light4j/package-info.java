/**
 * What light-4j's handler classes are on Lumen: {@link io.lumen.handler.light4j.Light4jHandlers}
 * maps each middleware and endpoint class that light-4j, light-rest-4j, light-proxy and
 * light-gateway name in handler.yml to a Lumen built-in, to nothing (Lumen does that work
 * elsewhere), or to the advice of what to use instead. Startup and {@code lumen migrate} read the
 * same table.
 */
package io.lumen.handler.light4j;
