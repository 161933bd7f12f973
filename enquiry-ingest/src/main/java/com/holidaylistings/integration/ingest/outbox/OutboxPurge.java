package com.holidaylistings.integration.ingest.outbox;

import com.holidaylistings.integration.ingest.leader.Leadership;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.FixedDelayTask;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.stereotype.Component;

/**
 * Keeps the outbox table small. Deleting a row never loses its event: logical decoding reads the
 * insert from the write-ahead log, which the slot retains until the relay has published it; the
 * relay skips the deletes. Only the leader purges, every {@link OutboxPurgeProperties#interval()}.
 */
@Component
class OutboxPurge implements SchedulingConfigurer {

    private static final Logger log = LoggerFactory.getLogger(OutboxPurge.class);
    private static final int BATCH = 10_000;

    private final JdbcClient jdbc;
    private final Leadership leadership;
    private final OutboxPurgeProperties properties;

    OutboxPurge(JdbcClient jdbc, Leadership leadership, OutboxPurgeProperties properties) {
        this.jdbc = jdbc;
        this.leadership = leadership;
        this.properties = properties;
    }

    @Override
    public void configureTasks(ScheduledTaskRegistrar tasks) {
        tasks.addFixedDelayTask(new FixedDelayTask(this::purge, properties.interval(), properties.interval()));
    }

    void purge() {
        if (leadership.role() != Leadership.Role.LEADER) {
            return;
        }
        try {
            int deleted;
            do {
                deleted = jdbc.sql("""
                                delete from outbox where id in (
                                    select id from outbox where created_at < now() - cast(:retention as interval) limit :batch)
                                """)
                        .param("retention", properties.retention().toSeconds() + " seconds")
                        .param("batch", BATCH)
                        .update();
                if (deleted > 0) {
                    log.info("Purged {} published outbox rows", deleted);
                }
            } while (deleted == BATCH);
        } catch (RuntimeException e) {
            log.warn("Outbox purge failed; trying again later: {}", e.getMessage());
        }
    }
}
