package com.holidaylistings.integration.ingest.leader;

import com.holidaylistings.integration.ingest.relay.OutboxRelay;
import com.holidaylistings.integration.ingest.relay.RelayMetrics;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * Ready when this replica does its part: the leader while its engine streams, a standby while it
 * can reach PostgreSQL to take over. Part of the readiness group.
 */
@Component("relay")
class RelayHealthIndicator implements HealthIndicator {

    private final Leadership leadership;
    private final OutboxRelay relay;
    private final RelayMetrics metrics;

    RelayHealthIndicator(Leadership leadership, OutboxRelay relay, RelayMetrics metrics) {
        this.leadership = leadership;
        this.relay = relay;
        this.metrics = metrics;
    }

    @Override
    public Health health() {
        Leadership.Role role = leadership.role();
        OutboxRelay.State state = relay.state();
        boolean ready = role == Leadership.Role.STANDBY
                || (role == Leadership.Role.LEADER && state == OutboxRelay.State.STREAMING);
        Health.Builder health = ready ? Health.up() : Health.down();
        health.withDetail("role", role.name().toLowerCase())
                .withDetail("engine", state.name().toLowerCase());
        if (relay.failure() != null) {
            health.withDetail("failure", relay.failure());
        }
        if (metrics.lastPublishedAt() != null) {
            health.withDetail("lastEventPublishedAt", metrics.lastPublishedAt().toString());
        }
        return health.build();
    }
}
