package com.holidaylistings.integration.dispatcher.operational;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.deliverylog.DeliveryOutcome;
import com.holidaylistings.integration.dispatcher.DispatcherIntegrationTest;
import com.holidaylistings.integration.dispatcher.Events;
import com.holidaylistings.integration.dispatcher.SpanCapture;
import com.holidaylistings.integration.dispatcher.TestData;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import com.holidaylistings.integration.testsupport.AsyncApiDocument;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * What the dispatcher announces on {@code webhook.operational}, read back from the real broker:
 * each transition once, each record as {@code docs/asyncapi.json} documents it, in the enquiry's
 * trace under the attempt that decided it, and the portal's display status in agreement. Retry
 * delays of 1, 2 and 3 s: four attempts per event here.
 */
class OperationalEventsIT extends DispatcherIntegrationTest {

    private static final Duration ANNOUNCED = Duration.ofSeconds(60);
    private static final Duration QUIET = Duration.ofSeconds(3);
    private static final AsyncApiDocument CONTRACT = AsyncApiDocument.load();

    @Autowired
    private SpanCapture spans;

    private OperationalTopicReader topic;

    @BeforeEach
    void readTheTopic() {
        topic = new OperationalTopicReader();
    }

    @AfterEach
    void stopReading() {
        topic.close();
    }

    @Test
    void announcesFailingAndAbandonedOnceThenRecovered() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        String url = receiver.url("/down", WebhookReceiver.Answer.status(503));
        String hook = data.subscribe(owner, url + "?token=s3cret", property).toString();

        String relay = spans.newTrace();
        UUID abandoned =
                events.publishInTrace(Events.anEnquiryOn(property), relay).enquiryId();

        await("hook.failing and delivery.abandoned")
                .atMost(ANNOUNCED)
                .until(() -> topic.types(hook).containsAll(List.of("hook.failing", "delivery.abandoned")));
        assertThat(data.attempts(UUID.fromString(hook), abandoned))
                .extracting(TestData.Attempt::outcome)
                .containsExactly("failed", "failed", "failed", "abandoned");
        JsonNode failing = only(hook, "hook.failing");
        assertThat(failing.get("last_http_status").asInt()).isEqualTo(503);
        assertThat(failing.get("last_error").isNull()).isTrue();
        assertThat(failing.get("consecutive_failures").asInt()).isEqualTo(4);
        JsonNode gaveUp = only(hook, "delivery.abandoned");
        assertThat(gaveUp.get("enquiry_id").asString()).isEqualTo(abandoned.toString());
        assertThat(gaveUp.get("attempts").asInt()).isEqualTo(4);
        for (JsonNode event : List.of(failing, gaveUp)) {
            assertThat(event.get("owner_id").asString()).isEqualTo(owner.id().toString());
            assertThat(event.get("hook_id").asString()).isEqualTo(hook);
            assertThat(event.get("targetUrl").asString())
                    .as("without the query, which may hold the receiver's credentials")
                    .isEqualTo(url);
            assertThat(event.get("propertyId").asString()).isEqualTo(property.toString());
        }
        assertThat(health(hook).failing())
                .as("a failing hook, Failed in the portal")
                .isTrue();
        assertPublishedUnderTheLastAttempt(hook, "hook.failing", relay);
        assertPublishedUnderTheLastAttempt(hook, "delivery.abandoned", relay);

        receiver.answer("/down", WebhookReceiver.Answer.ok());
        events.enquiryOn(property);

