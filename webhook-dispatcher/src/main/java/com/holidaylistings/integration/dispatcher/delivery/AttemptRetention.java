package com.holidaylistings.integration.dispatcher.delivery;

import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.FixedDelayTask;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.stereotype.Component;

/**
 * Keeps the attempt log from growing forever: every {@code webhook.attempt-purge-interval} (1h), attempts and failed deliveries older
 * than the retention are deleted in batches. Every replica may run it; deleting the same rows twice
 * changes nothing.
 */
@Component
class AttemptRetention implements SchedulingConfigurer {

    private static final Duration FIRST_PURGE_AFTER = Duration.ofMinutes(5);

    private static final Logger log = LoggerFactory.getLogger(AttemptRetention.class);
    private static final int BATCH = 10_000;

    private final JdbcClient jdbc;
    private final Duration retention;
    private final Duration interval;

    AttemptRetention(JdbcClient jdbc, WebhookProperties properties) {
        this.jdbc = jdbc;
        this.retention = properties.attemptRetention();
        this.interval = properties.attemptPurgeInterval();
    }

    @Override
    public void configureTasks(ScheduledTaskRegistrar registrar) {
        registrar.addFixedDelayTask(new FixedDelayTask(this::purge, interval, FIRST_PURGE_AFTER));
    }

    void purge() {
        try {
            int deleted = deleteOlderThan(retention);
            if (deleted > 0) {
                log.info("Deleted {} delivery attempts older than {}", deleted, retention);
            }
            int failures = deleteFailedDeliveriesOlderThan(retention);
            if (failures > 0) {
                log.info("Deleted {} failed deliveries older than {}", failures, retention);
            }
        } catch (RuntimeException e) {
            log.warn("Could not delete old delivery attempts; trying again later: {}", e.getMessage());
        }
    }

    /** Deletes the attempts older than {@code age}; returns how many. */
    int deleteOlderThan(Duration age) {
        return deleteInBatches("""
                delete from delivery_attempts where id in (
                    select id from delivery_attempts
                     where attempted_at < now() - cast(:age as interval) limit :batch)
                """, age);
    }

    /** Deletes the failed deliveries whose last failure is older than {@code age}; returns how many. */
    int deleteFailedDeliveriesOlderThan(Duration age) {
        return deleteInBatches("""
                delete from failed_deliveries where (subscription_id, enquiry_id) in (
                    select subscription_id, enquiry_id from failed_deliveries
                     where failed_at < now() - cast(:age as interval) limit :batch)
                """, age);
    }

    /** Runs {@code delete} (with :age and :batch) until a run deletes less than a batch; returns the total. */
    private int deleteInBatches(String delete, Duration age) {
        int total = 0;
        int deleted;
        do {
            deleted = jdbc.sql(delete)
                    .param("age", age.toSeconds() + " seconds")
                    .param("batch", BATCH)
                    .update();
            total += deleted;
        } while (deleted == BATCH);
        return total;
    }
}
