package com.holidaylistings.integration.targets;

import java.net.InetAddress;
import java.util.Optional;
import java.util.Set;

/**
 * Where a webhook may connect. A public address always; an internal one (see
 * {@link InternalAddresses}) only where private targets are allowed (the local stack), and even
 * there never a link-local address (cloud metadata) nor one of {@code refusedPorts}, the stack's own
 * ports (its services and their management ports, PostgreSQL, Kafka), so that a webhook cannot be
 * aimed at the system that sends it. api-service checks it at subscribe time; webhook-dispatcher
 * again on the resolved addresses as it connects.
 *
 * @param allowPrivateTargets {@code WEBHOOK_ALLOW_PRIVATE_TARGETS}
 * @param refusedPorts {@code WEBHOOK_REFUSED_PORTS}: refused on internal addresses
 */
public record TargetAddressRule(boolean allowPrivateTargets, Set<Integer> refusedPorts) {

    /**
     * The ports of the local stack (dev/up.sh, docker-compose.yml): PostgreSQL (5432, 15432), the
     * services (8443) and their management ports (8081-8083), Kafka's broker and controller (9092,
     * 9093, 19092, 19093). The default of {@code WEBHOOK_REFUSED_PORTS}.
     */
    public static final Set<Integer> LOCAL_STACK_PORTS =
            Set.of(5432, 8081, 8082, 8083, 8443, 9092, 9093, 15432, 19092, 19093);

    /** Why a target is refused, as the end of "must not point to …". */
    public enum Refusal {
        INTERNAL("a private, loopback or otherwise internal address"),
        LINK_LOCAL("a link-local address"),
        STACK_PORT("one of the stack's own ports (its services, PostgreSQL, Kafka)");

        private final String what;

        Refusal(String what) {
            this.what = what;
        }

        /** The field error of a refused target URL. */
        public String fieldError() {
            return "must not point to " + what;
        }

        public String what() {
            return what;
        }
    }

    public TargetAddressRule {
        refusedPorts = Set.copyOf(refusedPorts);
    }

    /** Why a webhook may not connect to {@code address} on {@code port}; empty when it may. */
    public Optional<Refusal> refusal(InetAddress address, int port) {
        if (!InternalAddresses.isInternal(address)) {
            return Optional.empty();
        }
        if (!allowPrivateTargets) {
            return Optional.of(Refusal.INTERNAL);
        }
        if (InternalAddresses.isLinkLocal(address)) {
            return Optional.of(Refusal.LINK_LOCAL);
        }
        if (refusedPorts.contains(port)) {
            return Optional.of(Refusal.STACK_PORT);
        }
        return Optional.empty();
    }
}
