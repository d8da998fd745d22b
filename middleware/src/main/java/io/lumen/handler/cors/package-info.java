/**
 * The {@code cors} middleware and terminal handler: preflight answers and allow headers from
 * {@code cors.yml}, per path prefix, resolved per route at startup. Runs on the IO thread and never
 * blocks; a refused preflight is the error JSON 403 ERR10092, a non-preflight request to the
 * terminal handler is 405 ERR10008. Actual requests from origins that are not allowed are not
 * refused: they get no allow headers and the browser withholds the answer.
 */
package io.lumen.handler.cors;
