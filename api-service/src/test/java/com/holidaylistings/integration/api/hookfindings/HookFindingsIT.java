package com.holidaylistings.integration.api.hookfindings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.DeliveryRows;
import com.holidaylistings.integration.api.support.OperationalTopic;
import com.holidaylistings.integration.api.support.TestWorld;
import com.holidaylistings.integration.testsupport.AsyncApiDocument;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Records on the real broker's {@code webhook.operational}, published as webhook-dispatcher publishes
 * them (key, headers and JSON as docs/asyncapi.json documents them), reach the hook's row: the hooks
 * lists and the portal show it. Duplicates, late records and malformed ones change nothing they must not.
 */
class HookFindingsIT extends ApiIntegrationTest {

    private static final Duration APPLIED = Duration.ofSeconds(30);
    private static final Duration QUIET = Duration.ofSeconds(2);
    private static final AsyncApiDocument CONTRACT = AsyncApiDocument.load();
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final DateTimeFormatter MICROSECONDS =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSX").withZone(ZoneOffset.UTC);

    private KafkaProducer<String, String> producer;
    private TestWorld.Account owner;
    private DeliveryRows rows;

    @BeforeEach
    void connect() {
        producer = new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, OperationalTopic.bootstrapServers()),
                new StringSerializer(),
                new StringSerializer());
        owner = world.newAccount();
        rows = new DeliveryRows(jdbc);
    }

    @AfterEach
    void close() {
        producer.close();
    }

    @Test
    void theTopicIsTheDocumentedOne() {
        assertThat(CONTRACT.address("webhookOperational"))
                .isEqualTo(HookFindingsListener.TOPIC)
                .isEqualTo(OperationalTopic.NAME);
    }

    @Test
    void aHookUnsubscribedByA410IsInactiveAndLeavesTheIntegrationsList() {
        UUID hook = subscribe("gone");
        assertThat(integrationHookIds()).contains(hook.toString());

        publish(unsubscribed(hook, Instant.now()));

        await().atMost(APPLIED)
                .until(() -> "Inactive".equals(hook(hook).get("display_status").asString()));
        assertThat(hook(hook).get("status_reason").asString())
                .isEqualTo("The receiver answered 410 Gone, so it was unsubscribed.");
        assertThat(integrationHookIds()).doesNotContain(hook.toString());
    }

    @Test
    void aDisabledHookIsPausedAndSaysWhyUntilItIsResumed() {
        UUID hook = subscribe("disabled");
        Instant at = Instant.now().truncatedTo(ChronoUnit.MICROS);
        rows.failedSince(hook, at.minus(Duration.ofDays(6)), at, 503, null);

        publish(disabled(hook, at));

        await().atMost(APPLIED).until(() -> hook(hook).get("paused").asBoolean());
        JsonNode shown = hook(hook);
        assertThat(shown.get("display_status").asString()).isEqualTo("Inactive");
        assertThat(shown.get("status_reason").asString())
                .isEqualTo("Turned off on " + at.atZone(ZoneOffset.UTC).toLocalDate()
                        + " after failing for 6 days without a success (last answer: HTTP 503).");
        assertThat(disabledAt(hook)).isEqualTo(at);
        assertThat(integrationHookIds()).as("paused hooks stay in the list").contains(hook.toString());

        ApiClient.Response resumed = portal().post(hooks() + "/" + hook + "/resume", null);
        assertThat(resumed.status()).as(resumed.body()).isEqualTo(200);
        assertThat(resumed.json().get("paused").asBoolean()).isFalse();
        assertThat(disabledAt(hook)).isNull();
    }

    @Test
    void aDuplicateOrReplayedRecordChangesNothing() {
        UUID hook = subscribe("twice");
        Instant at = Instant.now().truncatedTo(ChronoUnit.MICROS);
        Record record = disabled(hook, at);
        publish(record);
        await().atMost(APPLIED).until(() -> hook(hook).get("paused").asBoolean());
        portal().post(hooks() + "/" + hook + "/resume", null);
        Record gone = unsubscribed(hook, at.plusSeconds(1));
        publish(gone);
        await().atMost(APPLIED)
                .until(() -> "Inactive".equals(hook(hook).get("display_status").asString()));
        Instant unsubscribedAt = unsubscribedAt(hook);

        publish(record); // the disabling again, as a dispatcher that died before removing it from its outbox sends it
        publish(unsubscribed(hook, at.plusSeconds(5))); // a 410 of another replica, announced after the first
        UUID witness = subscribe("witness");
        publish(unsubscribed(witness, Instant.now()));

        await().atMost(APPLIED)
                .until(() ->
                        "Inactive".equals(hook(witness).get("display_status").asString()));
        assertThat(hook(hook).get("paused").asBoolean())
                .as("resumed since: the replayed disabling pauses nothing")
                .isFalse();
        assertThat(disabledAt(hook)).isNull();
        assertThat(unsubscribedAt(hook)).isEqualTo(unsubscribedAt);
    }

    @Test
    void aDisablingOlderThanTheOwnersResumeLeavesTheHookActive() {
        UUID hook = subscribe("late");
        Instant before = Instant.now().minusSeconds(60).truncatedTo(ChronoUnit.MICROS);
        ApiClient.Response resumed = portal().post(hooks() + "/" + hook + "/resume", null);
        assertThat(resumed.status()).as(resumed.body()).isEqualTo(200);

        publish(disabled(hook, before));
        UUID witness = subscribe("late-witness");
        publish(unsubscribed(witness, Instant.now()));

        await().atMost(APPLIED)
                .until(() ->
                        "Inactive".equals(hook(witness).get("display_status").asString()));
        assertThat(hook(hook).get("display_status").asString()).isEqualTo("Active");
        assertThat(hook(hook).get("paused").asBoolean()).isFalse();
        assertThat(disabledAt(hook)).isNull();
    }

    @Test
    void aMalformedRecordIsSkippedAndTheRecordsAfterItStillApply() {
        UUID hook = subscribe("after-malformed");
        UUID untouched = subscribe("untouched");
        String key = hook.toString();
        // all on one partition, the records after them too: they must not hold it up
        for (String value : new String[] {
            "not json",
            "[]",
            "{\"type\":42}",
            "{\"type\":\"hook.unsubscribed\",\"hook_id\":\"not-a-uuid\",\"owner_id\":\"" + owner.ownerId()
                    + "\",\"occurred_at\":\"2026-11-23T08:00:00.000001Z\"}",
            "{\"type\":\"hook.disabled\",\"hook_id\":\"" + untouched + "\",\"owner_id\":\"" + owner.ownerId() + "\"}"
        }) {
            send(new ProducerRecord<>(OperationalTopic.NAME, 0, key, value));
        }
        Map<String, Object> failing = new LinkedHashMap<>();
        failing.put("last_http_status", 503);
        failing.put("last_error", null);
        failing.put("consecutive_failures", 4);
        publish(record("hook.failing", hook, Instant.now(), failing), 0); // another type: passed over
        publish(unsubscribed(hook, Instant.now()), 0);

        await().atMost(APPLIED)
                .until(() -> "Inactive".equals(hook(hook).get("display_status").asString()));
        assertThat(hook(untouched).get("paused").asBoolean())
                .as("a disabling without its time is not applied")
                .isFalse();
    }

    /** A record as the dispatcher's OperationalOutbox writes it: the fields in the documented order. */
    private record Record(String type, UUID hookId, String value) {}

    private Record unsubscribed(UUID hook, Instant at) {
        return record("hook.unsubscribed", hook, at, Map.of());
    }

    private Record disabled(UUID hook, Instant at) {
        Map<String, Object> extra = new LinkedHashMap<>();
        extra.put("failing_since", MICROSECONDS.format(at.minus(Duration.ofDays(6))));
        extra.put("last_http_status", 503);
        extra.put("last_error", null);
        extra.put("reason", "failing");
        return record("hook.disabled", hook, at, extra);
    }

    private Record record(String type, UUID hook, Instant at, Map<String, Object> extra) {
        UUID eventId = UUID.randomUUID();
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("type", type);
        value.put("event_id", eventId.toString());
        value.put("occurred_at", MICROSECONDS.format(at));
        value.put("owner_id", owner.ownerId().toString());
        value.put("hook_id", hook.toString());
        value.put("targetUrl", "https://93.184.215.14/" + hook);
        value.put("propertyId", null);
        value.putAll(extra);
        JsonNode node = JSON.valueToTree(value);
        String schema = type.equals("hook.disabled")
                ? "HookDisabled"
                : type.equals("hook.failing") ? "HookFailing" : "HookUnsubscribed";
        assertThat(CONTRACT.violations(schema, node))
                .as("as documented: " + node)
                .isEmpty();
        return new Record(type, hook, JSON.writeValueAsString(node));
    }

    private void publish(Record record) {
        publish(record, null);
    }

    /** Publishes to {@code partition}, or where its key goes (null). */
    private void publish(Record record, Integer partition) {
        ProducerRecord<String, String> sent = new ProducerRecord<>(
                OperationalTopic.NAME, partition, record.hookId().toString(), record.value());
        sent.headers()
                .add(
                        "event-id",
                        JSON.readTree(record.value()).get("event_id").asString().getBytes(StandardCharsets.UTF_8));
        sent.headers().add("event-type", record.type().getBytes(StandardCharsets.UTF_8));
        send(sent);
    }

    private void send(ProducerRecord<String, String> record) {
        try {
            producer.send(record).get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("Could not publish", e);
        }
    }

    private UUID subscribe(String name) {
        return world.subscribe(owner, "https://93.184.215.14/" + name + "/" + UUID.randomUUID(), null);
    }

    private ApiClient portal() {
        return http.with("X-Admin-Key", TestWorld.ADMIN_KEY);
    }

    private String hooks() {
        return "/internal/v1/owners/" + owner.ownerId() + "/hooks";
    }

    /** The hook as the internal API's list shows it to the portal. */
    private JsonNode hook(UUID hook) {
        ApiClient.Response response = portal().get(hooks());
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        for (JsonNode each : response.json().get("hooks")) {
            if (each.get("id").asString().equals(hook.toString())) {
                return each;
            }
        }
        throw new AssertionError("no hook " + hook + " in " + response.body());
    }

    /** The ids in the integration's own list ({@code GET /integration/v1/hooks/enquiries}). */
    private java.util.List<String> integrationHookIds() {
        ApiClient.Response response = as(owner).get("/integration/v1/hooks/enquiries");
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        java.util.List<String> ids = new java.util.ArrayList<>();
        response.json().get("hooks").forEach(hook -> ids.add(hook.get("id").asString()));
        return ids;
    }

    private Instant disabledAt(UUID hook) {
        return jdbc.sql("select disabled_at from webhook_subscriptions where id = :id")
                .param("id", hook)
                .query((rs, n) -> Optional.ofNullable(rs.getTimestamp(1)).map(Timestamp::toInstant))
                .single()
                .orElse(null);
    }

    private Instant unsubscribedAt(UUID hook) {
        return jdbc.sql("select unsubscribed_at from webhook_subscriptions where id = :id")
                .param("id", hook)
                .query((rs, n) -> Optional.ofNullable(rs.getTimestamp(1)).map(Timestamp::toInstant))
                .single()
                .orElse(null);
    }
}
