package com.holidaylistings.integration.dispatcher.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.dispatcher.DispatcherIntegrationTest;
import com.holidaylistings.integration.dispatcher.Events;
import com.holidaylistings.integration.dispatcher.TestData;
import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.command.DeliveryCommand;
import com.holidaylistings.integration.events.delivery.EnquiryId;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import com.holidaylistings.integration.events.delivery.WebhookIds;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.kafka.core.KafkaTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * The owners' requests as the dispatcher receives them from api-service through the outbox and the
 * relay: records on {@code delivery.commands}, applied here alone, each command once.
 */
class DeliveryCommandsIT extends DispatcherIntegrationTest {

    private static final Duration DONE = Duration.ofSeconds(60);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Autowired
    private KafkaTemplate<String, String> kafka;

    @Test
    void sendsATestEventMarkedTestWithTheWebhookIdTheAnswerNamed() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID hook = data.subscribe(owner, receiver.url("/test-event", WebhookReceiver.Answer.ok()), null);
        UUID eventId = UUID.randomUUID();
        EnquiryCreated sample = Events.anEnquiryOn(property);

        send(new DeliveryCommand.TestEvent(
                UUID.randomUUID(),
                Instant.now(),
                "req-test",
                OwnerId.of(owner.id()),
                SubscriptionId.of(hook),
                eventId,
                sample));

