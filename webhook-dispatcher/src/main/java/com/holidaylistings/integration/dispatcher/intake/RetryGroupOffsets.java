package com.holidaylistings.integration.dispatcher.intake;

import com.holidaylistings.integration.dispatcher.DeliveryTopics;
import com.holidaylistings.integration.dispatcher.retry.RetrySchedule;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Carries the retry topics' committed offsets over from the groups of earlier versions, one per topic
 * ({@code webhook-dispatcher.deliveries-retry-0} …), to the one group that now reads them all
 * ({@code webhook-dispatcher.deliveries-retries}), once, before its consumers first start. A group
 * with no offsets starts at the beginning of every retained record (operations runbook 4.8): every
 * retry record of the topics' retention would be read again, each costing a lookup of its row.
 * Nothing is carried when the group has offsets already or there are none to carry; the broker
 * refuses the change once another replica's consumers have joined the group, and then those consumers
 * have done it.
 */
final class RetryGroupOffsets {

    private static final long TIMEOUT_SECONDS = 10;

    private RetryGroupOffsets() {}

    /** Returns how many partitions' offsets were carried over to {@code groupPrefix.deliveries-retries}. */
    static int carryOver(Admin admin, String groupPrefix, RetrySchedule schedule)
            throws InterruptedException, ExecutionException, TimeoutException {
        String group = groupPrefix + "." + DeliveryContainers.RETRIES;
        if (!committed(admin, group).isEmpty()) {
            return 0;
        }
        Map<TopicPartition, OffsetAndMetadata> carried = new HashMap<>();
        for (RetrySchedule.Stage stage : schedule.stages()) {
            if (!stage.retry()) {
                continue;
            }
            // the group of earlier versions was named after its topic: webhook.deliveries-retry-0 →
            // <prefix>.deliveries-retry-0
            String earlier = groupPrefix + stage.topic().substring(DeliveryTopics.DELIVERIES.indexOf('.'));
            committed(admin, earlier).forEach((partition, offset) -> {
                if (offset != null && partition.topic().equals(stage.topic())) {
                    carried.put(partition, new OffsetAndMetadata(offset.offset()));
                }
            });
        }
        if (!carried.isEmpty()) {
            admin.alterConsumerGroupOffsets(group, carried).all().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        }
        return carried.size();
    }

    private static Map<TopicPartition, OffsetAndMetadata> committed(Admin admin, String group)
            throws InterruptedException, ExecutionException, TimeoutException {
        return admin.listConsumerGroupOffsets(group)
                .partitionsToOffsetAndMetadata()
                .get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }
}
