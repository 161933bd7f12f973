package com.holidaylistings.integration.dispatcher.delivery;

import com.holidaylistings.integration.events.TargetAddressRule;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.SystemDefaultDnsResolver;

/**
 * Resolves a target's host for the connection itself and refuses what {@link TargetAddressRule}
 * refuses, so the check is made on the very addresses and port the client connects to: a name that
 * resolved to a public address at subscribe time and to an internal one now (DNS rebinding) is
 * refused, and so is a link-local address or one of the stack's own ports where private targets are
 * allowed. The client asks with the port ({@link #resolve(String, int)}); the port-less form is
 * checked as for a port that no rule refuses.
 */
final class GuardedDnsResolver implements DnsResolver {

    private final DnsResolver system = SystemDefaultDnsResolver.INSTANCE;
    private final TargetAddressRule rule;

    GuardedDnsResolver(TargetAddressRule rule) {
        this.rule = rule;
    }

    @Override
    public List<InetSocketAddress> resolve(String host, int port) throws UnknownHostException {
        List<InetSocketAddress> endpoints = new ArrayList<>();
        for (InetAddress address : system.resolve(host)) {
            Optional<TargetAddressRule.Refusal> refusal = rule.refusal(address, port);
            if (refusal.isPresent()) {
                throw new TargetRefused(host, address, port, refusal.get());
            }
            endpoints.add(new InetSocketAddress(address, port));
        }
        return endpoints;
    }

    @Override
    public InetAddress[] resolve(String host) throws UnknownHostException {
        InetAddress[] addresses = system.resolve(host);
        for (InetAddress address : addresses) {
            Optional<TargetAddressRule.Refusal> refusal = rule.refusal(address, -1);
            if (refusal.isPresent()) {
                throw new TargetRefused(host, address, -1, refusal.get());
            }
        }
        return addresses;
    }

    @Override
    public String resolveCanonicalHostname(String host) throws UnknownHostException {
        return system.resolveCanonicalHostname(host);
    }

    /** The target resolved to an address the rule refuses; the delivery fails without a connection. */
    static final class TargetRefused extends UnknownHostException {

        TargetRefused(String host, InetAddress address, int port, TargetAddressRule.Refusal refusal) {
            super(refusal == TargetAddressRule.Refusal.INTERNAL
                    ? "refused: " + host + " resolves to an internal address"
                    : "refused: " + host + " resolves to " + address.getHostAddress() + (port < 0 ? "" : " port " + port)
                            + ", " + refusal.what());
        }
    }
}
