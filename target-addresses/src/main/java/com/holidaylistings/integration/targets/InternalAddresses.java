package com.holidaylistings.integration.targets;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;

/**
 * Addresses a webhook must never reach: loopback, private, link-local (cloud metadata lives at
 * 169.254.169.254 and fd00:ec2::254), unique-local, CGNAT, multicast, unspecified and other
 * special-purpose ranges, including IPv4 addresses embedded in IPv6 forms.
 */
public final class InternalAddresses {

    private InternalAddresses() {}

    public static boolean isInternal(InetAddress address) {
        if (address.isAnyLocalAddress()
                || address.isLoopbackAddress()
                || address.isLinkLocalAddress()
                || address.isSiteLocalAddress()
                || address.isMulticastAddress()) {
            return true;
        }
        byte[] b = address.getAddress();
        if (address instanceof Inet4Address) {
            return isInternalIpv4(b);
        }
        if (address instanceof Inet6Address) {
            return isInternalIpv6(b);
        }
        return true;
    }

    /**
     * Link-local: 169.254.0.0/16 and fe80::/10, where cloud metadata services live; also as an IPv4
     * address embedded in an IPv6 form. Refused as a webhook target even where private targets are allowed.
     */
    public static boolean isLinkLocal(InetAddress address) {
        byte[] b = address.getAddress();
        if (address instanceof Inet4Address) {
            return isLinkLocalIpv4(b);
        }
        if ((b[0] & 0xFF) == 0xFE && (b[1] & 0xC0) == 0x80) {
            return true;
        }
        byte[] embedded = embeddedIpv4(b);
        return embedded != null && isLinkLocalIpv4(embedded);
    }

    private static boolean isLinkLocalIpv4(byte[] b) {
        return (b[0] & 0xFF) == 169 && (b[1] & 0xFF) == 254;
    }

    /** The IPv4 address inside an IPv6 one (mapped, compatible, NAT64, 6to4), or null. */
    private static byte[] embeddedIpv4(byte[] b) {
        int first = b[0] & 0xFF;
        if (isZero(b, 0, 12)
                || (isZero(b, 0, 10) && (b[10] & 0xFF) == 0xFF && (b[11] & 0xFF) == 0xFF)
                || (first == 0x00 && (b[1] & 0xFF) == 0x64 && (b[2] & 0xFF) == 0xFF && (b[3] & 0xFF) == 0x9B)) {
            return new byte[] {b[12], b[13], b[14], b[15]};
        }
        if (first == 0x20 && (b[1] & 0xFF) == 0x02) {
            return new byte[] {b[2], b[3], b[4], b[5]};
        }
        return null;
    }

    private static boolean isInternalIpv4(byte[] b) {
        int first = b[0] & 0xFF;
        int second = b[1] & 0xFF;
        return first == 0 // "this network"
                || first == 10
                || first == 127
                || (first == 100 && second >= 64 && second <= 127) // CGNAT 100.64.0.0/10
                || (first == 169 && second == 254)
                || (first == 172 && second >= 16 && second <= 31)
                || (first == 192 && second == 168)
                || (first == 192 && second == 0 && (b[2] & 0xFF) == 0) // IETF protocol assignments
                || (first == 198 && (second == 18 || second == 19)) // benchmarking
                || first >= 224; // multicast, reserved, broadcast
    }

    private static boolean isInternalIpv6(byte[] b) {
        int first = b[0] & 0xFF;
        if ((first & 0xFE) == 0xFC) { // unique local fc00::/7
            return true;
        }
        if (first == 0xFE && (b[1] & 0xC0) == 0x80) { // link-local fe80::/10
            return true;
        }
        if (first == 0xFE && (b[1] & 0xC0) == 0xC0) { // deprecated site-local fec0::/10
            return true;
        }
        if (isZero(b, 0, 12)) { // IPv4-compatible ::a.b.c.d (and ::, ::1)
            return true;
        }
        if (isZero(b, 0, 10) && (b[10] & 0xFF) == 0xFF && (b[11] & 0xFF) == 0xFF) { // IPv4-mapped
            return isInternalIpv4(new byte[] {b[12], b[13], b[14], b[15]});
        }
        if (first == 0x00
                && (b[1] & 0xFF) == 0x64
                && (b[2] & 0xFF) == 0xFF
                && (b[3] & 0xFF) == 0x9B) { // NAT64 64:ff9b::/96
            return isInternalIpv4(new byte[] {b[12], b[13], b[14], b[15]});
        }
        if (first == 0x20 && (b[1] & 0xFF) == 0x02) { // 6to4 2002::/16 embeds an IPv4 address
            return isInternalIpv4(new byte[] {b[2], b[3], b[4], b[5]});
        }
        return first == 0x20
                && (b[1] & 0xFF) == 0x01
                && (b[2] & 0xFF) == 0x0D
                && (b[3] & 0xFF) == 0xB8; // documentation
    }

    private static boolean isZero(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return true;
    }
}
