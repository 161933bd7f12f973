package com.holidaylistings.integration.dispatcher.delivery;

import com.holidaylistings.integration.events.InternalAddresses;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.SystemDefaultDnsResolver;

/**
 * Resolves a target's host for the connection itself and refuses internal addresses, so the check
 * is made on the very addresses the client connects to: a name that resolved to a public address
 * at subscribe time and to an internal one now (DNS rebinding) is refused.
 */
final class GuardedDnsResolver implements DnsResolver {

    private final DnsResolver system = SystemDefaultDnsResolver.INSTANCE;

    @Override
    public InetAddress[] resolve(String host) throws UnknownHostException {
        InetAddress[] addresses = system.resolve(host);
        if (Arrays.stream(addresses).anyMatch(InternalAddresses::isInternal)) {
            throw new InternalTargetRefused(host);
        }
        return addresses;
    }

    @Override
    public String resolveCanonicalHostname(String host) throws UnknownHostException {
        return system.resolveCanonicalHostname(host);
    }

    /** The target resolved to an internal address. */
    static final class InternalTargetRefused extends UnknownHostException {

        InternalTargetRefused(String host) {
            super("refused: " + host + " resolves to an internal address");
        }
    }
}
