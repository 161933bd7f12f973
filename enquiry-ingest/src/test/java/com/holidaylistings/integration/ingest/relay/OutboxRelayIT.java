package com.holidaylistings.integration.ingest.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.EnquiryErased;
import com.holidaylistings.integration.events.EnquiryEvents;
import com.holidaylistings.integration.events.command.DeliveryCommand;
import com.holidaylistings.integration.events.delivery.EnquiryId;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import com.holidaylistings.integration.ingest.AsyncApiContract;
import com.holidaylistings.integration.ingest.IngestProcess;
import com.holidaylistings.integration.ingest.IngestTestBed;
import com.holidaylistings.integration.ingest.OutboxRows;
import com.holidaylistings.integration.ingest.TopicReader;
import com.holidaylistings.integration.testsupport.TestPostgres;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

/**
 * The relay as operators run it: the packaged service as separate processes against real
 * PostgreSQL and Kafka, stopped, killed, doubled and cut off from its database.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class OutboxRelayIT {

    private static final Logger log = LoggerFactory.getLogger(OutboxRelayIT.class);
    private static final Duration STREAMING = Duration.ofSeconds(60);
    private static final int MANY = 1000;
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private OutboxRows outbox;
    private TopicReader topic;

    @BeforeEach
    void setUp() throws Exception {
        outbox = new OutboxRows();
        topic = new TopicReader();
    }

    @AfterEach
    void tearDown() throws Exception {
        outbox.close();
        topic.close();
    }

    @Test
    @Order(1)
    void publishesEnquiriesCommittedBeforeAnyRelayEverRan() throws Exception {
        // The migration created the slot, so enquiries accepted before the relay's first start are kept.
        List<OutboxRows.Written> early = outbox.enquiries(3);

        try (IngestProcess relay = IngestProcess.start("first")) {
            Map<UUID, List<ConsumerRecord<String, String>>> published = awaitAll(early);
            assertThat(published).hasSize(3);
        }
    }

    @Test
    @Order(2)
    void publishesThePayloadExactlyWithKeyAndHeaders() throws Exception {
        try (IngestProcess relay = IngestProcess.start("exact")) {
            OutboxRows.Written written = outbox.enquiry();

            ConsumerRecord<String, String> record =
                    awaitAll(List.of(written)).get(written.enquiryId()).get(0);

            assertThat(record.value()).isEqualTo(written.payload());
            assertThat(record.key()).isEqualTo(written.enquiryId().toString());
            assertThat(header(record, EnquiryEvents.EVENT_ID_HEADER))
                    .isEqualTo(written.eventId().toString());
            assertThat(header(record, EnquiryEvents.EVENT_TYPE_HEADER)).isEqualTo("enquiry.created");
            assertThat(header(record, EnquiryEvents.REQUEST_ID_HEADER)).isEqualTo(written.requestId());
            // the relay's publish continues the intake request's trace: same trace, a span of its own under it
            String traceparent = header(record, EnquiryEvents.TRACEPARENT_HEADER);
            assertThat(traceparent).matches("^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$");
            assertThat(traceparent.split("-")[1]).isEqualTo(written.traceId());
            assertThat(traceparent.split("-")[2]).isNotEqualTo(written.spanId());
            AsyncApiContract contract = AsyncApiContract.load();
            assertThat(record.topic()).isEqualTo(contract.topic());
            assertThat(headerNames(record)).containsExactlyInAnyOrderElementsOf(contract.headerNames());
            assertThat(JSON.readTree(record.value()).propertyNames())
                    .containsExactlyElementsOf(contract.payloadFields());
            await().atMost(STREAMING).until(relay::isReady);
        }
    }

    @Test
    @Order(2)
    void publishesACommandOnTheCommandsTopicWithItsKeyAndPassesOverAnUnknownType() throws Exception {
        try (IngestProcess relay = IngestProcess.start("commands");
                TopicReader commands = new TopicReader(DeliveryCommand.TOPIC)) {
            UUID hook = UUID.randomUUID();
            outbox.outboxRow(UUID.randomUUID(), hook, "delivery.unheard-of", "{}", "req-unknown");
            DeliveryCommand command = new DeliveryCommand.Redeliver(
                    UUID.randomUUID(),
                    Instant.now(),
                    "req-command",
                    OwnerId.of(UUID.randomUUID()),
                    SubscriptionId.of(hook),
                    UUID.randomUUID(),
                    EnquiryId.of(UUID.randomUUID()),
                    Instant.now(),
                    null);
            String payload = outbox.command(command);

            ConsumerRecord<String, String> record = await().atMost(STREAMING)
                    .until(() -> commands.of(Set.of(hook)), records -> !records.isEmpty())
                    .get(0);

            assertThat(record.topic()).isEqualTo("delivery.commands");
            assertThat(record.key()).isEqualTo(hook.toString());
            assertThat(record.value()).isEqualTo(payload);
            assertThat(header(record, EnquiryEvents.EVENT_ID_HEADER))
                    .isEqualTo(command.commandId().toString());
            assertThat(header(record, EnquiryEvents.EVENT_TYPE_HEADER)).isEqualTo("delivery.redeliver");
            assertThat(header(record, EnquiryEvents.REQUEST_ID_HEADER)).isEqualTo("req-command");
            assertThat(commands.of(Set.of(hook)))
                    .as("the row of an unknown type is passed over")
                    .hasSize(1);
            assertThat(relay.isStreaming()).isTrue();
        }
    }

    @Test
    @Order(2)
    void publishesAnErasureOnItsOwnTopicKeyedByTheEnquiryAndPassesOverTheErasedPayload() throws Exception {
        try (IngestProcess relay = IngestProcess.start("erasures");
                TopicReader erasures = new TopicReader(EnquiryErased.TOPIC);
                Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, IngestTestBed.kafka()))) {
            OutboxRows.Written written = outbox.enquiry();
            awaitAll(List.of(written));
            EnquiryCreated created = JSON.readValue(written.payload(), EnquiryCreated.class);
            outbox.updatePayload(written.eventId(), JSON.writeValueAsString(created.erased()));
            UUID eventId = UUID.randomUUID();
            String payload = JSON.writeValueAsString(EnquiryErased.of(written.enquiryId(), Instant.now()));
            outbox.outboxRow(eventId, written.enquiryId(), EnquiryErased.TYPE, payload, "req-erasure");

            ConsumerRecord<String, String> record = await().atMost(STREAMING)
                    .until(() -> erasures.of(Set.of(written.enquiryId())), records -> !records.isEmpty())
                    .get(0);

            assertThat(record.topic()).isEqualTo("enquiry.erased");
            assertThat(record.key()).isEqualTo(written.enquiryId().toString());
            assertThat(record.value()).isEqualTo(payload);
            assertThat(header(record, EnquiryEvents.EVENT_ID_HEADER)).isEqualTo(eventId.toString());
            assertThat(header(record, EnquiryEvents.EVENT_TYPE_HEADER)).isEqualTo("enquiry.erased");
            assertThat(header(record, EnquiryEvents.REQUEST_ID_HEADER)).isEqualTo("req-erasure");
            ConfigResource erasedTopic = new ConfigResource(ConfigResource.Type.TOPIC, EnquiryErased.TOPIC);
            assertThat(admin.describeConfigs(List.of(erasedTopic))
                            .all()
                            .get()
                            .get(erasedTopic)
                            .get("retention.ms")
                            .value())
                    .as("30 days")
                    .isEqualTo(Long.toString(Duration.ofDays(30).toMillis()));
            ConfigResource createdTopic = new ConfigResource(ConfigResource.Type.TOPIC, EnquiryEvents.TOPIC);
            assertThat(admin.describeConfigs(List.of(createdTopic))
                            .all()
                            .get()
                            .get(createdTopic)
                            .get("retention.ms")
                            .value())
                    .as("7 days")
                    .isEqualTo(Long.toString(Duration.ofDays(7).toMillis()));
            assertThat(topic.of(Set.of(written.enquiryId())))
                    .as("the payload's update is not published again")
                    .singleElement()
                    .extracting(ConsumerRecord::value)
                    .isEqualTo(written.payload());
        }
    }

    @Test
    @Order(3)
    void losesNothingWhileStoppedCleanlyAndRestarted() throws Exception {
        IngestProcess relay = IngestProcess.start("clean-1");
        await().atMost(STREAMING).until(relay::isStreaming);
        relay.stop();

        List<OutboxRows.Written> written = outbox.enquiries(MANY);

        try (IngestProcess restarted = IngestProcess.start("clean-2")) {
            Map<UUID, List<ConsumerRecord<String, String>>> published = awaitAll(written);
            assertThat(duplicates(published)).isZero();
        }
    }

    @Test
    @Order(4)
    void losesNothingWhenKilledMidStream() throws Exception {
        IngestProcess relay = IngestProcess.start("killed-1");
        await().atMost(STREAMING).until(relay::isStreaming);
        int alreadyOnTopic = topic.poll().size();
        CompletableFuture<List<OutboxRows.Written>> writing = CompletableFuture.supplyAsync(() -> {
            try (OutboxRows writer = new OutboxRows()) {
                return writer.enquiries(MANY);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        // Kill it once part of this run is on the topic, while the rest is still being written.
        await().atMost(STREAMING).until(() -> topic.poll().size() >= alreadyOnTopic + MANY / 10);
        relay.kill();
        assertThat(writing).as("killed before the last enquiry was written").isNotDone();
        List<OutboxRows.Written> written = writing.get();

        try (IngestProcess restarted = IngestProcess.start("killed-2")) {
            Map<UUID, List<ConsumerRecord<String, String>>> published = awaitAll(written);
            int duplicates = duplicates(published);
            log.info("Killed mid-stream: {} events, {} published twice", MANY, duplicates);
            assertThat(duplicates).isLessThanOrEqualTo(MANY);
        }
    }

    @Test
    @Order(5)
    void aStandbyTakesOverWhenTheLeaderIsKilled() throws Exception {
        try (IngestProcess a = IngestProcess.start("pair-a");
                IngestProcess b = IngestProcess.start("pair-b")) {
            await().atMost(STREAMING).until(() -> a.isStreaming() || b.isStreaming());
            IngestProcess leader = a.isStreaming() ? a : b;
            IngestProcess standby = leader == a ? b : a;
            await().atMost(STREAMING).until(standby::isReady);
            assertThat(standby.isStreaming()).as("never two engines at once").isFalse();

            leader.kill();
            long killedAt = System.nanoTime();
            List<OutboxRows.Written> written = outbox.enquiries(20);

            await().atMost(Duration.ofSeconds(30)).until(standby::isStreaming);
            log.info("Standby streaming {} ms after the leader was killed", (System.nanoTime() - killedAt) / 1_000_000);
            assertThat(awaitAll(written)).hasSize(20);
        }
    }

    @Test
    @Order(6)
    void resumesWithoutLossAfterPostgresRestarts() throws Exception {
        Assumptions.assumeTrue(TestPostgres.canRestart(), "needs the embedded PostgreSQL, which can be restarted");
        try (IngestProcess relay = IngestProcess.start("pg-restart")) {
            await().atMost(STREAMING).until(relay::isStreaming);
            List<OutboxRows.Written> before = outbox.enquiries(10);
            outbox.close();

            TestPostgres.restart();
            outbox = new OutboxRows();
            List<OutboxRows.Written> after = outbox.enquiries(10);

            assertThat(awaitAll(before)).hasSize(10);
            assertThat(awaitAll(after)).hasSize(10);
            await().atMost(STREAMING).until(relay::isReady);
        }
    }

    @Test
    @Order(8)
    void movesTheSlotOnWhileOnlyOtherTablesAreWritten() throws Exception {
        try (IngestProcess relay = IngestProcess.start("heartbeat", Map.of("INGEST_HEARTBEAT_INTERVAL", "500ms"))) {
            await().atMost(STREAMING).until(relay::isStreaming);
            String afterOtherWrites = outbox.writeOtherTables(500);

            // Without heartbeats the slot would hold on to all the WAL written since the last outbox event.
            await().atMost(STREAMING).until(() -> outbox.slotConfirmedPast(afterOtherWrites));
        }
    }

    private Map<UUID, List<ConsumerRecord<String, String>>> awaitAll(List<OutboxRows.Written> written) {
        Set<UUID> ids = written.stream().map(OutboxRows.Written::enquiryId).collect(Collectors.toSet());
        await().atMost(Duration.ofSeconds(120))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> byEnquiry(topic.of(ids)).keySet().containsAll(ids));
        return byEnquiry(topic.of(ids));
    }

    private static Map<UUID, List<ConsumerRecord<String, String>>> byEnquiry(
            List<ConsumerRecord<String, String>> records) {
        return records.stream().collect(Collectors.groupingBy(record -> UUID.fromString(record.key())));
    }

    private static int duplicates(Map<UUID, List<ConsumerRecord<String, String>>> published) {
        return published.values().stream()
                .mapToInt(records -> records.size() - 1)
                .sum();
    }

    private static List<String> headerNames(ConsumerRecord<String, String> record) {
        List<String> names = new ArrayList<>();
        record.headers().forEach(header -> names.add(header.key()));
        return names;
    }

    private static String header(ConsumerRecord<String, String> record, String name) {
        return new String(record.headers().lastHeader(name).value(), StandardCharsets.UTF_8);
    }
}
