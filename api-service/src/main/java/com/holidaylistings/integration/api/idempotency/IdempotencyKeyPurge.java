package com.holidaylistings.integration.api.idempotency;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Deletes idempotency keys older than the retention, in batches. Every replica runs it: the
 * batches skip rows that another replica (or an intake reusing an expired key) has locked, so
 * replicas never wait for each other and never delete a row twice.
 */
@Component
class IdempotencyKeyPurge {

    private static final Logger log = LoggerFactory.getLogger(IdempotencyKeyPurge.class);

    private final JdbcClient jdbc;
    private final IdempotencyProperties properties;

    IdempotencyKeyPurge(JdbcClient jdbc, IdempotencyProperties properties) {
        this.jdbc = jdbc;
        this.properties = properties;
    }

    @Scheduled(
            fixedDelayString = "${owner-api.idempotency.purge-interval:10m}",
            initialDelayString = "${owner-api.idempotency.purge-interval:10m}")
    void purgeOnSchedule() {
        try {
            int purged = purgeExpired();
            if (purged > 0) {
                log.info("Purged {} expired idempotency keys", purged);
            }
        } catch (DataAccessException e) {
            log.warn(
                    "Purging expired idempotency keys failed, trying again in {}: {}",
                    properties.purgeInterval(),
                    e.getMessage());
        }
    }

    /** Deletes every expired key; answers how many. */
    int purgeExpired() {
        int total = 0;
        int deleted;
        do {
            deleted = jdbc.sql("""
                            delete from idempotency_keys
                             where idempotency_key in (
                                   select idempotency_key from idempotency_keys
                                    where created_at <= now() - make_interval(secs => :retentionSeconds)
                                    limit :batch
                                      for update skip locked)
                            """)
                    .param("retentionSeconds", properties.retention().toMillis() / 1000.0)
                    .param("batch", properties.purgeBatchSize())
                    .update();
            total += deleted;
        } while (deleted == properties.purgeBatchSize());
        return total;
    }
}
