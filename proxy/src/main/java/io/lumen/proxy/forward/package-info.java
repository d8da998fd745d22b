/** One request through the proxy: framing checks, the upstream request, body pumps, retries, timeouts and errors. */
package io.lumen.proxy.forward;
