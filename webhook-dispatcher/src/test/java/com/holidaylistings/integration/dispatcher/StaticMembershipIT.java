package com.holidaylistings.integration.dispatcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.dispatcher.retry.RetrySchedule;
import com.holidaylistings.integration.testsupport.TestKafka;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.admin.AdminClient;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;

/**
 * Every consumer of the dispatcher joins its group as a static member named after this replica
 * ({@code dispatcher.instance-id}), so that a replica back within the session timeout takes its
 * partitions again without a rebalance.
 */
class StaticMembershipIT extends DispatcherIntegrationTest {

    @Value("${dispatcher.instance-id}")
    String instanceId;

    @Autowired
    RetrySchedule schedule;

    @ParameterizedTest
    @ValueSource(
            strings = {"webhook-dispatcher", "webhook-dispatcher.deliveries", "webhook-dispatcher.deliveries-retries"})
    void joinsEachGroupAsStaticMembersOfThisReplica(String group) {
        await().atMost(Duration.ofSeconds(60))
                .untilAsserted(() -> assertThat(members(group))
                        .isNotEmpty()
                        .extracting(MemberDescription::groupInstanceId)
                        .allSatisfy(id -> assertThat(id).get().asString().startsWith(instanceId + "-")));
    }

    @Test
    void givesEachConsumerOfAGroupItsOwnInstanceId() throws Exception {
        await().atMost(Duration.ofSeconds(60))
                .until(() -> members("webhook-dispatcher.deliveries").size() >= 2);

        assertThat(members("webhook-dispatcher.deliveries"))
                .extracting(MemberDescription::groupInstanceId)
                .map(Optional::orElseThrow)
                .doesNotHaveDuplicates();
    }

    @Test
    void readsAllRetryTopicsWithOneGroupAndFewerConsumersThanTheDeliveries() {
        // DISPATCHER_CONSUMERS (2) on webhook.deliveries, DISPATCHER_RETRY_CONSUMERS (1) on every retry topic
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            assertThat(membersOfThisReplica("webhook-dispatcher.deliveries")).hasSize(2);
            List<MemberDescription> retries = membersOfThisReplica("webhook-dispatcher.deliveries-retries");
            assertThat(retries).hasSize(1);
            assertThat(retries.getFirst().assignment().topicPartitions())
                    .extracting(TopicPartition::topic)
                    .containsAll(schedule.stages().stream()
                            .filter(RetrySchedule.Stage::retry)
                            .map(RetrySchedule.Stage::topic)
                            .toList())
                    .doesNotContain(DeliveryTopics.DELIVERIES);
        });
    }

    private List<MemberDescription> membersOfThisReplica(String group) throws Exception {
        return members(group).stream()
                .filter(member -> member.groupInstanceId().orElse("").startsWith(instanceId + "-"))
                .toList();
    }

    private static List<MemberDescription> members(String group) throws Exception {
        try (AdminClient admin = AdminClient.create(Map.of("bootstrap.servers", TestKafka.bootstrapServers()))) {
            ConsumerGroupDescription description =
                    admin.describeConsumerGroups(List.of(group)).all().get().get(group);
            return List.copyOf(description.members());
        }
    }
}
