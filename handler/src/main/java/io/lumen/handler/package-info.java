/**
 * The middleware SPI. A {@link io.lumen.handler.Middleware} is created once from handler.yml and
 * linked into each route's chain at startup with {@link io.lumen.handler.Middleware#wrap}; at
 * request time a chain is a plain sequence of Undertow {@code HttpHandler}s with their {@code next}
 * fixed, so walking it costs no lookups. Handlers run on the IO thread unless they implement
 * {@link io.lumen.handler.Blocking}.
 */
package io.lumen.handler;
