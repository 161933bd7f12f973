package com.holidaylistings.integration.api.auth;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * The unit that failed authentications are counted per: an IPv4 address, or the /64 network of an
 * IPv6 address. One IPv6 subscriber gets at least a /64 (RFC 6177; a single host picks new
 * addresses in it at will, RFC 8981), so counting per /128 would let one client escape its count by
 * changing address; a /64 is what one client holds, as one IPv4 address is.
 */
final class ClientAddresses {

    private ClientAddresses() {}

    /**
     * The key to count {@code remoteAddress} under: the IPv4 address as given, or {@code
     * xxxx:xxxx:xxxx:xxxx::/64} for an IPv6 address (an IPv4-mapped IPv6 address counts as its IPv4
     * address). Anything that is not an address literal is its own key.
     */
    static String counted(String remoteAddress) {
        if (remoteAddress == null) {
            return "";
        }
        if (remoteAddress.indexOf(':') < 0) {
            return remoteAddress;
        }
        InetAddress address;
        try {
            // A literal with a colon is parsed as IPv6, never looked up in DNS; a bad one throws.
            address = InetAddress.getByName(remoteAddress);
        } catch (UnknownHostException | SecurityException e) {
            return remoteAddress;
        }
        if (address instanceof Inet4Address) {
            return address.getHostAddress();
        }
        byte[] bytes = address.getAddress();
        StringBuilder network = new StringBuilder(24);
        for (int group = 0; group < 4; group++) {
            int value = ((bytes[2 * group] & 0xff) << 8) | (bytes[2 * group + 1] & 0xff);
            network.append(Integer.toHexString(value)).append(':');
        }
        return network.append(":/64").toString();
    }
}
