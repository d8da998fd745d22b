/**
 * The {@code limit} middleware: token-bucket rate limiting per client address, header value or
 * client id, with a bounded key table. Runs on the IO thread and never blocks; a request over the
 * limit is answered with the error JSON 429 ERR10088 and {@code Retry-After}.
 */
package io.lumen.handler.limit;
