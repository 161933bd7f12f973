package com.holidaylistings.integration.dispatcher.attempt;

import com.holidaylistings.integration.targets.TargetAddressRule;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.SystemDefaultDnsResolver;

/**
 * Resolves a target's host for the connection itself and refuses what {@link TargetAddressRule}
 * refuses, so the check is made on the very addresses and port the client connects to: a name that
 * resolved to a public address at subscribe time and to an internal one now (DNS rebinding) is
 * refused, and so is a link-local address or one of the stack's own ports where private targets are
 * allowed. The client asks with the port ({@link #resolve(String, int)}); the port-less form is
 * checked as for a port that no rule refuses. The one exception is the warm-up's own receiver on the
 * loopback interface ({@link #permitting}), and only for the thread sending to it while it does.
 */
final class GuardedDnsResolver implements DnsResolver {

    /**
     * The one endpoint the current thread may connect to whatever the rule says: set only by the
     * warm-up before the consumers start, around its own request, never for an owner's target.
     */
    private static final ThreadLocal<InetSocketAddress> PERMITTED = new ThreadLocal<>();

    private final DnsResolver system = SystemDefaultDnsResolver.INSTANCE;
    private final TargetAddressRule rule;

    GuardedDnsResolver(TargetAddressRule rule) {
        this.rule = rule;
    }

    @Override
    public List<InetSocketAddress> resolve(String host, int port) throws UnknownHostException {
        List<InetSocketAddress> endpoints = new ArrayList<>();
        InetSocketAddress permitted = PERMITTED.get();
        for (InetAddress address : system.resolve(host)) {
            if (permitted != null
                    && permitted.getPort() == port
                    && permitted.getAddress().equals(address)) {
                endpoints.add(permitted);
                continue;
            }
            Optional<TargetAddressRule.Refusal> refusal = rule.refusal(address, port);
            if (refusal.isPresent()) {
                throw new TargetRefused(host, address, port, refusal.get());
            }
            endpoints.add(new InetSocketAddress(address, port));
        }
        return endpoints;
    }

    /**
     * Runs {@code call} on this thread with {@code endpoint} (a loopback address and port of this
     * process's own) allowed as a target, whatever the rule: the warm-up's requests to its own receiver.
     */
    static <T> T permitting(InetSocketAddress endpoint, Supplier<T> call) {
        if (!endpoint.getAddress().isLoopbackAddress()) {
            throw new IllegalArgumentException(
                    "Only a loopback endpoint of this process may be permitted: " + endpoint);
        }
        PERMITTED.set(endpoint);
        try {
            return call.get();
        } finally {
            PERMITTED.remove();
        }
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
            super(
                    refusal == TargetAddressRule.Refusal.INTERNAL
                            ? "refused: " + host + " resolves to an internal address"
                            : "refused: " + host + " resolves to " + address.getHostAddress()
                                    + (port < 0 ? "" : " port " + port) + ", " + refusal.what());
        }
    }
}
