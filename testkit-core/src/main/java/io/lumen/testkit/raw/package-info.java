/**
 * HTTP over plain sockets to 127.0.0.1, for what well-behaved clients never send (ambiguous framing,
 * hop-by-hop headers, more HTTP/2 streams than allowed) and for watching a connection get closed.
 */
package io.lumen.testkit.raw;