        await().atMost(DONE).until(() -> receiver.requests("/test-event").size() == 1);
        assertThat(receiver.requests("/test-event").get(0).header("webhook-id"))
                .isEqualTo(WebhookIds.of(eventId, SubscriptionId.of(hook)));
        assertThat(receiver.requests("/test-event").get(0).header("webhook-test"))
                .isEqualTo("true");
        assertThat(receiver.bodies("/test-event")).containsExactly(Events.payloadOf(sample));
        assertThat(jdbc.sql("select test from deliveries where subscription_id = :hook")
                        .param("hook", hook)
                        .query(Boolean.class)
                        .single())
                .isTrue();
    }

    @Test
    void redeliversADeliveredEventOnceHoweverOftenItsCommandIsRead() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID hook = data.subscribe(owner, receiver.url("/again", WebhookReceiver.Answer.ok()), null);
        Events.Published event = events.enquiryOn(property);
        await().atMost(DONE).until(() -> "succeeded".equals(data.deliveryStatus(hook, event.enquiryId())));
        TestData.Delivery delivered = data.delivery(hook, event.enquiryId()).orElseThrow();
        DeliveryCommand redeliver = new DeliveryCommand.Redeliver(
                UUID.randomUUID(),
                Instant.now(),
                "req-redeliver",
                OwnerId.of(owner.id()),
                SubscriptionId.of(hook),
                delivered.eventId(),
                EnquiryId.of(event.enquiryId()),
                delivered.submittedAt(),
                null);

        send(redeliver);
        send(redeliver); // relayed twice

        await().atMost(DONE).until(() -> receiver.requests("/again").size() == 2);
        assertThat(receiver.requests("/again")).allSatisfy(request -> {
            assertThat(request.header("webhook-id")).isEqualTo(delivered.webhookId());
            assertThat(request.body()).isEqualTo(event.payload());
        });
        await().atMost(DONE)
                .untilAsserted(() -> assertThat(data.attempts(hook, event.enquiryId()))
                        .extracting(TestData.Attempt::attempt, TestData.Attempt::outcome)
                        .containsExactly(tuple(1, "succeeded"), tuple(2, "succeeded")));
        assertThat(data.delivery(hook, event.enquiryId()).orElseThrow().requestId())
                .isEqualTo("req-redeliver");
        await().during(Duration.ofSeconds(4))
                .atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(receiver.requests("/again")).hasSize(2));
    }

    @Test
    void startsNoSecondChainForARedeliverOfADeliveryInProgress() {
        TestData.Owner owner = data.owner();
        UUID hook = data.subscribe(owner, receiver.url("/in-progress", WebhookReceiver.Answer.ok()), null);
        UUID eventId = UUID.randomUUID();
        UUID enquiry = UUID.randomUUID();
        Instant submittedAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
        Instant retryAt = Instant.now().plus(Duration.ofHours(1)).truncatedTo(ChronoUnit.MICROS);
        // failed once, its retry due in an hour
        data.insertDelivery(
                owner,
                hook,
                eventId,
                enquiry,
                submittedAt,
                Events.payloadOf(Events.anEnquiryOn(UUID.randomUUID())),
                "pending",
                1,
                2,
                retryAt,
                null);

        send(new DeliveryCommand.Redeliver(
                UUID.randomUUID(),
                Instant.now(),
                "req-in-progress",
                OwnerId.of(owner.id()),
                SubscriptionId.of(hook),
                eventId,
                EnquiryId.of(enquiry),
                submittedAt,
                null));

        await().atMost(DONE)
                .until(() -> "req-in-progress"
                        .equals(data.delivery(hook, enquiry).orElseThrow().requestId()));
        TestData.Delivery marked = data.delivery(hook, enquiry).orElseThrow();
        assertThat(marked.status()).isEqualTo("pending");
        assertThat(marked.stage()).isEqualTo(2);
        assertThat(marked.nextAttemptAt()).isEqualTo(retryAt);
        assertThat(marked.requestedAt()).isNotNull();
        await().during(Duration.ofSeconds(3))
                .atMost(Duration.ofSeconds(10))
                .untilAsserted(
                        () -> assertThat(receiver.requests("/in-progress")).isEmpty());
    }

    @Test
    void recoversAnAbandonedDeliveryAndAnEventNeverFannedOutButNotADeliveredOne() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID hook = data.subscribe(owner, receiver.url("/recovered", WebhookReceiver.Answer.ok()), null);
        EnquiryCreated abandoned = Events.anEnquiryOn(property);
        UUID abandonedEvent = UUID.randomUUID();
        data.insertDelivery(
                owner,
                hook,
                abandonedEvent,
                abandoned.enquiryId(),
                abandoned.sentAt(),
                Events.payloadOf(abandoned),
                "abandoned",
                4,
                4,
                null,
                null);
        EnquiryCreated delivered = Events.anEnquiryOn(property);
        UUID deliveredEvent = UUID.randomUUID();
        data.insertDelivery(
                owner,
                hook,
                deliveredEvent,
                delivered.enquiryId(),
                delivered.sentAt(),
                Events.payloadOf(delivered),
                "succeeded",
                1,
                1,
                null,
                null);
        EnquiryCreated neverFannedOut = Events.anEnquiryOn(property);
        UUID neverFannedOutEvent = UUID.randomUUID();

        send(recover(owner, hook, abandonedEvent, abandoned, null));
        send(recover(owner, hook, deliveredEvent, delivered, null));
        send(recover(owner, hook, neverFannedOutEvent, neverFannedOut, neverFannedOut));

        await().atMost(DONE).until(() -> receiver.requests("/recovered").size() == 2);
        assertThat(receiver.bodies("/recovered"))
                .containsExactlyInAnyOrder(Events.payloadOf(abandoned), Events.payloadOf(neverFannedOut));
        assertThat(receiver.requests("/recovered"))
                .extracting(request -> request.header("webhook-id"))
                .containsExactlyInAnyOrder(
                        WebhookIds.of(abandonedEvent, SubscriptionId.of(hook)),
                        WebhookIds.of(neverFannedOutEvent, SubscriptionId.of(hook)));
        await().atMost(DONE).until(() -> "succeeded".equals(data.deliveryStatus(hook, abandoned.enquiryId())));
        await().atMost(DONE).until(() -> "succeeded".equals(data.deliveryStatus(hook, neverFannedOut.enquiryId())));
        assertThat(data.storedPayloads(neverFannedOutEvent)).containsExactly(Events.payloadOf(neverFannedOut));
        assertThat(data.delivery(hook, delivered.enquiryId()))
                .get()
                .extracting(TestData.Delivery::attempts, TestData.Delivery::requestedAt)
                .containsExactly(1, null);
        await().during(Duration.ofSeconds(3))
                .atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(receiver.requests("/recovered")).hasSize(2));
    }

    @Test
    void replaysOnlyTheDeadLettersAbandonedByTheTimeItWasAskedFor() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID hook = data.subscribe(owner, receiver.url("/replayed", WebhookReceiver.Answer.ok()), null);
        EnquiryCreated before = Events.anEnquiryOn(property);
        data.insertDelivery(
                owner,
                hook,
                UUID.randomUUID(),
                before.enquiryId(),
                before.sentAt(),
                Events.payloadOf(before),
                "abandoned",
                4,
                4,
                null,
                null);
        EnquiryCreated after = Events.anEnquiryOn(property);
        data.insertDelivery(
                owner,
                hook,
                UUID.randomUUID(),
                after.enquiryId(),
                after.sentAt(),
                Events.payloadOf(after),
                "abandoned",
                4,
                4,
                null,
                null);
        Instant requestedAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
        // the second was abandoned after the replay was answered
        jdbc.sql("update deliveries set updated_at = :later where subscription_id = :hook and enquiry_id = :enquiry")
                .param("later", requestedAt.plusSeconds(60).atOffset(ZoneOffset.UTC))
                .param("hook", hook)
                .param("enquiry", after.enquiryId())
                .update();
        DeliveryCommand replay = new DeliveryCommand.ReplayDeadLetters(
                UUID.randomUUID(), requestedAt, "req-replay", null, SubscriptionId.of(hook), null);

        send(replay);
        send(replay);

        await().atMost(DONE).until(() -> receiver.requests("/replayed").size() == 1);
        assertThat(receiver.bodies("/replayed")).containsExactly(Events.payloadOf(before));
        await().atMost(DONE).until(() -> "succeeded".equals(data.deliveryStatus(hook, before.enquiryId())));
        assertThat(data.delivery(hook, before.enquiryId()).orElseThrow().requestId())
                .isEqualTo("req-replay");
        assertThat(data.deliveryStatus(hook, after.enquiryId())).isEqualTo("abandoned");
        await().during(Duration.ofSeconds(3))
                .atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(receiver.requests("/replayed")).hasSize(1));
    }

    @Test
    void releasesTheHooksDeliveriesWaitingForTheOldRatesStartsOnceAndNoOthers() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID hook = data.subscribe(owner, receiver.url("/rethrottled", WebhookReceiver.Answer.ok()), null);
        UUID otherHook = data.subscribe(owner, receiver.url("/other-hook", WebhookReceiver.Answer.ok()), null);
        data.setThrottle(hook, 50);
        data.setThrottle(otherHook, 1);
        Instant requestedAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
        Instant anHourOn = requestedAt.plus(Duration.ofHours(1)); // a backlog reserved at the old rate
        TestData.ThrottledWait reserved = new TestData.ThrottledWait(anHourOn, anHourOn);
        EnquiryCreated backlog = Events.anEnquiryOn(property);
        String released = throttledWait(owner, hook, backlog, anHourOn, requestedAt.minusSeconds(5));
        String reservedAfter =
                throttledWait(owner, hook, Events.anEnquiryOn(property), anHourOn, requestedAt.plusSeconds(60));
        String otherHooks =
                throttledWait(owner, otherHook, Events.anEnquiryOn(property), anHourOn, requestedAt.minusSeconds(5));
        DeliveryCommand change = new DeliveryCommand.ThrottleChanged(
                UUID.randomUUID(), requestedAt, "req-throttle", OwnerId.of(owner.id()), SubscriptionId.of(hook), 50);

        send(change);

        await().atMost(DONE).until(() -> receiver.requests("/rethrottled").size() == 1);
        assertThat(receiver.bodies("/rethrottled"))
                .as("due now, not in an hour")
                .containsExactly(Events.payloadOf(backlog));
        await().atMost(DONE).until(() -> "succeeded".equals(data.deliveryStatusOf(released)));
        assertThat(data.throttledWait(released).throttledUntil())
                .as("its start asked of the new rate")
                .isNull();
        assertThat(data.throttledWait(reservedAfter))
                .as("reserved after the change: at the new rate")
                .isEqualTo(reserved);
        assertThat(data.throttledWait(otherHooks)).as("another hook's").isEqualTo(reserved);

        // The same command read again, then a test event behind it on the hook's partition.
        String stillReserved =
                throttledWait(owner, hook, Events.anEnquiryOn(property), anHourOn, requestedAt.minusSeconds(5));
        send(change);
        send(new DeliveryCommand.TestEvent(
                UUID.randomUUID(),
                Instant.now(),
                "req-after-throttle",
                OwnerId.of(owner.id()),
                SubscriptionId.of(hook),
                UUID.randomUUID(),
                Events.anEnquiryOn(property)));

        await().atMost(DONE).until(() -> receiver.requests("/rethrottled").size() == 2);
        assertThat(receiver.requests("/rethrottled").get(1).header("webhook-test"))
                .isEqualTo("true");
        assertThat(data.throttledWait(stillReserved))
                .as("a duplicate changes nothing")
                .isEqualTo(reserved);
        assertThat(data.deliveryStatusOf(stillReserved)).isEqualTo("waiting");
        assertThat(receiver.requests("/other-hook")).isEmpty();
    }

    @Test
    void passesOverACommandItCannotReadAndAppliesTheNext() {
        TestData.Owner owner = data.owner();
        UUID hook = data.subscribe(owner, receiver.url("/after-garbage", WebhookReceiver.Answer.ok()), null);
        kafka.send(
                DeliveryCommand.TOPIC, hook.toString(), "{\"type\":\"delivery.test\",\"command_id\":\"not-a-uuid\"}");
        kafka.send(DeliveryCommand.TOPIC, hook.toString(), "not json at all");

        send(new DeliveryCommand.TestEvent(
                UUID.randomUUID(),
                Instant.now(),
                "req-after",
                OwnerId.of(owner.id()),
                SubscriptionId.of(hook),
                UUID.randomUUID(),
                Events.anEnquiryOn(UUID.randomUUID())));

        await().atMost(DONE).until(() -> receiver.requests("/after-garbage").size() == 1);
    }

    private static DeliveryCommand recover(
            TestData.Owner owner, UUID hook, UUID eventId, EnquiryCreated of, EnquiryCreated carried) {
        return new DeliveryCommand.Recover(
                UUID.randomUUID(),
                Instant.now(),
                "req-recover",
                OwnerId.of(owner.id()),
                SubscriptionId.of(hook),
                eventId,
                EnquiryId.of(of.enquiryId()),
                of.sentAt(),
                carried);
    }

    /** The event's delivery to the hook waiting for the start {@code startAt} its throttle reserved at {@code reservedAt}. */
    private String throttledWait(
            TestData.Owner owner, UUID hook, EnquiryCreated event, Instant startAt, Instant reservedAt) {
        String webhookId = data.insertDelivery(
                owner,
                hook,
                UUID.randomUUID(),
                event.enquiryId(),
                event.sentAt(),
                Events.payloadOf(event),
                "waiting",
                0,
                1,
                startAt,
                null);
        data.reservedStart(webhookId, startAt, reservedAt);
        return webhookId;
    }

    private void send(DeliveryCommand command) {
        kafka.send(
                        DeliveryCommand.TOPIC,
                        command.key().toString(),
                        JSON.writerFor(DeliveryCommand.class).writeValueAsString(command))
                .join();
    }
}
