package com.holidaylistings.integration.ingest.leader;

import com.holidaylistings.integration.ingest.relay.OutboxRelay;
import com.holidaylistings.integration.ingest.relay.RelayProperties;
import io.github.resilience4j.core.IntervalFunction;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.jdbc.autoconfigure.DataSourceProperties;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Exactly one replica streams: the one holding the leader lock. Every check interval a standby
 * tries the lock, and the leader checks that it still holds it, stopping the engine at once if
 * not. A failed engine is restarted with an exponential backoff for as long as this replica leads.
 */
@Component
public class Leadership implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(Leadership.class);

    /** The replica's role as health and metrics report it. */
    public enum Role {
        LEADER,
        STANDBY,
        DISCONNECTED
    }

    private final OutboxRelay relay;
    private final LeaderLock lock;
    private final Duration checkInterval;
    private final IntervalFunction restartBackoff;
    private ScheduledExecutorService loop;
    private volatile Role role = Role.STANDBY;
    private volatile boolean running;
    private int failedStarts;
    private Instant nextStartAt = Instant.MIN;

    Leadership(
            OutboxRelay relay,
            DataSourceProperties database,
            LeadershipProperties properties,
            RelayProperties relayProperties) {
        this.relay = relay;
        this.lock =
                new LeaderLock(database.getUrl(), database.getUsername(), database.getPassword(), properties.lockKey());
        this.checkInterval = properties.checkInterval();
        this.restartBackoff =
                IntervalFunction.ofExponentialBackoff(Duration.ofSeconds(1), 2.0, relayProperties.maxRestartBackoff());
    }

    public Role role() {
        return role;
    }

    @Override
    public void start() {
        loop = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().name("leadership").factory());
        loop.scheduleWithFixedDelay(this::check, 0, checkInterval.toMillis(), TimeUnit.MILLISECONDS);
        running = true;
    }

    @Override
    public void stop() {
        running = false;
        loop.shutdown();
        try {
            loop.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        relay.stop();
        lock.close();
        role = Role.STANDBY;
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    void check() {
        try {
            if (role == Role.LEADER && !lock.stillHeld()) {
                log.warn("Leader lock lost: stopping the outbox relay");
                relay.stop();
                role = Role.DISCONNECTED;
                return;
            }
            if (role != Role.LEADER) {
                role = lock.tryAcquire() ? Role.LEADER : Role.STANDBY;
                if (role == Role.LEADER) {
                    log.info("Leader lock taken: this replica streams the outbox");
                    failedStarts = 0;
                    nextStartAt = Instant.MIN;
                }
            }
            if (role == Role.LEADER) {
                keepRelayRunning();
            }
        } catch (SQLException e) {
            role = Role.DISCONNECTED;
            log.warn("PostgreSQL unreachable for the leader lock: {}", e.getMessage());
        } catch (RuntimeException e) {
            log.error("Leadership check failed", e);
        }
    }

    private void keepRelayRunning() {
        OutboxRelay.State state = relay.state();
        if (state == OutboxRelay.State.STREAMING) {
            failedStarts = 0;
            return;
        }
        if (state == OutboxRelay.State.STARTING || Instant.now().isBefore(nextStartAt)) {
            return;
        }
        if (state == OutboxRelay.State.FAILED) {
            relay.stop();
            failedStarts++;
            long backoff = restartBackoff.apply(failedStarts);
            nextStartAt = Instant.now().plusMillis(backoff);
            log.info("Restarting the outbox relay in {} ms (attempt {})", backoff, failedStarts);
            return;
        }
        relay.start();
    }
}
