package com.holidaylistings.integration.dispatcher.waiting;

import com.holidaylistings.integration.dispatcher.settings.WebhookProperties;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.stereotype.Component;

/**
 * The backlog, for alerting: per stage of the retry schedule (1 = the first attempt), how many
 * deliveries are due and not yet attempted (pending or waiting, due by now), and how long the oldest
 * of them has been due: {@code webhook.deliveries.due} and {@code webhook.deliveries.oldest.due.age}
 * (seconds; 0 when none). Counted in the database every {@code webhook.backlog-interval} (15 s) over
 * the partial indexes of the pending and waiting rows, so every replica reports the same figures,
 * for the whole system (aggregate them with max, not sum). A stage's label is bounded by the schedule.
 */
@Component
class DeliveryBacklog implements SchedulingConfigurer {

    private static final Logger log = LoggerFactory.getLogger(DeliveryBacklog.class);
    private static final Duration INTERVAL = Duration.ofSeconds(15);

    /** What was last counted of one stage. */
    record Stage(long due, double oldestDueSeconds) {

        static final Stage NONE = new Stage(0, 0);
    }

    private final JdbcClient jdbc;
    private final Map<Integer, Stage> stages = new ConcurrentHashMap<>();
    private final int lastStage;

    DeliveryBacklog(JdbcClient jdbc, MeterRegistry registry, WebhookProperties properties) {
        this.jdbc = jdbc;
        this.lastStage = properties.retryDelays().size() + 1;
        for (int stage = 1; stage <= lastStage; stage++) {
            int of = stage;
            Gauge.builder("webhook.deliveries.due", () -> stage(of).due())
                    .description(
                            "Deliveries due and not yet attempted, per stage of the retry schedule (1 = first attempt)")
                    .tag("stage", Integer.toString(stage))
                    .register(registry);
            Gauge.builder("webhook.deliveries.oldest.due.age", () -> stage(of).oldestDueSeconds())
                    .description(
                            "How long the oldest due delivery of the stage has waited (0 when none): the backlog's age")
                    .tag("stage", Integer.toString(stage))
                    .baseUnit("seconds")
                    .register(registry);
        }
    }

    @Override
    public void configureTasks(ScheduledTaskRegistrar registrar) {
        registrar.addFixedDelayTask(this::measureQuietly, INTERVAL);
    }

    private void measureQuietly() {
        try {
            measure();
        } catch (RuntimeException e) {
            log.debug("Could not count the backlog; the gauges keep their last values: {}", e.getMessage());
        }
    }

    /** Counts the backlog now. */
    void measure() {
        Map<Integer, Stage> counted = new HashMap<>();
        jdbc.sql("""
                        select stage, count(*) as due, extract(epoch from now() - min(next_attempt_at)) as oldest
                          from (select stage, next_attempt_at from deliveries  -- deliveries_pending_idx
                                 where status = 'pending' and next_attempt_at <= now()
                                union all
                                select stage, next_attempt_at from deliveries  -- deliveries_waiting_idx
                                 where status = 'waiting' and next_attempt_at <= now()) due
                         group by stage
                        """)
                // rows of stages past a schedule shortened since count as its last stage
                .query((rs, n) -> counted.merge(
                        Math.min(rs.getInt("stage"), lastStage),
                        new Stage(rs.getLong("due"), Math.max(0, rs.getDouble("oldest"))),
                        (a, b) -> new Stage(a.due() + b.due(), Math.max(a.oldestDueSeconds(), b.oldestDueSeconds()))))
                .list();
        for (int stage = 1; stage <= lastStage; stage++) {
            stages.put(stage, counted.getOrDefault(stage, Stage.NONE));
        }
    }

    Stage stage(int stage) {
        return stages.getOrDefault(stage, Stage.NONE);
    }
}
