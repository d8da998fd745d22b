package io.lumen.handler.address;

import io.undertow.server.HttpServerExchange;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.regex.Pattern;

/**
 * IP address ranges in CIDR notation ({@code 127.0.0.0/8}, {@code ::1/128}; a bare address is a
 * range of one): who may call an admin endpoint that changes state (logger.yml {@code changesFrom},
 * reload.yml {@code allowedFrom}). Only literal addresses are accepted, so parsing never asks DNS.
 * Immutable and thread-safe; {@link #contains} and {@link #containsPeerOf} allocate nothing.
 */
public final class AddressRanges {
    /** The loopback addresses of both families: the service's own host, the shipped default. */
    public static final List<String> LOOPBACK = List.of("127.0.0.0/8", "::1/128");

    private static final Pattern IPV4 =
            Pattern.compile("(25[0-5]|2[0-4]\\d|1?\\d?\\d)(\\.(25[0-5]|2[0-4]\\d|1?\\d?\\d)){3}");

    private final byte[][] networks;
    private final int[] bits;

    private AddressRanges(byte[][] networks, int[] bits) {
        this.networks = networks;
        this.bits = bits;
    }

    /**
     * Parses {@code ranges}.
     *
     * @param key the config key, named in the error (none when null)
     * @throws IllegalArgumentException naming {@code key} and the entry that is not a range
     */
    public static AddressRanges parse(String key, List<String> ranges) {
        byte[][] networks = new byte[ranges.size()][];
        int[] bits = new int[ranges.size()];
        for (int i = 0; i < ranges.size(); i++) {
            String entry = ranges.get(i) == null ? "" : ranges.get(i).trim();
            int slash = entry.indexOf('/');
            String address = slash < 0 ? entry : entry.substring(0, slash);
            networks[i] = literal(key, entry, address);
            int max = networks[i].length * 8;
            try {
                bits[i] = slash < 0 ? max : Integer.parseInt(entry.substring(slash + 1));
            } catch (NumberFormatException e) {
                bits[i] = -1;
            }
            if (bits[i] < 0 || bits[i] > max) {
                throw new IllegalArgumentException(prefix(key) + "'" + entry + "': the prefix length must be 0-" + max);
            }
        }
        return new AddressRanges(networks, bits);
    }

    private static String prefix(String key) {
        return key == null ? "" : key + ": ";
    }

    private static byte[] literal(String key, String entry, String address) {
        boolean v6 = address.indexOf(':') >= 0;
        boolean v4 = !address.isEmpty() && address.chars().allMatch(c -> c == '.' || (c >= '0' && c <= '9'));
        if (v6 || v4) {
            try {
                return InetAddress.getByName(address).getAddress(); // a literal: parsed, not resolved
            } catch (UnknownHostException e) {
                // falls through to the message below
            }
        }
        throw new IllegalArgumentException(prefix(key) + "'" + entry + "' is not an address range like 127.0.0.0/8 or ::1/128");
    }

    /**
     * The address written as {@code text} (an IPv4 or IPv6 literal, IPv6 optionally in brackets), or
     * null when it is none; never asks DNS. For addresses from headers such as {@code X-Forwarded-For}.
     */
    public static InetAddress literal(String text) {
        // strip(), not trim(): trim() would also drop control characters such as a NUL a header smuggled in
        // (Undertow 2.3.24, which Spring Boot 3.5 brings, passes one through), making "10.0.0.1\0" an address
        String a = text == null ? "" : text.strip();
        if (a.length() > 2 && a.charAt(0) == '[' && a.charAt(a.length() - 1) == ']') {
            a = a.substring(1, a.length() - 1);
        }
        boolean v6 = a.indexOf(':') >= 0 && a.chars().allMatch(c -> c == ':' || c == '.' || Character.digit(c, 16) >= 0);
        boolean v4 = IPV4.matcher(a).matches();
        if (!v4 && !v6 || a.length() > 45) { // anything else could make the JDK ask DNS
            return null;
        }
        try {
            return InetAddress.getByName(a); // a literal: parsed, not resolved
        } catch (UnknownHostException e) {
            return null;
        }
    }

    /** Whether {@code address} is in one of the ranges (an IPv4 range never holds an IPv6 address). */
    public boolean contains(InetAddress address) {
        byte[] a = address.getAddress();
        for (int i = 0; i < networks.length; i++) {
            if (within(networks[i], bits[i], a)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the exchange's client is in one of the ranges: the socket's peer, never a forwarded
     * header a client could set (behind a proxy that is the proxy's address).
     */
    public boolean containsPeerOf(HttpServerExchange exchange) {
        return exchange.getConnection().getPeerAddress() instanceof InetSocketAddress peer && peer.getAddress() != null
                && contains(peer.getAddress());
    }

    private static boolean within(byte[] network, int prefix, byte[] a) {
        if (network.length != a.length) {
            return false;
        }
        int whole = prefix >>> 3;
        for (int i = 0; i < whole; i++) {
            if (network[i] != a[i]) {
                return false;
            }
        }
        int rest = prefix & 7;
        if (rest == 0) {
            return true;
        }
        int mask = (0xff00 >>> rest) & 0xff;
        return (network[whole] & mask) == (a[whole] & mask);
    }
}
