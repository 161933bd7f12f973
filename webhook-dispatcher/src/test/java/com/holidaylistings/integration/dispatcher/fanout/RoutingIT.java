package com.holidaylistings.integration.dispatcher.fanout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.dispatcher.DispatcherIntegrationTest;
import com.holidaylistings.integration.dispatcher.Events;
import com.holidaylistings.integration.dispatcher.TestData;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import com.holidaylistings.integration.events.delivery.WebhookIds;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Which subscriptions an event goes to: one delivery to each live, matching subscription, and none to any other. */
class RoutingIT extends DispatcherIntegrationTest {

    private static final Duration DELIVERED = Duration.ofSeconds(30);
    private static final Duration NOTHING_MORE = Duration.ofSeconds(3);

    @Test
    void deliversToTheOwnersMatchingSubscriptionsOnly() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID otherProperty = data.property(owner);
        TestData.Owner otherOwner = data.owner();
        data.property(otherOwner);
        UUID allProperties = data.subscribe(owner, receiver.url("/all", WebhookReceiver.Answer.ok()), null);
        UUID thisProperty = data.subscribe(owner, receiver.url("/this", WebhookReceiver.Answer.ok()), property);
        UUID thatProperty = data.subscribe(owner, receiver.url("/that", WebhookReceiver.Answer.ok()), otherProperty);
        UUID otherOwners = data.subscribe(otherOwner, receiver.url("/other-owner", WebhookReceiver.Answer.ok()), null);
        UUID paused = data.subscribe(owner, receiver.url("/paused", WebhookReceiver.Answer.ok()), null);
        data.setPaused(paused, true);
        UUID deleted = data.subscribe(owner, receiver.url("/deleted", WebhookReceiver.Answer.ok()), null);
        data.unsubscribe(deleted);

        Events.Published event = events.enquiryOn(property);

        await().atMost(DELIVERED)
                .until(() -> receiver.requests("/all").size() == 1
                        && receiver.requests("/this").size() == 1);
        await().during(NOTHING_MORE).atMost(NOTHING_MORE.plusSeconds(5)).untilAsserted(() -> {
            assertThat(receiver.bodies("/all")).containsExactly(event.payload());
            assertThat(receiver.bodies("/this")).containsExactly(event.payload());
            assertThat(receiver.requests("/that")).isEmpty();
            assertThat(receiver.requests("/other-owner")).isEmpty();
            assertThat(receiver.requests("/paused")).isEmpty();
            assertThat(receiver.requests("/deleted")).isEmpty();
        });
        assertThat(data.attempts(allProperties, event.enquiryId()))
                .extracting(TestData.Attempt::outcome)
                .containsExactly("succeeded");
        assertThat(data.attempts(thisProperty, event.enquiryId()))
                .extracting(TestData.Attempt::outcome)
                .containsExactly("succeeded");
        for (UUID none : new UUID[] {thatProperty, otherOwners, paused, deleted}) {
            assertThat(data.attempts(none, event.enquiryId())).isEmpty();
            assertThat(data.delivery(none, event.enquiryId())).isEmpty();
        }
        assertThat(data.delivery(allProperties, event.enquiryId()))
                .get()
                .extracting(TestData.Delivery::webhookId)
                .isEqualTo(webhookId(event, allProperties));
        assertThat(data.storedPayloads(UUID.fromString(event.eventId())))
                .as("once for both deliveries")
                .containsExactly(event.payload());
    }

    @Test
    void deliversAnEventOnTheOtherPropertyToItsFilterAndToAllProperties() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID otherProperty = data.property(owner);
        data.subscribe(owner, receiver.url("/all", WebhookReceiver.Answer.ok()), null);
        data.subscribe(owner, receiver.url("/this", WebhookReceiver.Answer.ok()), property);
        data.subscribe(owner, receiver.url("/that", WebhookReceiver.Answer.ok()), otherProperty);

        Events.Published event = events.enquiryOn(otherProperty);

        await().atMost(DELIVERED)
                .until(() -> receiver.requests("/all").size() == 1
                        && receiver.requests("/that").size() == 1);
        await().during(NOTHING_MORE).atMost(NOTHING_MORE.plusSeconds(5)).untilAsserted(() -> {
            assertThat(receiver.bodies("/all")).containsExactly(event.payload());
            assertThat(receiver.bodies("/that")).containsExactly(event.payload());
            assertThat(receiver.requests("/this")).isEmpty();
        });
    }

    @Test
    void deliversOncePerSubscriptionEvenToTheSameUrl() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        String url = receiver.url("/shared", WebhookReceiver.Answer.ok());
        UUID allProperties = data.subscribe(owner, url, null);
        UUID thisProperty = data.subscribe(owner, url, property);

        Events.Published event = events.enquiryOn(property);

        await().atMost(DELIVERED).until(() -> receiver.requests("/shared").size() == 2);
        await().during(NOTHING_MORE)
                .atMost(NOTHING_MORE.plusSeconds(5))
                .until(() -> receiver.requests("/shared").size() == 2);
        assertThat(receiver.bodies("/shared")).containsExactly(event.payload(), event.payload());
        assertThat(receiver.requests("/shared"))
                .extracting(request -> request.header("webhook-id"))
                .containsExactlyInAnyOrder(webhookId(event, allProperties), webhookId(event, thisProperty));
        assertThat(data.attempts(allProperties, event.enquiryId()))
                .extracting(TestData.Attempt::outcome)
                .containsExactly("succeeded");
        assertThat(data.attempts(thisProperty, event.enquiryId()))
                .extracting(TestData.Attempt::outcome)
                .containsExactly("succeeded");
    }

    @Test
    void passesOverAnUnreadableEventAndFansOutTheOthersOfItsBatch() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID otherProperty = data.property(owner);
        data.subscribe(owner, receiver.url("/batch-all", WebhookReceiver.Answer.ok()), null);
        data.subscribe(owner, receiver.url("/batch-that", WebhookReceiver.Answer.ok()), otherProperty);

        events.publish(
                UUID.randomUUID(), UUID.randomUUID().toString(), "{\"event\":\"enquiry.created\",\"enquiry_id\":");
        events.publish(UUID.randomUUID(), UUID.randomUUID().toString(), "{\"event\":\"something.else\"}");
        java.util.List<Events.Published> published = new java.util.ArrayList<>();
        for (int i = 0; i < 20; i++) {
            published.add(events.enquiryOn(i % 2 == 0 ? property : otherProperty));
        }

        await().atMost(DELIVERED)
                .until(() -> receiver.requests("/batch-all").size() == 20
                        && receiver.requests("/batch-that").size() == 10);
        assertThat(receiver.bodies("/batch-all"))
                .containsExactlyInAnyOrderElementsOf(
                        published.stream().map(Events.Published::payload).toList());
        assertThat(receiver.bodies("/batch-that"))
                .containsExactlyInAnyOrderElementsOf(published.stream()
                        .filter(event -> event.payload().contains(otherProperty.toString()))
                        .map(Events.Published::payload)
                        .toList());
    }

    private static String webhookId(Events.Published event, UUID subscription) {
        return WebhookIds.of(UUID.fromString(event.eventId()), SubscriptionId.of(subscription));
    }
}
