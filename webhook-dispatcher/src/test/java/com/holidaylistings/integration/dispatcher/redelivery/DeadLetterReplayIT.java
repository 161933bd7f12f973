package com.holidaylistings.integration.dispatcher.redelivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.dispatcher.DispatcherIntegrationTest;
import com.holidaylistings.integration.dispatcher.Events;
import com.holidaylistings.integration.dispatcher.TestData;
import com.holidaylistings.integration.dispatcher.retry.RetrySchedule;
import com.holidaylistings.integration.testsupport.TestKafka;
import com.holidaylistings.integration.testsupport.WebhookReceiver;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;

/**
 * The dead-letter replay: the abandoned deliveries' rows (of every subscription, or of one) wait again,
 * due now, at the first stage of the schedule; the row poller puts them back on webhook.deliveries with
 * their webhook-id, their attempts counting on. Other test classes leave abandoned deliveries behind,
 * which a replay of everything takes too: the counts here are of this test's deliveries at least.
 */
class DeadLetterReplayIT extends DispatcherIntegrationTest {

    private static final Duration DONE = Duration.ofSeconds(60);

    @Autowired
    private DeadLettersEndpoint endpoint;

    @Test
    void replaysAnAbandonedDeliveryOnceAndASecondReplayFindsNothingNew() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        WebhookReceiver.Answer down = WebhookReceiver.Answer.status(500);
        UUID subscription = data.subscribe(owner, receiver.url("/down", down, down, down, down, WebhookReceiver.Answer.ok()), null);
        Events.Published event = events.enquiryOn(property);
        await().atMost(DONE).until(() -> data.attempts(subscription, event.enquiryId()).size() == 4);
        await().atMost(DONE).until(() -> "abandoned".equals(data.deliveryStatus(subscription, event.enquiryId())));
        String webhookId = receiver.requests("/down").get(0).header("webhook-id");
        awaitDeadLetter(webhookId);

        DeadLetterReplay.Replayed first = replay(null);
        DeadLetterReplay.Replayed second = replay(null);

