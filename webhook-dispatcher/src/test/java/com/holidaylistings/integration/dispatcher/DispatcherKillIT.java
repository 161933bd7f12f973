package com.holidaylistings.integration.dispatcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import com.holidaylistings.integration.testsupport.TestPostgres;
import com.holidaylistings.integration.testsupport.TestSchema;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

/**
 * The packaged dispatcher as a separate process, killed with SIGKILL in the middle of a stream of
 * events and started again: every event is still delivered. The processes use a broker of their
 * own: on the shared broker the in-JVM dispatcher of the other tests (whose application context
 * Spring keeps until the JVM ends) would deliver these events too, and a process would deliver
 * theirs.
 */
class DispatcherKillIT {

    private static final Logger log = LoggerFactory.getLogger(DispatcherKillIT.class);
    private static final int EVENTS = 300;
    private static final Duration STARTED = Duration.ofSeconds(90);

    private static EmbeddedKafkaKraftBroker kafka;

    private WebhookReceiver receiver;
    private TestData data;

    @BeforeAll
    static void ownBroker() {
        kafka = OwnBroker.start();
    }

    @AfterAll
    static void stopBroker() {
        kafka.destroy();
    }

    @BeforeEach
    void setUp() {
        TestPostgres.Connection db = TestSchema.database();
        data = new TestData(JdbcClient.create(db.pooled()));
        receiver = WebhookReceiver.start();
    }

    @AfterEach
    void tearDown() {
        receiver.close();
    }

    @Test
    void deliversEveryEventWhenKilledMidStream() throws Exception {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID subscription = data.subscribe(
                owner, receiver.url("/hook", WebhookReceiver.Answer.ok().after(Duration.ofMillis(20))), null);
        List<Events.Published> published;
        int arrivedBeforeKill;
        try (DispatcherProcess dispatcher = DispatcherProcess.start("killed-1", kafka.getBrokersAsString())) {
            await().atMost(STARTED).until(dispatcher::isReady);
            // The first half is published while the dispatcher runs; it is killed once part of it arrived.
            CompletableFuture<List<Events.Published>> firstHalf =
                    CompletableFuture.supplyAsync(() -> publish(property, EVENTS / 2));
            await().atMost(STARTED)
                    .pollInterval(Duration.ofMillis(10))
                    .until(() -> arrived().size() >= EVENTS / 10);
            dispatcher.kill();
            arrivedBeforeKill = arrived().size();
            published = new ArrayList<>(firstHalf.get(60, TimeUnit.SECONDS));
        }
        // The second half is published while no dispatcher runs.
        published.addAll(publish(property, EVENTS - EVENTS / 2));

        try (DispatcherProcess restarted = DispatcherProcess.start("killed-2", kafka.getBrokersAsString())) {
            Set<String> payloads = payloads(published);
            await().atMost(Duration.ofSeconds(120))
                    .untilAsserted(() -> assertThat(arrived()).containsAll(payloads));
            int duplicates = receiver.requests("/hook").size() - arrived().size();
            log.info(
                    "Killed after {} of {} events had arrived; {} delivered more than once",
                    arrivedBeforeKill,
                    EVENTS,
                    duplicates);
            assertThat(arrived()).isEqualTo(payloads);
            assertThat(duplicates).isLessThan(EVENTS);
            await().atMost(Duration.ofSeconds(60))
                    .untilAsserted(() -> assertThat(published)
                            .allSatisfy(event -> assertThat(data.attempts(subscription, event.enquiryId()))
                                    .extracting(TestData.Attempt::outcome)
                                    .contains("succeeded")));
        }
    }

    @Test
    void retriesEveryFailedDeliveryWhenKilledMidStream() throws Exception {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID subscription = data.subscribe(owner, receiver.url("/failing", WebhookReceiver.Answer.status(500)), null);
        List<Events.Published> published;
        int failedBeforeKill;
        try (DispatcherProcess dispatcher = DispatcherProcess.start("killed-failing-1", kafka.getBrokersAsString())) {
            await().atMost(STARTED).until(dispatcher::isReady);
            // Every attempt fails (most without a request once the target's circuit opens); the process is
            // killed while failed attempts are being passed on to the retry topics, well before any is abandoned.
            CompletableFuture<List<Events.Published>> publishing =
                    CompletableFuture.supplyAsync(() -> publish(property, EVENTS / 2));
            await().atMost(STARTED)
                    .pollInterval(Duration.ofMillis(10))
                    .until(() -> data.attempts(subscription).size() >= EVENTS / 5);
            dispatcher.kill();
            failedBeforeKill = data.attempts(subscription).size();
            published = publishing.get(60, TimeUnit.SECONDS);
        }
        receiver.answer("/failing", WebhookReceiver.Answer.ok());
        int beforeRestart = receiver.requests("/failing").size();
        // A failure stored but not yet forwarded to its retry topic when the process died has only its row,
        // pending, left: the row poller puts it back once overdue (DispatcherProcess.OVERDUE_AFTER).

        try (DispatcherProcess restarted = DispatcherProcess.start("killed-failing-2", kafka.getBrokersAsString())) {
            Set<String> payloads = payloads(published);
            await().atMost(Duration.ofSeconds(120)).untilAsserted(() -> {
                List<String> bodies = receiver.bodies("/failing");
                assertThat(new HashSet<>(bodies.subList(beforeRestart, bodies.size())))
                        .containsAll(payloads);
            });
            log.info(
                    "Killed after {} failed attempts; all {} events delivered after the restart",
                    failedBeforeKill,
                    payloads.size());
        }
    }

    private static Set<String> payloads(List<Events.Published> published) {
        return new HashSet<>(published.stream().map(Events.Published::payload).toList());
    }

    private Set<String> arrived() {
        return new HashSet<>(receiver.bodies("/hook"));
    }

    private static List<Events.Published> publish(UUID property, int count) {
        try (Events events = new Events(kafka.getBrokersAsString())) {
            List<Events.Published> published = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                published.add(events.enquiryOn(property));
            }
            return published;
        }
    }
}
