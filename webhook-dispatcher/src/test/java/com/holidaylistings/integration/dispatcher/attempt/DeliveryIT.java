package com.holidaylistings.integration.dispatcher.attempt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.dispatcher.DispatcherIntegrationTest;
import com.holidaylistings.integration.dispatcher.Events;
import com.holidaylistings.integration.dispatcher.TestData;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class DeliveryIT extends DispatcherIntegrationTest {

    @Test
    void deliversTheEventToASubscriberAndRecordsTheAttempt() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID subscription = data.subscribe(owner, receiver.url("/hook", WebhookReceiver.Answer.ok()), null);

        Events.Published event = events.enquiryOn(property);

        await().atMost(Duration.ofSeconds(30))
                .until(() -> receiver.requests("/hook").size() == 1);
        assertThat(receiver.requests("/hook").get(0).body()).isEqualTo(event.payload());
        await().atMost(Duration.ofSeconds(30))
                .until(() -> data.attempts(subscription, event.enquiryId()).size() == 1);
        assertThat(data.attempts(subscription, event.enquiryId()).get(0).outcome())
                .isEqualTo("succeeded");
        await().atMost(Duration.ofSeconds(30))
                .until(() -> "succeeded".equals(data.deliveryStatus(subscription, event.enquiryId())));
        TestData.Delivery delivery =
                data.delivery(subscription, event.enquiryId()).orElseThrow();
        assertThat(delivery.webhookId())
                .isEqualTo(receiver.requests("/hook").get(0).header("webhook-id"));
        assertThat(delivery.attempts()).isOne();
        assertThat(delivery.requestId())
                .as("the intake request's id, for the logs of every attempt")
                .isEqualTo(event.requestId());
        assertThat(data.storedPayloads(delivery.eventId())).containsExactly(event.payload());
        assertThat(data.health(subscription))
                .get()
                .extracting(
                        TestData.Health::consecutiveFailures,
                        TestData.Health::lastOutcome,
                        TestData.Health::lastHttpStatus)
                .containsExactly(0, "succeeded", 200);
    }

    @Test
    void retriesAfterEachScheduledDelayThenAbandons() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID subscription = data.subscribe(owner, receiver.url("/failing", WebhookReceiver.Answer.status(500)), null);

        Events.Published event = events.enquiryOn(property);

        await().atMost(Duration.ofSeconds(60))
                .until(() -> data.attempts(subscription, event.enquiryId()).size() == 4);
        assertThat(data.attempts(subscription, event.enquiryId()))
                .extracting(TestData.Attempt::attempt, TestData.Attempt::outcome)
                .containsExactly(tuple(1, "failed"), tuple(2, "failed"), tuple(3, "failed"), tuple(4, "abandoned"));
        await().atMost(Duration.ofSeconds(30))
                .until(() -> "abandoned".equals(data.deliveryStatus(subscription, event.enquiryId())));
        assertThat(data.delivery(subscription, event.enquiryId()).orElseThrow().attempts())
                .isEqualTo(4);
        assertThat(data.health(subscription))
                .get()
                .extracting(TestData.Health::consecutiveFailures, TestData.Health::lastOutcome)
                .containsExactly(4, "abandoned");
    }
}