        await("hook.recovered").atMost(ANNOUNCED).until(() -> topic.types(hook).contains("hook.recovered"));
        assertThat(health(hook)).as("Active in the portal").isEqualTo(new Health(false, DeliveryOutcome.SUCCEEDED));
        events.enquiryOn(property);
        await().atMost(ANNOUNCED).until(() -> receiver.requests("/down").size() == 6);
        quietly();
        assertThat(topic.types(hook))
                .as("each transition once, nothing for deliveries to a healthy hook")
                .containsExactlyInAnyOrder("delivery.abandoned", "hook.failing", "hook.recovered");
        assertThat(topic.types(hook).getLast()).isEqualTo("hook.recovered");
        assertRecordsAsDocumented(hook);
    }

    @Test
    void announcesFailingOnceAcrossEventsUntilItRecovers() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        String hook = data.subscribe(owner, receiver.url("/flaky", WebhookReceiver.Answer.status(500)), property)
                .toString();

        events.enquiryOn(property);
        events.enquiryOn(property);
        events.enquiryOn(property);

        await("three abandoned")
                .atMost(ANNOUNCED)
                .until(() -> topic.types(hook).stream()
                                .filter("delivery.abandoned"::equals)
                                .count()
                        == 3);
        quietly();
        assertThat(topic.types(hook))
                .filteredOn("hook.failing"::equals)
                .as("12 failures, failing once")
                .hasSize(1);
        assertThat(topic.types(hook)).doesNotContain("hook.recovered");
        assertRecordsAsDocumented(hook);
    }

    @Test
    void announcesAHookUnsubscribedByA410Once() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        String url = receiver.url("/gone", WebhookReceiver.Answer.status(410).after(Duration.ofMillis(300)));
        String hook = data.subscribe(owner, url + "?key=s3cret", null).toString();

        events.enquiryOn(property); // both in flight at once: two 410s, one unsubscription
        events.enquiryOn(property);

        await("hook.unsubscribed")
                .atMost(ANNOUNCED)
                .until(() -> topic.types(hook).contains("hook.unsubscribed"));
        quietly();
        assertThat(topic.types(hook)).containsExactly("hook.unsubscribed");
        JsonNode gone = only(hook, "hook.unsubscribed");
        assertThat(gone.get("targetUrl").asString())
                .as("scheme, host and path only")
                .isEqualTo(url);
        assertThat(gone.get("propertyId").isNull())
                .as("a hook for all the owner's properties")
                .isTrue();
        assertThat(data.findings(UUID.fromString(hook)).goneAt())
                .as("found gone, in the dispatcher's own row, when it says")
                .isEqualTo(
                        OffsetDateTime.parse(gone.get("occurred_at").asString()).toInstant());
        assertThat(data.unsubscribeReason(UUID.fromString(hook)))
                .as("api-service's row is api-service's to change")
                .isNull();
        assertRecordsAsDocumented(hook);
    }

    @Test
    void disablesAHookWhoseEveryAttemptFailedForDaysOnceAndSpendsNothingOnItAfter() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        String url = receiver.url("/dead", WebhookReceiver.Answer.status(503).after(Duration.ofMillis(300)));
        UUID hookId = data.subscribe(owner, url, property);
        String hook = hookId.toString();
        OffsetDateTime firstFailure = failedForSixDays(hookId);

        events.enquiryOn(property); // both in flight at once: two failures, one disabling
        events.enquiryOn(property);

        await("hook.disabled").atMost(ANNOUNCED).until(() -> topic.types(hook).contains("hook.disabled"));
        JsonNode disabled = only(hook, "hook.disabled");
        assertThat(OffsetDateTime.parse(disabled.get("failing_since").asString())
                        .toInstant())
                .isEqualTo(firstFailure.toInstant());
        assertThat(disabled.get("last_http_status").asInt()).isEqualTo(503);
        assertThat(data.findings(hookId).disabledAt())
                .as("disabled in the dispatcher's own row, when the event says")
                .isEqualTo(OffsetDateTime.parse(disabled.get("occurred_at").asString())
                        .toInstant());
        assertThat(data.subscription(hookId))
                .as("api-service's row, which it changes when the event reaches it")
                .isEqualTo(new TestData.Subscription(false, null, null));

        UUID afterwards = events.enquiryOn(property).enquiryId();
        quietly();
        assertThat(data.delivery(hookId, afterwards))
                .as("no delivery work for a disabled hook's enquiries")
                .isEmpty();
        assertThat(receiver.requests("/dead")).as("the retries were skipped").hasSize(2);
        assertThat(topic.types(hook)).containsExactly("hook.disabled");
        assertRecordsAsDocumented(hook);
    }

    /** A receiver that knows retries are pointless says so: exactly one request for that event. */
    @Test
    void aReceiverThatAsksNotToRetryAnEventGetsExactlyOneRequestForIt() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        String url =
                receiver.url("/abort", WebhookReceiver.Answer.status(400).with("webhook-delivery", "abort-message"));
        UUID hookId = data.subscribe(owner, url, property);
        String hook = hookId.toString();

        UUID enquiry = events.enquiryOn(property).enquiryId();

        await("abandoned").atMost(ANNOUNCED).until(() -> "abandoned".equals(data.deliveryStatus(hookId, enquiry)));
        await("delivery.abandoned")
                .atMost(ANNOUNCED)
                .until(() -> topic.types(hook).contains("delivery.abandoned"));
        quietly();
        assertThat(receiver.requests("/abort")).as("no retry").hasSize(1);
        assertThat(data.attempts(hookId, enquiry)).singleElement().satisfies(attempt -> {
            assertThat(attempt.outcome()).isEqualTo("abandoned");
            assertThat(attempt.httpStatus()).isEqualTo(400);
            assertThat(attempt.error()).contains("receiver asked");
        });
        assertThat(data.findings(hookId).disabledAt()).as("the hook goes on").isNull();
        assertRecordsAsDocumented(hook);
    }

    /** A receiver that wants nothing more disables its hook at once, whatever its answer's status. */
    @Test
    void aReceiverThatAsksToDisableItsHookDisablesItAtOnce() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        String url = receiver.url("/disable", WebhookReceiver.Answer.ok().with("webhook-delivery", "disable"));
        UUID hookId = data.subscribe(owner, url, property);
        String hook = hookId.toString();

        events.enquiryOn(property);

        await("hook.disabled").atMost(ANNOUNCED).until(() -> topic.types(hook).contains("hook.disabled"));
        JsonNode disabled = only(hook, "hook.disabled");
        assertThat(disabled.get("reason").asString()).isEqualTo("receiver_asked");
        assertThat(data.findings(hookId).disabledReason()).isEqualTo("receiver_asked");
        assertThat(data.findings(hookId).disabledAt())
                .isEqualTo(OffsetDateTime.parse(disabled.get("occurred_at").asString())
                        .toInstant());
        UUID afterwards = events.enquiryOn(property).enquiryId();
        quietly();
        assertThat(data.delivery(hookId, afterwards))
                .as("nothing more for a disabled hook")
                .isEmpty();
        assertThat(receiver.requests("/disable")).hasSize(1);
        assertRecordsAsDocumented(hook);
    }

    @Test
    void aResumeThatApiServiceRecordedAfterTheDisablingLetsDeliveriesGoAgain() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        String url = receiver.url("/revived", WebhookReceiver.Answer.status(503));
        UUID hookId = data.subscribe(owner, url, property);
        String hook = hookId.toString();
        failedForSixDays(hookId);
        events.enquiryOn(property);
        await("hook.disabled").atMost(ANNOUNCED).until(() -> topic.types(hook).contains("hook.disabled"));
        UUID whileDisabled = events.enquiryOn(property).enquiryId();
        quietly();
        assertThat(data.delivery(hookId, whileDisabled)).isEmpty();

        receiver.answer("/revived", WebhookReceiver.Answer.ok());
        data.resume(hookId);
        Events.Published afterResume = events.enquiryOn(property);

        await("delivered after the resume")
                .atMost(ANNOUNCED)
                .until(() -> receiver.bodies("/revived").contains(afterResume.payload()));
        await("hook.recovered").atMost(ANNOUNCED).until(() -> topic.types(hook).contains("hook.recovered"));
        assertThat(data.findings(hookId).disabledAt())
                .as("kept: the resume, later, lifts it")
                .isNotNull();
        assertThat(topic.types(hook)).containsExactly("hook.disabled", "hook.recovered");
    }

    /** The six days of failures before (WEBHOOK_DISABLE_AFTER, default 5d, here too), as the attempt log left them; their start. */
    private OffsetDateTime failedForSixDays(UUID hookId) {
        OffsetDateTime firstFailure = OffsetDateTime.now().minusDays(6).withNano(123_456_000);
        jdbc.sql("""
                        insert into subscription_health (subscription_id, consecutive_failures, first_failure_at, failing_since,
                                                         last_attempt_at, last_outcome, last_http_status)
                        values (:hook, 120, :first, :first + interval '1 hour', now() - interval '1 hour', 'abandoned', 503)
                        """).param("hook", hookId).param("first", firstFailure).update();
        return firstFailure;
    }

    @Test
    void aHookThatFailsFewerTimesThanTheThresholdIsNotFailing() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        String hook = data.subscribe(
                        owner,
                        receiver.url(
                                "/blip",
                                WebhookReceiver.Answer.status(502),
                                WebhookReceiver.Answer.status(502),
                                WebhookReceiver.Answer.status(502),
                                WebhookReceiver.Answer.ok()),
                        property)
                .toString();

        events.enquiryOn(property);

        await().atMost(ANNOUNCED).until(() -> receiver.requests("/blip").size() == 4);
        await().atMost(ANNOUNCED)
                .until(() -> data.attempts(UUID.fromString(hook)).size() == 4);
        quietly();
        assertThat(topic.types(hook)).isEmpty();
        assertThat(health(hook)).as("Active in the portal").isEqualTo(new Health(false, DeliveryOutcome.SUCCEEDED));
    }

    /** Every record of the hook: headers, field names in order, and values as the document's schema of its type says. */
    private void assertRecordsAsDocumented(String hook) {
        List<String> eventIds = new ArrayList<>();
        for (OperationalTopicReader.Event event : topic.of(hook)) {
            JsonNode message = documentedMessage(event.type());
            String schema = message.get("payload").get("$ref").asString().substring("#/components/schemas/".length());
            assertThat(CONTRACT.violations(schema, event.value()))
                    .as(event.type() + " " + event.value())
                    .isEmpty();
            assertThat(List.copyOf(event.value().propertyNames()))
                    .as("fields in the documented order")
                    .containsExactlyElementsOf(
                            CONTRACT.schema(schema).get("properties").propertyNames());
            String headers = message.get("headers").get("$ref").asString().substring("#/components/schemas/".length());
            assertThat(CONTRACT.violations(headers, JSON.valueToTree(event.headers())))
                    .isEmpty();
            assertThat(event.headers().keySet())
                    .containsExactlyInAnyOrderElementsOf(
                            CONTRACT.schema(headers).get("properties").propertyNames());
            assertThat(event.headers().get("event-id"))
                    .isEqualTo(event.value().get("event_id").asString());
            assertThat(event.headers().get("event-type")).isEqualTo(event.type());
            assertThat(event.key()).isEqualTo(event.value().get("hook_id").asString());
            assertThat(OffsetDateTime.parse(event.value().get("occurred_at").asString()))
                    .isNotNull();
            eventIds.add(event.value().get("event_id").asString());
        }
        assertThat(eventIds).doesNotHaveDuplicates();
        assertThat(CONTRACT.address("webhookOperational")).isEqualTo(OperationalTopic.NAME);
    }

    /**
     * The hook's {@code type} record carries the enquiry's trace ({@code relay}, the trace its event was
     * published in): its send, under an {@code operational event published} span, under the fourth
     * and last attempt, which decided it.
     */
    private void assertPublishedUnderTheLastAttempt(String hook, String type, String relay) {
        String traceparent = topic.of(hook).stream()
                .filter(event -> event.type().equals(type))
                .findFirst()
                .orElseThrow()
                .headers()
                .get(OperationalTopic.TRACEPARENT_HEADER);
        assertThat(traceparent).as(type + "'s traceparent header").isNotNull();
        assertThat(traceparent.split("-")[1])
                .as(type + " in the enquiry's trace")
                .isEqualTo(relay.split("-")[1]);
        SpanData send = spans.awaitSpan(
                relay, span -> span.getSpanId().equals(traceparent.split("-")[2]));
        SpanData published = spans.awaitSpan(relay, span -> span.getSpanId().equals(send.getParentSpanId()));
        assertThat(published.getName()).isEqualTo("operational event published");
        SpanData attempt = spans.awaitSpan(relay, span -> span.getSpanId().equals(published.getParentSpanId()));
        assertThat(attempt.getName()).isEqualTo("webhook delivery");
        assertThat(attempt.getAttributes().get(AttributeKey.stringKey("webhook.attempt")))
                .isEqualTo("4");
    }

    private static final tools.jackson.databind.json.JsonMapper JSON =
            tools.jackson.databind.json.JsonMapper.builder().build();

    private static JsonNode documentedMessage(String type) {
        JsonNode messages = CONTRACT.root().get("components").get("messages");
        return messages.propertyNames().stream()
                .map(messages::get)
                .filter(message -> type.equals(message.get("name").asString()))
                .findFirst()
                .orElseThrow(() -> new AssertionError("docs/asyncapi.json documents no message " + type));
    }

    private JsonNode only(String hook, String type) {
        List<JsonNode> found = topic.of(hook).stream()
                .filter(event -> event.type().equals(type))
                .map(OperationalTopicReader.Event::value)
                .toList();
        assertThat(found).as(type).hasSize(1);
        return found.getFirst();
    }

    /**
     * What the dispatcher stored of the hook's health, from which api-service derives the portal's
     * status: Failed while failing or after a failed latest attempt, else Active (when not paused).
     */
    private record Health(boolean failing, DeliveryOutcome latest) {}

    private Health health(String hook) {
        return jdbc.sql("""
                        select h.failing_since is not null as failing, h.last_outcome as latest
                          from webhook_subscriptions s left join subscription_health h on h.subscription_id = s.id
                         where s.id = :id
                        """)
                .param("id", UUID.fromString(hook))
                .query((rs, n) -> new Health(
                        rs.getBoolean("failing"),
                        rs.getString("latest") == null ? null : DeliveryOutcome.of(rs.getString("latest"))))
                .single();
    }

    /** Long enough for a duplicate to show up: several polls of the outbox. */
    private static void quietly() {
        try {
            Thread.sleep(QUIET.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
