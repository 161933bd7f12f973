package com.holidaylistings.integration.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver.Answer;
import com.holidaylistings.integration.stack.Api;
import com.holidaylistings.integration.stack.Management;
import com.holidaylistings.integration.stack.Owner;
import com.holidaylistings.integration.stack.Replica;
import com.holidaylistings.integration.stack.Stack;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Two replicas of each service on one machine: the stack's own instance and a second one started
 * next to it from the same jar, on the same database and broker.
 */
class ReplicasIT {

    /** The Integration API's burst limit per token (spec, section 8; api-service's default). */
    private static final int PER_MINUTE = 100;

    @AfterEach
    void restoreTheStack() {
        Stack.up();
    }

    @Test
    void rateLimitsHoldExactlyAcrossApiReplicas() throws Exception {
        Owner owner = Owner.create("replicas-rate");
        try (Replica replica = Replica.start("api-service");
                ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            List<String> baseUrls = List.of(Api.apiBaseUrl(), replica.apiBaseUrl());
            List<Future<Integer>> answers = new ArrayList<>();
            for (int i = 0; i < PER_MINUTE + 60; i++) {
                String baseUrl = baseUrls.get(i % 2);
                answers.add(threads.submit(() ->
                        Api.owner(baseUrl, owner.token(), "GET", "/auth", null).status()));
            }
            Map<Integer, Integer> byStatus = new LinkedHashMap<>();
            for (Future<Integer> answer : answers) {
                byStatus.merge(answer.get(), 1, Integer::sum);
            }
            System.out.println(
                    "rate limit across two api-service replicas, " + answers.size() + " requests: " + byStatus);
            assertThat(byStatus).containsExactlyInAnyOrderEntriesOf(Map.of(200, PER_MINUTE, 429, 60));
        }
    }

    @Test
    void oneIngestStreamsAndTheOtherTakesOverOnSigkill() throws Exception {
        Owner owner = Owner.create("replicas-ingest");
        long since = System.currentTimeMillis();
        try (Replica replica = Replica.start("enquiry-ingest");
                WebhookReceiver receiver = WebhookReceiver.start()) {
            receiver.answerOthers(Answer.status(204));
            UUID hook = UUID.fromString(
                    owner.subscribe(receiver.url("/ingest")).get("id").asString());
            String stackHealth = Management.health(Management.ENQUIRY_INGEST);
            String replicaHealth = replica.health();
            assertThat(List.of(stackHealth, replicaHealth))
                    .as("exactly one leader")
                    .filteredOn(health -> health.contains("\"role\":\"leader\""))
                    .hasSize(1);
            assertThat(List.of(stackHealth, replicaHealth))
                    .filteredOn(health -> health.contains("\"role\":\"standby\""))
                    .hasSize(1);
            boolean stackLeads = stackHealth.contains("\"role\":\"leader\"");

            try (EnquiryStream stream = EnquiryStream.start(owner.propertyId(), 300, 20)) {
                await().atMost(Duration.ofMinutes(1)).until(() -> stream.started() >= 100);
                if (stackLeads) {
                    Stack.kill("enquiry-ingest");
                    await("the replica takes over")
                            .atMost(Duration.ofMinutes(1))
                            .until(() -> replica.health().contains("\"role\":\"leader\""));
                } else {
                    replica.kill();
                    await("the stack's instance takes over")
                            .atMost(Duration.ofMinutes(1))
                            .until(() ->
                                    Management.health(Management.ENQUIRY_INGEST).contains("\"role\":\"leader\""));
                }
                System.out.printf(
                        "replicas: SIGKILL of the leading enquiry-ingest (%s) after %d enquiries; the other leads%n",
                        stackLeads ? "the stack's" : "the replica", stream.started());
                Set<UUID> accepted = stream.awaitAccepted();
                Tally.awaitSettled(
                        "replicas, ingest take-over",
                        accepted,
                        receiver,
                        Map.of("/ingest", hook),
                        since,
                        Duration.ofMinutes(3));
            }
        }
    }

    @Test
    void dispatchersSharePartitionsAndLoseNothingInRebalances() throws Exception {
        Owner owner = Owner.create("replicas-dispatch");
        long since = System.currentTimeMillis();
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            receiver.answerOthers(Answer.status(204));
            // Deliveries are keyed by subscription: several subscriptions spread them over the partitions.
            Map<String, UUID> hooks = new LinkedHashMap<>();
            for (int i = 0; i < 6; i++) {
                String path = "/dispatch-" + i;
                hooks.put(
                        path,
                        UUID.fromString(
                                owner.subscribe(receiver.url(path)).get("id").asString()));
            }
            // Long enough to outlast the replica's start on a loaded machine (up to its 90 s readiness wait,
            // docs/testing.md): it must join, deliver and leave mid-stream.
            try (EnquiryStream stream = EnquiryStream.start(owner.propertyId(), 2400, 20)) {
                await().atMost(Duration.ofMinutes(1)).until(() -> stream.started() >= 60);
                // Each process runs several consumers per group: the replica's join doubles the members that own
                // partitions.
                int deliveryConsumers = membersWithPartitions("webhook-dispatcher.deliveries");
                int fanOutConsumers = membersWithPartitions("webhook-dispatcher");
                try (Replica replica = Replica.start("webhook-dispatcher")) {
                    await("both dispatchers own delivery partitions")
                            .atMost(Duration.ofMinutes(1))
                            .until(() -> membersWithPartitions("webhook-dispatcher.deliveries") == 2 * deliveryConsumers
                                    && membersWithPartitions("webhook-dispatcher") == 2 * fanOutConsumers);
                    int joinedAfter = stream.started();
                    System.out.printf("replicas: a second webhook-dispatcher joined after %d enquiries%n", joinedAfter);
                    await("the replica delivers")
                            .atMost(Duration.ofMinutes(1))
                            .until(() -> succeededAttempts(replica) > 0);
                    await().atMost(Duration.ofMinutes(1)).until(() -> stream.started() >= joinedAfter + 200);
                    Duration stop = replica.terminate();
                    System.out.printf(
                            "replicas: the second webhook-dispatcher left (SIGTERM, %d ms) after %d enquiries%n",
                            stop.toMillis(), stream.started());
                }
                Set<UUID> accepted = stream.awaitAccepted();
                Tally.awaitSettled(
                        "replicas, dispatcher rebalances", accepted, receiver, hooks, since, Duration.ofMinutes(3));
            }
        }
    }

    private static int membersWithPartitions(String group) throws Exception {
        Properties config = new Properties();
        config.putAll(Stack.kafkaClient("admin"));
        try (Admin admin = Admin.create(config)) {
            ConsumerGroupDescription description =
                    admin.describeConsumerGroups(List.of(group)).all().get().get(group);
            return (int) description.members().stream()
                    .filter(member -> !member.assignment().topicPartitions().isEmpty())
                    .count();
        }
    }

    /** The replica's count of successful delivery attempts, from its Prometheus endpoint. */
    private static double succeededAttempts(Replica replica) {
        Matcher matcher = Pattern.compile(
                        "(?m)^webhook_delivery_attempts_total\\{[^}]*outcome=\"succeeded\"[^}]*} (\\S+)$")
                .matcher(Management.prometheus(replica.managementPort()));
        return matcher.find() ? Double.parseDouble(matcher.group(1)) : 0;
    }
}
