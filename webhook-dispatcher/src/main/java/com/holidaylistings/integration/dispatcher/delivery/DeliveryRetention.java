package com.holidaylistings.integration.dispatcher.delivery;

import java.time.Duration;
import java.util.List;
import java.util.function.IntSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.FixedDelayTask;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.stereotype.Component;

/**
 * Keeps the delivery tables (each partitioned by day, V14) at their retention without deleting row
 * by row: at start and every {@code webhook.attempt-purge-interval} (1h) it makes the partitions of
 * the coming week and drops the days older than {@code WEBHOOK_ATTEMPT_RETENTION}, a whole table at
 * a time; rows that fell into a default partition (an old event asked for again) are deleted by row.
 * Every replica may run it: making or dropping a day twice changes nothing.
 */
@Component
class DeliveryRetention implements SchedulingConfigurer {

    private static final Logger log = LoggerFactory.getLogger(DeliveryRetention.class);
    private static final int DAYS_AHEAD = 7;
    /** Each partitioned table and the column it is partitioned by. */
    private static final List<List<String>> TABLES = List.of(
            List.of("delivery_attempts", "attempted_at"),
            List.of("deliveries", "submitted_at"),
            List.of("webhook_events", "submitted_at"));

    private final JdbcClient jdbc;
    private final Duration retention;
    private final Duration interval;

    DeliveryRetention(JdbcClient jdbc, WebhookProperties properties) {
        this.jdbc = jdbc;
        this.retention = properties.attemptRetention();
        this.interval = properties.attemptPurgeInterval();
    }

    @Override
    public void configureTasks(ScheduledTaskRegistrar registrar) {
        registrar.addFixedDelayTask(new FixedDelayTask(this::maintain, interval, Duration.ZERO));
    }

    void maintain() {
        boolean deliveriesDropped = true;
        for (List<String> table : TABLES) {
            String name = table.get(0);
            // Each step alone: a day that cannot be made must not keep the old days from being dropped.
            int made = step(name, "make the coming days", () -> jdbc.sql("""
                            select create_day_partitions(cast(:table as regclass), (now() at time zone 'UTC')::date,
                                                         (now() at time zone 'UTC')::date + :ahead)
                            """)
                    .param("table", name).param("ahead", DAYS_AHEAD).query(Integer.class).single());
            // An event's payload goes only once its deliveries have gone: none is left without it.
            int dropped = name.equals("webhook_events") && !deliveriesDropped ? -1
                    : step(name, "drop the old days", () -> dropOlderThan(name, retention));
            if (name.equals("deliveries")) {
                deliveriesDropped = dropped >= 0;
            }
            int deleted = step(name, "purge the default partition", () -> jdbc.sql(
                            "delete from %s_default where %s < now() - cast(:age as interval)".formatted(name, table.get(1)))
                    .param("age", retention.toSeconds() + " seconds").update());
            if (Math.max(made, 0) + Math.max(dropped, 0) + Math.max(deleted, 0) > 0) {
                log.info("{}: {} days made ahead, {} days dropped, {} old rows deleted", name, made, dropped, deleted);
            }
        }
    }

    private static int step(String table, String what, IntSupplier step) {
        try {
            return step.getAsInt();
        } catch (RuntimeException e) {
            log.warn("Could not {} of {}; trying again later: {}", what, table, e.getMessage());
            return -1;
        }
    }

    /** Drops the day partitions of {@code table} that ended more than {@code age} ago; returns how many. */
    int dropOlderThan(String table, Duration age) {
        return jdbc.sql("select drop_day_partitions(cast(:table as regclass), ((now() - cast(:age as interval)) at time zone 'UTC')::date)")
                .param("table", table).param("age", age.toSeconds() + " seconds").query(Integer.class).single();
    }
}
