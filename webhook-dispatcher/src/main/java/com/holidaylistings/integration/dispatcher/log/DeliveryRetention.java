package com.holidaylistings.integration.dispatcher.log;

import com.holidaylistings.integration.dispatcher.settings.WebhookProperties;
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

    /** A table partitioned by day on {@code key}. */
    private record Partitioned(String table, String key) {}

    private static final Partitioned ATTEMPTS = new Partitioned("delivery_attempts", "attempted_at");
    private static final Partitioned DELIVERIES = new Partitioned("deliveries", "submitted_at");
    private static final Partitioned EVENTS = new Partitioned("webhook_events", "submitted_at");
    /** The attempts counted per hook and day: a few rows per hook and day, deleted by row. */
    private static final Partitioned COUNTS = new Partitioned("attempt_counts", "day");

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

    /** Each step stands alone: a day that cannot be made must not keep the old days from being dropped. */
    void maintain() {
        List.of(ATTEMPTS, DELIVERIES, EVENTS).forEach(this::makeDaysAhead);
        drop(ATTEMPTS);
        if (drop(DELIVERIES)) {
            drop(EVENTS); // an event's payload goes only once its deliveries have gone
        }
        List.of(ATTEMPTS, DELIVERIES, EVENTS).forEach(this::purgeDefault);
        step(
                COUNTS,
                "delete the days older than " + retention,
                () -> jdbc.sql(
                                "delete from attempt_counts where day < ((now() - cast(:age as interval)) at time zone 'UTC')::date")
                        .param("age", retention.toSeconds() + " seconds")
                        .update());
    }

    private void makeDaysAhead(Partitioned t) {
        step(
                t,
                "make the coming days",
                () -> jdbc.sql("""
                        select create_day_partitions(cast(:table as regclass), (now() at time zone 'UTC')::date,
                                                     (now() at time zone 'UTC')::date + :ahead)
                        """)
                        .param("table", t.table())
                        .param("ahead", DAYS_AHEAD)
                        .query(Integer.class)
                        .single());
    }

    private boolean drop(Partitioned t) {
        return step(t, "drop the days older than " + retention, () -> dropOlderThan(t.table(), retention));
    }

    /** Rows outside every day made (an old event asked for again) are deleted by row. */
    private void purgeDefault(Partitioned t) {
        step(
                t,
                "purge the default partition",
                () -> jdbc.sql("delete from %s_default where %s < now() - cast(:age as interval)"
                                .formatted(t.table(), t.key()))
                        .param("age", retention.toSeconds() + " seconds")
                        .update());
    }

    /** Runs one step and logs what it did; false when it failed (it is tried again at the next run). */
    private static boolean step(Partitioned t, String what, IntSupplier step) {
        try {
            int changed = step.getAsInt();
            if (changed > 0) {
                log.info("{}: {} ({})", t.table(), what, changed);
            }
            return true;
        } catch (RuntimeException e) {
            log.warn("Could not {} of {}; trying again later: {}", what, t.table(), e.getMessage());
            return false;
        }
    }

    /** Drops the day partitions of {@code table} that ended more than {@code age} ago; returns how many. */
    int dropOlderThan(String table, Duration age) {
        return jdbc.sql(
                        "select drop_day_partitions(cast(:table as regclass), ((now() - cast(:age as interval)) at time zone 'UTC')::date)")
                .param("table", table)
                .param("age", age.toSeconds() + " seconds")
                .query(Integer.class)
                .single();
    }
}
