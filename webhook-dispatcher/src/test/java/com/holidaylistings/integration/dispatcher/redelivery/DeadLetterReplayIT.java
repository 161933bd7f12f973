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
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.apache.kafka.clients.admin.AdminClient;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;

/**
 * The dead-letter replay on the shared broker. Other test classes leave dead letters behind, so
 * each test starts as an operator who has replayed everything before: the replay group's offsets
 * are moved to the end of the dead-letter topic.
 */
class DeadLetterReplayIT extends DispatcherIntegrationTest {

    private static final Duration DONE = Duration.ofSeconds(60);
    private static final String GROUP = "webhook-dispatcher.dlt-replay";

    @Autowired
    private DeadLettersEndpoint endpoint;

    @Autowired
    private DataSource dataSource;

    @BeforeEach
    void replayedEverythingBefore() throws Exception {
        try (AdminClient admin = AdminClient.create(Map.of("bootstrap.servers", TestKafka.bootstrapServers()))) {
            Set<TopicPartition> partitions = admin.describeTopics(List.of(RetrySchedule.DEAD_LETTERS)).allTopicNames().get()
                    .get(RetrySchedule.DEAD_LETTERS).partitions().stream()
                    .map(info -> new TopicPartition(RetrySchedule.DEAD_LETTERS, info.partition()))
                    .collect(Collectors.toSet());
            Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> ends = admin.listOffsets(
                    partitions.stream().collect(Collectors.toMap(partition -> partition, partition -> OffsetSpec.latest())))
                    .all().get();
            admin.alterConsumerGroupOffsets(GROUP, ends.entrySet().stream()
                    .collect(Collectors.toMap(Map.Entry::getKey, end -> new OffsetAndMetadata(end.getValue().offset()))))
                    .all().get();
        }
    }

    @Test
    void replaysAnAbandonedDeliveryOnceAndASecondReplayFindsNothingNew() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        WebhookReceiver.Answer down = WebhookReceiver.Answer.status(500);
        UUID subscription = data.subscribe(owner, receiver.url("/down", down, down, down, down, WebhookReceiver.Answer.ok()), null);
        Events.Published event = events.enquiryOn(property);
        await().atMost(DONE).until(() -> data.attempts(subscription, event.enquiryId()).size() == 4);
        String webhookId = receiver.requests("/down").get(0).header("webhook-id");
        awaitDeadLetter(webhookId);

        DeadLetterReplay.Replayed first = replay(null);
        DeadLetterReplay.Replayed second = replay(null);

        assertThat(first.replayed()).isGreaterThanOrEqualTo(1);
        assertThat(second).isEqualTo(new DeadLetterReplay.Replayed(0, 0));
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
        await().atMost(DONE).until(() -> data.attempts(first, event.enquiryId()).size() == 4
                && data.attempts(second, event.enquiryId()).size() == 4);
        awaitDeadLetter(receiver.requests("/first").get(0).header("webhook-id"));
        awaitDeadLetter(receiver.requests("/second").get(0).header("webhook-id"));

        DeadLetterReplay.Replayed onlyFirst = replay(first.toString());

        assertThat(onlyFirst).isEqualTo(new DeadLetterReplay.Replayed(1, 0));
        await().atMost(DONE).until(() -> receiver.requests("/first").size() == 5);
        await().atMost(DONE).until(() -> data.attempts(first, event.enquiryId()).size() == 5);
        assertThat(receiver.requests("/second")).hasSize(4);

        // The first subscription's dead letter is still unreplayed for the group, but its event was delivered since.
        DeadLetterReplay.Replayed everything = replay(null);

        assertThat(everything.replayed()).isGreaterThanOrEqualTo(1);
        assertThat(everything.skipped()).isGreaterThanOrEqualTo(1);
        await().atMost(DONE).until(() -> receiver.requests("/second").size() == 5);
        await().atMost(DONE).until(() -> data.attempts(second, event.enquiryId()).size() == 5);
        assertThat(data.attempts(second, event.enquiryId()).get(4).outcome()).isEqualTo("succeeded");
        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(receiver.requests("/first")).hasSize(5);
            assertThat(receiver.requests("/second")).hasSize(5);
        });
    }

    @Test
    void refusesASubscriptionThatIsNotAUuid() {
        WebEndpointResponse<Object> response = endpoint.replay("not-a-uuid");

        assertThat(response.getStatus()).isEqualTo(400);
        assertThat(response.getBody()).isEqualTo(Map.of("error", "subscription must be a subscription id (a UUID)"));
    }

    @Test
    void refusesToRunBesideAnotherReplay() throws Exception {
        try (Connection otherReplica = dataSource.getConnection(); Statement statement = otherReplica.createStatement()) {
            statement.execute("select pg_advisory_lock(7301846212)");
            try {
                WebEndpointResponse<Object> response = endpoint.replay(null);

                assertThat(response.getStatus()).isEqualTo(409);
                assertThat(response.getBody()).isEqualTo(Map.of("error", "A dead-letter replay is already running"));
            } finally {
                statement.execute("select pg_advisory_unlock(7301846212)");
            }
        }
        assertThat(endpoint.replay(null).getStatus()).isEqualTo(200);
    }

    private DeadLetterReplay.Replayed replay(String subscription) {
        WebEndpointResponse<Object> response = endpoint.replay(subscription);
        assertThat(response.getStatus()).as(String.valueOf(response.getBody())).isEqualTo(200);
        return (DeadLetterReplay.Replayed) response.getBody();
    }

    /** The abandoned delivery reaches the dead-letter topic just after its last attempt is logged. */
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
