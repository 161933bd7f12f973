package com.holidaylistings.integration.dispatcher.intake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.dispatcher.DispatcherIntegrationTest;
import com.holidaylistings.integration.dispatcher.Events;
import com.holidaylistings.integration.dispatcher.TestData;
import com.holidaylistings.integration.dispatcher.records.DeliveryRecords;
import com.holidaylistings.integration.dispatcher.records.DeliveryTask;
import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.kafka.core.KafkaTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * The same enquiry.created record published again (as a relay does after a crash), and the same
 * delivery record put on webhook.deliveries twice: delivered once. A delivery has one row, named by
 * its webhook-id, and a copy of a record whose attempt was made (or is under way here) is passed over.
 */
class DuplicatesIT extends DispatcherIntegrationTest {

    private static final Duration DONE = Duration.ofSeconds(30);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Autowired
    private KafkaTemplate<String, String> kafka;

    @Autowired
    private DeliveryRecords records;

    @Test
    void deliversARecordPublishedAgainLaterOnlyOnce() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID subscription = data.subscribe(owner, receiver.url("/hook", WebhookReceiver.Answer.ok()), null);
        Events.Published event = events.enquiryOn(property);
        await().atMost(DONE)
                .until(() -> data.attempts(subscription, event.enquiryId()).size() == 1);

        events.publishAgain(event);

        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(receiver.bodies("/hook")).containsExactly(event.payload());
            assertThat(data.attempts(subscription, event.enquiryId()))
                    .extracting(TestData.Attempt::outcome)
                    .containsExactly("succeeded");
        });
        TestData.Delivery delivery =
                data.delivery(subscription, event.enquiryId()).orElseThrow();
        assertThat(delivery.status()).isEqualTo("succeeded");
        assertThat(delivery.attempts()).isOne();
        assertThat(delivery.webhookId())
                .isEqualTo(receiver.requests("/hook").getFirst().header("webhook-id"))
                .as("the database names it as the dispatcher does")
                .isEqualTo(jdbc.sql("select webhook_id(:event, :subscription)")
                        .param("event", UUID.fromString(event.eventId()))
                        .param("subscription", subscription)
                        .query(String.class)
                        .single());
        assertThat(data.storedPayloads(UUID.fromString(event.eventId())))
                .as("the payload, stored once")
                .hasSize(1);
    }

    @Test
    void deliversARecordPublishedTwiceInARowOnlyOnce() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        data.subscribe(owner, receiver.url("/hook", WebhookReceiver.Answer.ok()), null);

        Events.Published event = events.enquiryOn(property);
        events.publishAgain(event);

        // The two copies name one delivery; whichever comes second finds its attempt under way or made.
        await().atMost(DONE).until(() -> !receiver.requests("/hook").isEmpty());
        await().during(Duration.ofSeconds(3))
                .atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(receiver.bodies("/hook")).containsExactly(event.payload()));
    }

    @Test
    void deliversADeliveryRecordPutOnTheTopicTwiceOnlyOnce() throws Exception {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        // Slow enough for the second copy to arrive while the first one's attempt is under way.
        UUID subscription = data.subscribe(
                owner, receiver.url("/slow", WebhookReceiver.Answer.ok().after(Duration.ofMillis(500))), null);
        EnquiryCreated enquiry = Events.anEnquiryOn(property);
        String payload = JSON.writeValueAsString(enquiry);
        String webhookId = data.insertDelivery(
                owner,
                subscription,
                UUID.randomUUID(),
                enquiry.enquiryId(),
                enquiry.sentAt(),
                payload,
                "pending",
                0,
                1,
                Instant.now(),
                null);
        DeliveryTask task = new DeliveryTask(
                webhookId, enquiry.sentAt(), SubscriptionId.of(subscription), OwnerId.of(owner.id()), 0);

        kafka.send(records.dueNow(task, 1)).get(30, TimeUnit.SECONDS);
        kafka.send(records.dueNow(task, 1)).get(30, TimeUnit.SECONDS);

        await().atMost(DONE).until(() -> "succeeded".equals(data.deliveryStatus(subscription, enquiry.enquiryId())));
        // and once more after the first was delivered: a copy of an attempt made
        kafka.send(records.dueNow(task, 1)).get(30, TimeUnit.SECONDS);
        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(receiver.bodies("/slow")).containsExactly(payload);
            assertThat(data.attempts(subscription, enquiry.enquiryId()))
                    .extracting(TestData.Attempt::attempt, TestData.Attempt::outcome)
                    .containsExactly(tuple(1, "succeeded"));
        });
        assertThat(data.delivery(subscription, enquiry.enquiryId()))
                .get()
                .extracting(TestData.Delivery::status, TestData.Delivery::attempts)
                .containsExactly("succeeded", 1);
    }

    @Test
    void deliversAnEventFannedOutTwiceWhileItsFirstAttemptIsUnderWayOnlyOnce() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID subscription = data.subscribe(
                owner, receiver.url("/slow", WebhookReceiver.Answer.ok().after(Duration.ofMillis(800))), null);
        Events.Published event = events.enquiryOn(property);
        await().atMost(DONE).pollInterval(Duration.ofMillis(20)).until(() -> receiver.inFlight() == 1);

        events.publishAgain(event);

        await().atMost(DONE).until(() -> "succeeded".equals(data.deliveryStatus(subscription, event.enquiryId())));
        await().during(Duration.ofSeconds(4)).atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(receiver.bodies("/slow")).containsExactly(event.payload());
            assertThat(data.attempts(subscription, event.enquiryId())).hasSize(1);
        });
    }
}
