package com.holidaylistings.integration.dispatcher.warmup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.dispatcher.DispatcherIntegrationTest;
import com.holidaylistings.integration.dispatcher.DispatcherProcess;
import com.holidaylistings.integration.dispatcher.OwnBroker;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

/**
 * The packaged dispatcher's warm-up before it consumes: it rehearses the delivery path against a
 * receiver of its own on the loopback interface (where owners' targets may not be internal, as in
 * production), before any Kafka consumer starts and before it reports ready, and stores nothing;
 * and a training run of its class-data archive stops once warmed up, no consumer started. Runs on a
 * broker of its own ({@link OwnBroker}), as DispatcherKillIT.
 */
class WarmUpIT {

    /** Every line a Kafka consumer logs names it so: the first is its start. */
    private static final String CONSUMER_LOG = "[Consumer ";

    private static final String WARMED_UP = "Warmed up the delivery path before consuming: ";

    private static EmbeddedKafkaKraftBroker kafka;

    @BeforeAll
    static void startBroker() {
        kafka = OwnBroker.start();
    }

    @AfterAll
    static void stopBroker() {
        if (kafka != null) {
            kafka.destroy();
        }
    }

    @Test
    void rehearsesTheDeliveryPathBeforeAnyConsumerStartsAndStoresNothing() {
        try (DispatcherProcess dispatcher = DispatcherProcess.start(
                "warm-up-" + System.nanoTime(),
                kafka.getBrokersAsString(),
                Map.of(
                        "WARM_UP_DELIVERIES",
                        "300",
                        "WARM_UP_MAX_DURATION",
                        "60s",
                        "WEBHOOK_ALLOW_PRIVATE_TARGETS",
                        "false"))) {
            await().atMost(Duration.ofSeconds(120)).until(dispatcher::isReady);
            await().atMost(Duration.ofSeconds(30)).until(() -> indexOf(dispatcher.logLines(), CONSUMER_LOG) >= 0);

            List<String> log = dispatcher.logLines();
            int warmedUp = indexOf(log, WARMED_UP);
            assertThat(warmedUp).as("the warm-up's line").isNotNegative();
            assertThat(log.get(warmedUp)).contains("300 deliveries rehearsed", "200=270", "503=30", "0 failed");
            assertThat(warmedUp)
                    .as("the warm-up ends before the first consumer starts")
                    .isLessThan(indexOf(log, CONSUMER_LOG));
        }
        assertThat(DispatcherIntegrationTest.ownerJdbc()
                        .sql("""
                        select (select count(*) from deliveries where webhook_id like 'warm-up-%')
                             + (select count(*) from delivery_attempts where webhook_id like 'warm-up-%')""")
                        .query(Long.class)
                        .single())
                .as("rows of rehearsed deliveries")
                .isZero();
    }

    /**
     * A warm-up held long (more deliveries than fit in its 15 s): meanwhile the replica is live, so that
     * a liveness probe does not restart it, and not ready.
     */
    @Test
    void isLiveButNotReadyWhileItWarmsUp() {
        try (DispatcherProcess dispatcher = DispatcherProcess.start(
                "warm-up-long-" + System.nanoTime(),
                kafka.getBrokersAsString(),
                Map.of("WARM_UP_DELIVERIES", "10000000", "WARM_UP_MAX_DURATION", "15s"))) {
            await().atMost(Duration.ofSeconds(120)).until(dispatcher::isLive);

            assertThat(dispatcher.isReady()).as("ready while warming up").isFalse();
            assertThat(indexOf(dispatcher.logLines(), WARMED_UP))
                    .as("the warm-up's end")
                    .isNegative();
            assertThat(indexOf(dispatcher.logLines(), CONSUMER_LOG))
                    .as("a consumer's first line")
                    .isNegative();
            await().atMost(Duration.ofSeconds(120)).until(dispatcher::isReady);
        }
    }

    @Test
    void aTrainingRunStopsOnceWarmedUpWithNoConsumerStarted() {
        try (DispatcherProcess training = DispatcherProcess.start(
                "warm-up-training-" + System.nanoTime(),
                kafka.getBrokersAsString(),
                Map.of("WARM_UP_DELIVERIES", "100", "DISPATCHER_WARMUP_EXITAFTER", "true"))) {
            assertThat(training.exitStatus(Duration.ofSeconds(120)))
                    .as("its exit status")
                    .hasValue(0);

            List<String> log = training.logLines();
            assertThat(log.get(indexOf(log, WARMED_UP))).contains("100 deliveries rehearsed", "0 failed");
            assertThat(indexOf(log, "Stopping once warmed up")).isNotNegative();
            assertThat(indexOf(log, CONSUMER_LOG)).as("a consumer's first line").isNegative();
        }
    }

    private static int indexOf(List<String> lines, String part) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(part)) {
                return i;
            }
        }
        return -1;
    }
}
