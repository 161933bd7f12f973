package com.holidaylistings.integration.dispatcher.attempt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.dispatcher.DispatcherIntegrationTest;
import com.holidaylistings.integration.dispatcher.Events;
import com.holidaylistings.integration.dispatcher.TestData;
import com.holidaylistings.integration.events.command.DeliveryCommand;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import com.holidaylistings.integration.signing.receiver.WebhookDelivery;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.kafka.core.KafkaTemplate;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * What the dispatcher keeps and does for the owners' debugging tools, end to end with real
 * receivers: the request as sent and the answer as received, test events, the counts behind the
 * statistics, and a hook's throttle.
 */
class OwnerToolsIT extends DispatcherIntegrationTest {

    private static final Duration DELIVERED = Duration.ofSeconds(30);
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final TypeReference<Map<String, String>> HEADERS = new TypeReference<>() {};

    @Autowired
    private KafkaTemplate<String, String> kafka;

    @Test
    void keepsTheRequestAsSentAndWhatAFailingReceiverAnswered() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID hook = data.subscribe(
                owner,
                receiver.url(
                        "/broken",
                        WebhookReceiver.Answer.status(500)
                                .with("X-Request-Trace", "trace-42")
                                .withBody("{\"error\":\"our database is down\"}")),
                null);

        Events.Published event = events.enquiryOn(property);

