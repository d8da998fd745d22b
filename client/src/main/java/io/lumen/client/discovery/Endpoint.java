package io.lumen.client.discovery;

import java.net.Inet6Address;
import java.net.InetAddress;

/**
 * One address a discovered name resolved to, with the port to connect to (the configured one, or
 * an SRV record's). Immutable.
 */
public record Endpoint(InetAddress address, int port) implements Comparable<Endpoint> {

    /** The address as it goes into a URI: IPv6 in brackets. */
    public String uriHost() {
        String a = address.getHostAddress();
        return address instanceof Inet6Address ? "[" + a + "]" : a;
    }

    @Override
    public int compareTo(Endpoint o) {
        int c = address.getHostAddress().compareTo(o.address.getHostAddress());
        return c != 0 ? c : Integer.compare(port, o.port);
    }

    @Override
    public String toString() {
        return uriHost() + ":" + port;
    }
}
