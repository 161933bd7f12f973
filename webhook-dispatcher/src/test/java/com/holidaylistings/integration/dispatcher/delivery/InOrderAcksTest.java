package com.holidaylistings.integration.dispatcher.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class InOrderAcksTest {

    private final InOrderAcks acks = new InOrderAcks();
    private final List<String> acknowledged = new CopyOnWriteArrayList<>();

    @Test
    void acknowledgesTheOldestRecordInFlightWhenItFinishes() {
        ConsumerRecord<String, String> first = start(0, 10);
        start(0, 11);

        acks.finished(first);

        assertThat(acknowledged).containsExactly("0@10");
        assertThat(acks.inFlight()).isEqualTo(1);
    }

    @Test
    void holdsBackALaterRecordUntilEveryEarlierOneFinished() {
        ConsumerRecord<String, String> first = start(0, 10);
        ConsumerRecord<String, String> second = start(0, 11);
        ConsumerRecord<String, String> third = start(0, 12);

        acks.finished(third);
        acks.finished(second);
        assertThat(acknowledged).isEmpty();

        acks.finished(first);
        assertThat(acknowledged).containsExactly("0@10", "0@11", "0@12");
        assertThat(acks.inFlight()).isZero();
    }

    @Test
    void keepsEachPartitionToItself() {
        ConsumerRecord<String, String> slow = start(0, 10);
        ConsumerRecord<String, String> other = start(1, 10);

        acks.finished(other);

        assertThat(acknowledged).containsExactly("1@10");
        acks.finished(slow);
        assertThat(acknowledged).containsExactly("1@10", "0@10");
    }

    @Test
    void neverAcknowledgesForAPartitionTakenAway() {
        ConsumerRecord<String, String> record = start(0, 10);

        acks.revoked(List.of(new TopicPartition("webhook.deliveries", 0)));
        acks.finished(record);

        assertThat(acknowledged).isEmpty();
        assertThat(acks.inFlight()).isZero();
    }

    @Test
    void acknowledgesEachRecordOnce() {
        ConsumerRecord<String, String> record = start(0, 10);

        acks.finished(record);
        acks.finished(record);

        assertThat(acknowledged).containsExactly("0@10");
    }

    private ConsumerRecord<String, String> start(int partition, long offset) {
        ConsumerRecord<String, String> record = new ConsumerRecord<>("webhook.deliveries", partition, offset, "key", "{}");
        acks.started(record, () -> acknowledged.add(partition + "@" + offset));
        return record;
    }
}
