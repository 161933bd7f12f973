package com.holidaylistings.integration.api.outbox;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.FixedDelayTask;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.stereotype.Component;

/**
 * Deletes outbox rows older than {@link OutboxPurgeProperties#retention()}, in batches, every
 * {@link OutboxPurgeProperties#interval()}. Every replica purges: two at once wait for each other's
 * batch and find its rows gone, which costs a moment once a minute. A failure is logged and tried
 * again at the next interval.
 */
@Component
class OutboxPurge implements SchedulingConfigurer {

    private static final Logger log = LoggerFactory.getLogger(OutboxPurge.class);
    private static final int BATCH = 10_000;

    private final JdbcClient jdbc;
    private final OutboxPurgeProperties properties;

    OutboxPurge(JdbcClient jdbc, OutboxPurgeProperties properties) {
        this.jdbc = jdbc;
        this.properties = properties;
    }

    @Override
    public void configureTasks(ScheduledTaskRegistrar tasks) {
        tasks.addFixedDelayTask(new FixedDelayTask(this::purge, properties.interval(), properties.interval()));
    }

    void purge() {
        try {
            int deleted;
            do {
                deleted = jdbc.sql("""
                                delete from outbox where id in (
                                    select id from outbox where created_at < now() - cast(:retention as interval)
                                     limit :batch)
                                """)
                        .param("retention", properties.retention().toSeconds() + " seconds")
                        .param("batch", BATCH)
                        .update();
                if (deleted > 0) {
                    log.info("Purged {} outbox rows older than {}", deleted, properties.retention());
                }
            } while (deleted == BATCH);
        } catch (RuntimeException e) {
            log.warn("Outbox purge failed; trying again later: {}", e.getMessage());
        }
    }
}