        await().atMost(DELIVERED).until(() -> !receiver.requests("/broken").isEmpty());
        WebhookDelivery received = receiver.requests("/broken").get(0);
        await().atMost(DELIVERED)
                .until(() -> !data.attemptDetails(received.webhookId()).isEmpty());
        TestData.AttemptDetail attempt =
                data.attemptDetails(received.webhookId()).get(0);
        assertThat(attempt.outcome()).isEqualTo("failed");
        assertThat(attempt.httpStatus()).isEqualTo(500);
        assertThat(attempt.test()).isFalse();
        assertThat(attempt.responseBody()).isEqualTo("{\"error\":\"our database is down\"}");
        assertThat(attempt.responseTruncated()).isFalse();
        assertThat(JSON.readValue(attempt.responseHeaders(), HEADERS)).containsEntry("x-request-trace", "trace-42");
        Map<String, String> sent = JSON.readValue(attempt.requestHeaders(), HEADERS);
        assertThat(sent)
                .as("the headers the receiver got, signature included")
                .containsEntry("webhook-id", received.webhookId())
                .containsEntry("webhook-timestamp", received.header("webhook-timestamp"))
                .containsEntry("webhook-signature", received.header("webhook-signature"))
                .containsEntry("content-type", received.header("content-type"))
                .containsEntry("user-agent", received.header("user-agent"))
                .doesNotContainKey("webhook-test");
        assertThat(attempt.payload())
                .as("the body, found through the delivery")
                .isEqualTo(received.body())
                .isEqualTo(event.payload());
        await().atMost(DELIVERED).until(() -> data.attemptCounts(hook).getOrDefault("failed/500", 0L) >= 1);
    }

    @Test
    void aTestEventArrivesSignedAndMarkedIsNotRetriedAndLeavesTheHookAlone() throws Exception {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID hook = data.subscribe(owner, receiver.url("/test", WebhookReceiver.Answer.status(500)), null);

        String webhookId = data.sendTest(owner, hook, JSON.writeValueAsString(Events.anEnquiryOn(property)));

        await().atMost(DELIVERED).until(() -> !receiver.requests("/test").isEmpty());
        WebhookDelivery received = receiver.requests("/test").get(0);
        assertThat(received.webhookId()).isEqualTo(webhookId);
        assertThat(received.header("webhook-test")).isEqualTo("true");
        assertThat(received.signedWith(owner.secret())).isTrue();
        await().atMost(DELIVERED).until(() -> data.attemptDetails(webhookId).size() == 1);
        assertThat(data.attemptDetails(webhookId).get(0))
                .extracting(TestData.AttemptDetail::outcome, TestData.AttemptDetail::test)
                .containsExactly("failed", true);
        assertThat(JSON.readValue(data.attemptDetails(webhookId).get(0).requestHeaders(), HEADERS))
                .containsEntry("webhook-test", "true");
        await().atMost(DELIVERED).until(() -> "abandoned".equals(data.deliveryStatusOf(webhookId)));

        // The schedule here retries after 1 s, 2 s and 3 s: a retried test event would be seen well within this.
        Thread.sleep(Duration.ofSeconds(8));
        assertThat(receiver.requests("/test")).as("never retried").hasSize(1);
        assertThat(data.attemptCounts(hook)).as("not counted in the statistics").isEmpty();
        assertThat(data.health(hook).map(TestData.Health::consecutiveFailures).orElse(0))
                .as("nor in the hook's health")
                .isZero();
    }

    @Test
    void aThrottledHookStartsItsDeliveriesAtItsRateAndAnotherHookOfTheOwnerIsNotSlowed() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID throttled = data.subscribe(owner, receiver.url("/throttled", WebhookReceiver.Answer.ok()), null);
        data.subscribe(owner, receiver.url("/free", WebhookReceiver.Answer.ok()), null);
        data.setThrottle(throttled, 5);

        for (int i = 0; i < 100; i++) {
            events.enquiryOn(property);
        }

        await().atMost(Duration.ofSeconds(90))
                .until(() -> receiver.requests("/throttled").size() >= 100);
        List<WebhookDelivery> slow = byArrival(receiver.requests("/throttled"));
        List<WebhookDelivery> free = byArrival(receiver.requests("/free"));
        double seconds = (slow.get(99).arrivedAt() - slow.get(0).arrivedAt()) / 1e9;
        assertThat(seconds)
                .as("100 deliveries at 5 a second start over about 20 s")
                .isGreaterThan(17.0);
        assertThat(free).hasSize(100);
        assertThat(free.get(99).arrivedAt())
                .as("the other hook had all its deliveries before the throttled one had half")
                .isLessThan(slow.get(49).arrivedAt());
        // the attempt log is written in batches, a moment after the receiver has answered
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(data.attemptCounts(throttled))
                        .as("waiting for the throttle is no failure")
                        .containsExactlyEntriesOf(Map.of("succeeded/200", 100L)));
        assertThat(receiver.byWebhookId().values())
                .allSatisfy(copies -> assertThat(copies).hasSize(1));
    }

    @Test
    void aRaisedThrottleStartsTheWaitingDeliveriesAtTheNewRateNotBehindTheOldOnesStarts() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID hook = data.subscribe(owner, receiver.url("/raised", WebhookReceiver.Answer.ok()), null);
        data.setThrottle(hook, 1);
        for (int i = 0; i < 40; i++) {
            events.enquiryOn(property);
        }
        await().atMost(DELIVERED).until(() -> receiver.requests("/raised").size() >= 2); // the rest wait up to 40 s

        // as api-service's PUT …/throttle does: the rate, and the command the relay brings here
        data.setThrottle(hook, 1000);
        send(new DeliveryCommand.ThrottleChanged(
                UUID.randomUUID(), Instant.now(), "req-raise", OwnerId.of(owner.id()), SubscriptionId.of(hook), 1000));

        await().atMost(Duration.ofSeconds(20))
                .until(() -> receiver.requests("/raised").size() == 40);
        // the last attempts are counted once the attempt log's batch commits, a moment after their answers
        await().atMost(DELIVERED)
                .untilAsserted(() ->
                        assertThat(data.attemptCounts(hook)).containsExactlyEntriesOf(Map.of("succeeded/200", 40L)));
    }

    private void send(DeliveryCommand command) {
        kafka.send(
                        DeliveryCommand.TOPIC,
                        command.key().toString(),
                        JSON.writerFor(DeliveryCommand.class).writeValueAsString(command))
                .join();
    }

    private static List<WebhookDelivery> byArrival(List<WebhookDelivery> deliveries) {
        return deliveries.stream()
                .sorted(Comparator.comparingLong(WebhookDelivery::arrivedAt))
                .toList();
    }
}
