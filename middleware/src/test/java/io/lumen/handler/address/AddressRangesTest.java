package io.lumen.handler.address;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AddressRangesTest {
    private static boolean in(List<String> ranges, String address) throws Exception {
        return AddressRanges.parse("allowedFrom", ranges).contains(InetAddress.getByName(address));
    }

    @Test
    void loopbackByDefaultForBothFamilies() throws Exception {
        assertTrue(in(AddressRanges.LOOPBACK, "127.0.0.1"));
        assertTrue(in(AddressRanges.LOOPBACK, "127.9.8.7"));
        assertTrue(in(AddressRanges.LOOPBACK, "::1"));
        assertFalse(in(AddressRanges.LOOPBACK, "10.0.0.1"));
        assertFalse(in(AddressRanges.LOOPBACK, "::2"));
    }

    @Test
    void prefixesThatEndInsideAByte() throws Exception {
        assertTrue(in(List.of("10.1.2.0/23"), "10.1.3.255"));
        assertFalse(in(List.of("10.1.2.0/23"), "10.1.4.0"));
        assertTrue(in(List.of("fd00::/7"), "fdab::1"));
        assertFalse(in(List.of("fd00::/7"), "fe80::1"));
        assertTrue(in(List.of("0.0.0.0/0"), "192.0.2.1"));
        assertFalse(in(List.of("0.0.0.0/0"), "::1"), "an IPv4 range never holds an IPv6 address");
        assertTrue(in(List.of("192.0.2.7"), "192.0.2.7"));
        assertFalse(in(List.of("192.0.2.7"), "192.0.2.8"));
    }

    @Test
    void namesAndBadPrefixesAreRefusedWithoutAskingDns() {
        assertEquals("allowedFrom: 'localhost' is not an address range like 127.0.0.0/8 or ::1/128",
                assertThrows(IllegalArgumentException.class, () -> AddressRanges.parse("allowedFrom", List.of("localhost"))).getMessage());
        assertThrows(IllegalArgumentException.class, () -> AddressRanges.parse("allowedFrom", List.of("10.0.0.0/33")));
        assertThrows(IllegalArgumentException.class, () -> AddressRanges.parse("allowedFrom", List.of("::1/129")));
        assertThrows(IllegalArgumentException.class, () -> AddressRanges.parse("allowedFrom", List.of("10.0.0.0/x")));
        assertThrows(IllegalArgumentException.class, () -> AddressRanges.parse("allowedFrom", List.of("")));
    }
}
