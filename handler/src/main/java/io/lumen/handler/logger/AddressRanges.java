package io.lumen.handler.logger;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;

/**
 * A list of IP address ranges in CIDR notation ({@code 127.0.0.0/8}, {@code ::1/128}, {@code 10.1.2.3}
 * for one address). Immutable and thread-safe; matching allocates nothing.
 */
final class AddressRanges {
    private final byte[][] networks;
    private final int[] prefixes;

    private AddressRanges(byte[][] networks, int[] prefixes) {
        this.networks = networks;
        this.prefixes = prefixes;
    }

    /** Parses {@code ranges}; a bad entry throws {@link IllegalArgumentException} naming it. */
    static AddressRanges parse(String key, List<String> ranges) {
        List<byte[]> nets = new ArrayList<>();
        List<Integer> bits = new ArrayList<>();
        for (String range : ranges) {
            String r = range == null ? "" : range.trim();
            int slash = r.indexOf('/');
            String address = slash < 0 ? r : r.substring(0, slash);
            if (address.isEmpty() || !(address.indexOf(':') >= 0 || address.chars().allMatch(c -> c == '.' || Character.isDigit(c)))) {
                throw new IllegalArgumentException(key + ": '" + range + "' is not an IP address range like 127.0.0.0/8 or ::1/128");
            }
            byte[] net;
            try {
                net = InetAddress.getByName(address).getAddress(); // a literal: no name lookup
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException(key + ": '" + range + "' is not an IP address range like 127.0.0.0/8 or ::1/128");
            }
            int prefix;
            try {
                prefix = slash < 0 ? net.length * 8 : Integer.parseInt(r.substring(slash + 1));
            } catch (NumberFormatException e) {
                prefix = -1;
            }
            if (prefix < 0 || prefix > net.length * 8) {
                throw new IllegalArgumentException(key + ": '" + range + "' has a prefix length outside 0-" + net.length * 8);
            }
            nets.add(net);
            bits.add(prefix);
        }
        return new AddressRanges(nets.toArray(new byte[0][]), bits.stream().mapToInt(Integer::intValue).toArray());
    }

    boolean contains(InetAddress address) {
        byte[] a = address.getAddress();
        for (int i = 0; i < networks.length; i++) {
            if (matches(networks[i], prefixes[i], a)) {
                return true;
            }
        }
        return false;
    }

    private static boolean matches(byte[] net, int prefix, byte[] a) {
        if (net.length != a.length) {
            return false;
        }
        int full = prefix / 8;
        for (int i = 0; i < full; i++) {
            if (net[i] != a[i]) {
                return false;
            }
        }
        int rest = prefix % 8;
        if (rest == 0) {
            return true;
        }
        int mask = 0xff << (8 - rest);
        return (net[full] & mask) == (a[full] & mask);
    }
}