        assertThat(first.replayed()).isGreaterThanOrEqualTo(1);
        assertThat(second).isEqualTo(new DeadLetterReplay.Replayed(0));
        await().atMost(DONE).until(() -> receiver.requests("/down").size() == 5);
        assertThat(receiver.requests("/down")).allSatisfy(request -> {
            assertThat(request.header("webhook-id")).isEqualTo(webhookId);
            assertThat(request.body()).isEqualTo(event.payload());
        });
        await().atMost(DONE).until(() -> data.attempts(subscription, event.enquiryId()).size() == 5);
        assertThat(data.attempts(subscription, event.enquiryId()))
                .extracting(TestData.Attempt::attempt, TestData.Attempt::outcome)
                .containsExactly(tuple(1, "failed"), tuple(2, "failed"), tuple(3, "failed"), tuple(4, "abandoned"),
                        tuple(5, "succeeded"));
        await().atMost(DONE).until(() -> "succeeded".equals(data.deliveryStatus(subscription, event.enquiryId())));
        TestData.Delivery delivery = data.delivery(subscription, event.enquiryId()).orElseThrow();
        assertThat(delivery.attempts()).isEqualTo(5);
        assertThat(delivery.stage()).as("the replay started the schedule again").isOne();
        assertThat(delivery.requestedAt()).isNotNull();
        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(receiver.requests("/down")).hasSize(5));
    }

    @Test
    void replaysOneSubscriptionOnlyWhenAskedAndLeavesTheOthersForTheNextReplay() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        WebhookReceiver.Answer down = WebhookReceiver.Answer.status(500);
        UUID first = data.subscribe(owner, receiver.url("/first", down, down, down, down, WebhookReceiver.Answer.ok()), null);
        UUID second = data.subscribe(owner, receiver.url("/second", down, down, down, down, WebhookReceiver.Answer.ok()), null);
        Events.Published event = events.enquiryOn(property);
        await().atMost(DONE).until(() -> "abandoned".equals(data.deliveryStatus(first, event.enquiryId()))
                && "abandoned".equals(data.deliveryStatus(second, event.enquiryId())));

        DeadLetterReplay.Replayed onlyFirst = replay(first.toString());

        assertThat(onlyFirst).isEqualTo(new DeadLetterReplay.Replayed(1));
        await().atMost(DONE).until(() -> receiver.requests("/first").size() == 5);
        await().atMost(DONE).until(() -> "succeeded".equals(data.deliveryStatus(first, event.enquiryId())));
        assertThat(data.attempts(first, event.enquiryId())).hasSize(5);
        assertThat(receiver.requests("/second")).hasSize(4);
        assertThat(data.deliveryStatus(second, event.enquiryId())).isEqualTo("abandoned");

        // The first subscription's delivery is no longer abandoned: a replay of everything leaves it alone.
        DeadLetterReplay.Replayed everything = replay(null);

        assertThat(everything.replayed()).isGreaterThanOrEqualTo(1);
        await().atMost(DONE).until(() -> receiver.requests("/second").size() == 5);
        await().atMost(DONE).until(() -> data.attempts(second, event.enquiryId()).size() == 5);
        assertThat(data.attempts(second, event.enquiryId()).get(4).outcome()).isEqualTo("succeeded");
        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(receiver.requests("/first")).hasSize(5);
            assertThat(receiver.requests("/second")).hasSize(5);
        });
    }

    @Test
    void replaysEachAbandonedDeliveryOnceWhenTwoReplaysRunAtOnce() throws Exception {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        WebhookReceiver.Answer down = WebhookReceiver.Answer.status(500);
        UUID subscription = data.subscribe(owner, receiver.url("/twice", down, down, down, down, WebhookReceiver.Answer.ok()), null);
        Events.Published event = events.enquiryOn(property);
        await().atMost(DONE).until(() -> "abandoned".equals(data.deliveryStatus(subscription, event.enquiryId())));

        // two operators, or one on two replicas
        CompletableFuture<DeadLetterReplay.Replayed> one = CompletableFuture.supplyAsync(() -> replay(subscription.toString()));
        CompletableFuture<DeadLetterReplay.Replayed> other = CompletableFuture.supplyAsync(() -> replay(subscription.toString()));

        assertThat(one.get(30, TimeUnit.SECONDS).replayed() + other.get(30, TimeUnit.SECONDS).replayed()).isOne();
        await().atMost(DONE).until(() -> "succeeded".equals(data.deliveryStatus(subscription, event.enquiryId())));
        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(receiver.requests("/twice")).hasSize(5);
            assertThat(data.attempts(subscription, event.enquiryId())).extracting(TestData.Attempt::attempt)
                    .containsExactly(1, 2, 3, 4, 5);
        });
    }

    @Test
    void replaysNothingOfASubscriptionWithoutAbandonedDeliveries() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID subscription = data.subscribe(owner, receiver.url("/fine", WebhookReceiver.Answer.ok()), null);
        Events.Published event = events.enquiryOn(property);
        await().atMost(DONE).until(() -> "succeeded".equals(data.deliveryStatus(subscription, event.enquiryId())));

        assertThat(replay(subscription.toString())).isEqualTo(new DeadLetterReplay.Replayed(0));
        assertThat(replay(UUID.randomUUID().toString())).isEqualTo(new DeadLetterReplay.Replayed(0));
        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(receiver.requests("/fine")).hasSize(1));
    }

    @Test
    void refusesASubscriptionThatIsNotAUuid() {
        WebEndpointResponse<Object> response = endpoint.replay("not-a-uuid");

        assertThat(response.getStatus()).isEqualTo(400);
        assertThat(response.getBody()).isEqualTo(Map.of("error", "subscription must be a subscription id (a UUID)"));
    }

    private DeadLetterReplay.Replayed replay(String subscription) {
        WebEndpointResponse<Object> response = endpoint.replay(subscription);
        assertThat(response.getStatus()).as(String.valueOf(response.getBody())).isEqualTo(200);
        return (DeadLetterReplay.Replayed) response.getBody();
    }

    /** The abandoned delivery's record reaches the dead-letter topic just after its last attempt is logged. */
    private static void awaitDeadLetter(String webhookId) {
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, TestKafka.bootstrapServers(),
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class))) {
            List<TopicPartition> partitions = consumer.partitionsFor(RetrySchedule.DEAD_LETTERS).stream()
                    .map(info -> new TopicPartition(info.topic(), info.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            await().atMost(DONE).pollInSameThread().until(() -> {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                    if (record.value().contains(webhookId)) {
                        return true;
                    }
                }
                return false;
            });
        }
    }
}
