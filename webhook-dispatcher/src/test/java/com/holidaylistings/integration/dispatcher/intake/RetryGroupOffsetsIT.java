package com.holidaylistings.integration.dispatcher.intake;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.dispatcher.DispatcherIntegrationTest;
import com.holidaylistings.integration.dispatcher.retry.RetrySchedule;
import com.holidaylistings.integration.testsupport.TestKafka;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The one group that reads every retry topic takes the committed offsets of the groups of earlier
 * versions, one per topic, so that an upgrade does not read every retained retry record again.
 */
class RetryGroupOffsetsIT extends DispatcherIntegrationTest {

    private static final TopicPartition FIRST_RETRY_1 = new TopicPartition("webhook.deliveries-retry-0", 1);
    private static final TopicPartition LAST_RETRY_2 = new TopicPartition("webhook.deliveries-retry-2", 2);

    @Autowired
    RetrySchedule schedule;

    @Test
    void takesTheOffsetsOfTheGroupsOfEarlierVersionsOnce() throws Exception {
        String prefix = "upgraded-" + UUID.randomUUID();
        try (Admin admin = admin()) {
            commit(admin, prefix + ".deliveries-retry-0", Map.of(FIRST_RETRY_1, 42L));
            commit(admin, prefix + ".deliveries-retry-2", Map.of(LAST_RETRY_2, 7L));

            assertThat(RetryGroupOffsets.carryOver(admin, prefix, schedule)).isEqualTo(2);
            assertThat(committed(admin, prefix + ".deliveries-retries"))
                    .isEqualTo(Map.of(FIRST_RETRY_1, 42L, LAST_RETRY_2, 7L));

            // the group has offsets of its own now: later starts leave them alone
            commit(admin, prefix + ".deliveries-retry-0", Map.of(FIRST_RETRY_1, 99L));
            assertThat(RetryGroupOffsets.carryOver(admin, prefix, schedule)).isZero();
            assertThat(committed(admin, prefix + ".deliveries-retries")).containsEntry(FIRST_RETRY_1, 42L);
        }
    }

    @Test
    void carriesNothingWhereNoEarlierVersionRan() throws Exception {
        String prefix = "fresh-" + UUID.randomUUID();
        try (Admin admin = admin()) {
            assertThat(RetryGroupOffsets.carryOver(admin, prefix, schedule)).isZero();
            assertThat(committed(admin, prefix + ".deliveries-retries")).isEmpty();
        }
    }

    private static Admin admin() {
        return Admin.create(Map.of("bootstrap.servers", TestKafka.bootstrapServers()));
    }

    private static void commit(Admin admin, String group, Map<TopicPartition, Long> offsets) throws Exception {
        Map<TopicPartition, OffsetAndMetadata> committed = new java.util.HashMap<>();
        offsets.forEach((partition, offset) -> committed.put(partition, new OffsetAndMetadata(offset)));
        admin.alterConsumerGroupOffsets(group, committed).all().get(30, TimeUnit.SECONDS);
    }

    private static Map<TopicPartition, Long> committed(Admin admin, String group) throws Exception {
        Map<TopicPartition, Long> offsets = new java.util.HashMap<>();
        admin.listConsumerGroupOffsets(group)
                .partitionsToOffsetAndMetadata()
                .get(30, TimeUnit.SECONDS)
                .forEach((partition, offset) -> {
                    if (offset != null) {
                        offsets.put(partition, offset.offset());
                    }
                });
        return offsets;
    }
}
