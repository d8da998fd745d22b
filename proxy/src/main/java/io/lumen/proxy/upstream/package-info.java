/** The upstreams: load balancing, per-IO-thread connection pools (HTTP/1.1 and HTTP/2), active and passive health, the retry budget. */
package io.lumen.proxy.upstream;
