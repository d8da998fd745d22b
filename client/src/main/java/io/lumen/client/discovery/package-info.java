/**
 * Upstream discovery by DNS, shared by the client and the proxy: a host name (a Kubernetes headless
 * Service) is resolved through dnsjava against a given or the system's resolver, re-resolved as its
 * TTLs run out (within bounds), optionally through SRV records, and every address becomes an
 * endpoint. A failed resolution keeps the last good set; see {@link io.lumen.client.discovery.DnsDiscovery}.
 */
package io.lumen.client.discovery;
