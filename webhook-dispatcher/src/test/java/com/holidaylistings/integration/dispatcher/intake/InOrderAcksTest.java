package com.holidaylistings.integration.dispatcher.intake;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
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
        assertThat(acknowledged).as("one commit covers the three").containsExactly("0@12");
        assertThat(acks.inFlight()).isZero();
    }

    @Test
    void keepsOnlyTheEndsOfTheRecordsDoneBehindOneThatHoldsTheCommitBack() {
        ConsumerRecord<String, String> slow = start(0, 0);
        List<ConsumerRecord<String, String>> behind = new ArrayList<>();
        for (long offset = 1; offset <= 10_000; offset++) {
            behind.add(start(0, offset));
        }
        ConsumerRecord<String, String> stillRunning = start(0, 10_001);
        Collections.shuffle(behind, new Random(7));
        behind.forEach(acks::finished);

        assertThat(acknowledged).isEmpty();
        assertThat(acks.inFlight())
                .as("the slow record, the run's two ends, the running one")
                .isEqualTo(4);

        acks.finished(slow);
        assertThat(acknowledged).containsExactly("0@10000");
        acks.finished(stillRunning);
        assertThat(acknowledged).containsExactly("0@10000", "0@10001");
        assertThat(acks.inFlight()).isZero();
    }

    @Test
    void acknowledgesUpToAGapAndTheRestWhenTheGapCloses() {
        ConsumerRecord<String, String> first = start(0, 10);
        ConsumerRecord<String, String> second = start(0, 11);
        ConsumerRecord<String, String> third = start(0, 12);
        ConsumerRecord<String, String> fourth = start(0, 13);

        acks.finished(second);
        acks.finished(fourth);
        acks.finished(first);
        assertThat(acknowledged).containsExactly("0@11");

        acks.finished(third);
        assertThat(acknowledged).containsExactly("0@11", "0@13");
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
        ConsumerRecord<String, String> record =
                new ConsumerRecord<>("webhook.deliveries", partition, offset, "key", "{}");
        acks.started(record, () -> acknowledged.add(partition + "@" + offset));
        return record;
    }
}
