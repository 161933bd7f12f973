package com.holidaylistings.integration.api.owner;

import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.FixedDelayTask;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.stereotype.Component;

/**
 * Erases the previous signing secret of an owner or of a hook once its overlap has ended (the latest rotation is older
 * than {@code WEBHOOK_SECRET_OVERLAP}, by the database's clock, as webhook-dispatcher judges it when
 * it signs): nothing signs with it any more, so it is not kept. {@code rotated_at} stays. The secrets
 * are api-service's rows, so api-service erases them, not the dispatcher that reads them. Every
 * replica runs it every {@code secrets.erase-interval}; erasing twice changes nothing.
 */
@Component
class PreviousSecretErasure implements SchedulingConfigurer {

    private static final Logger log = LoggerFactory.getLogger(PreviousSecretErasure.class);

    private final JdbcClient jdbc;
    private final Duration overlap;
    private final Duration interval;

    PreviousSecretErasure(JdbcClient jdbc, SecretsProperties secrets) {
        this.jdbc = jdbc;
        this.overlap = secrets.previousSecretOverlap();
        this.interval = secrets.eraseInterval();
    }

    @Override
    public void configureTasks(ScheduledTaskRegistrar registrar) {
        registrar.addFixedDelayTask(new FixedDelayTask(this::eraseOnSchedule, interval, interval));
    }

    void eraseOnSchedule() {
        try {
            int erased = eraseEnded();
            if (erased > 0) {
                log.info("Erased {} previous webhook secrets whose overlap of {} had ended", erased, overlap);
            }
        } catch (DataAccessException e) {
            log.warn("Erasing previous webhook secrets failed, trying again in {}: {}", interval, e.getMessage());
        }
    }

    /** Erases every previous secret, owners' and hooks', whose overlap has ended; answers how many. */
    int eraseEnded() {
        return eraseEnded("webhook_secrets") + eraseEnded("hook_secrets");
    }

    private int eraseEnded(String table) {
        return jdbc.sql("""
                        update %s set previous_secret = null
                         where previous_secret is not null
                           and rotated_at <= now() - make_interval(secs => :overlap)
                        """.formatted(table))
                .param("overlap", overlap.toNanos() / 1e9)
                .update();
    }
}
