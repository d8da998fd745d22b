package io.lumen.security.address;

import io.lumen.handler.address.AddressRanges;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HttpString;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;

/**
 * The client's address: the socket's peer, or, when the peer is a trusted proxy, the right-most
 * {@code X-Forwarded-For} entry that is not a trusted proxy (entries to its left were written by
 * the client and prove nothing). An entry that is not an address literal ends the walk: that request
 * has no believable client address. Immutable.
 */
final class ClientAddress {
    private static final HttpString FORWARDED_FOR = HttpString.tryFromString("X-Forwarded-For");

    private final AddressRanges trusted;
    private final boolean anyTrusted;

    ClientAddress(List<String> trustedProxies) {
        this.trusted = AddressRanges.parse("trustedProxies", trustedProxies);
        this.anyTrusted = !trustedProxies.isEmpty();
    }

    /** The client address, or null when there is none to believe. */
    InetAddress of(HttpServerExchange exchange) {
        if (!(exchange.getConnection().getPeerAddress() instanceof InetSocketAddress peer) || peer.getAddress() == null) {
            return null;
        }
        InetAddress client = peer.getAddress();
        if (!anyTrusted || !trusted.contains(client)) {
            return client;
        }
        List<String> values = exchange.getRequestHeaders().get(FORWARDED_FOR);
        if (values == null) {
            return client;
        }
        String all = String.join(",", values);
        String[] hops = all.split(",", -1);
        for (int i = hops.length - 1; i >= 0; i--) {
            InetAddress hop = AddressRanges.literal(hops[i]);
            if (hop == null) {
                return null;
            }
            if (!trusted.contains(hop)) {
                return hop;
            }
            client = hop;
        }
        return client; // every hop a trusted proxy: the left-most one
    }
}
