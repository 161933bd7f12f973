package com.holidaylistings.integration.dispatcher.intake;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.dispatcher.records.DeliveryTask;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class AttemptsUnderWayTest {

    private final AttemptsUnderWay underWay = new AttemptsUnderWay();
    private final List<String> ran = new ArrayList<>();
    private final DeliveryTask first = task("msg_a", 1);

    @Test
    void theFirstRecordOfAnAttemptHoldsIt() {
        assertThat(underWay.claim(first, () -> ran.add("first"))).isTrue();
        assertThat(ran).isEmpty();
    }

    /**
     * The row poller's record of a delivery that a record still under way had parked (or found not
     * yet put back) is the one the delivery waits for: it must run once the other is done, not be
     * dropped as a copy, which left the delivery pending with no record until the overdue net.
     */
    @Test
    void aLaterRecordOfTheSameDeliveryRunsOnceTheOneUnderWayIsDone() {
        underWay.claim(first, () -> ran.add("first"));

        assertThat(underWay.claim(task("msg_a", 2), () -> ran.add("poller's record")))
                .isFalse();
        assertThat(ran).isEmpty();

        underWay.finished(first);
        assertThat(ran).containsExactly("poller's record");
    }

    @Test
    void laterRecordsRunOneAtATimeInTheOrderTheyCame() {
        underWay.claim(first, () -> ran.add("first"));
        underWay.claim(first, () -> ran.add("second"));
        underWay.claim(first, () -> ran.add("third"));

        underWay.finished(first);
        assertThat(ran).containsExactly("second");
        underWay.finished(first);
        assertThat(ran).containsExactly("second", "third");
        underWay.finished(first);

        assertThat(underWay.claim(first, () -> ran.add("fourth"))).isTrue(); // nothing under way any more
    }

    @Test
    void otherDeliveriesAreNotHeldBack() {
        underWay.claim(first, () -> ran.add("first"));

        assertThat(underWay.claim(task("msg_b", 1), () -> ran.add("another delivery")))
                .isTrue();
        assertThat(ran).isEmpty();
    }

    private static DeliveryTask task(String webhookId, int version) {
        return new DeliveryTask(
                webhookId,
                Instant.parse("2026-11-25T12:00:00Z"),
                SubscriptionId.of(UUID.randomUUID()),
                OwnerId.of(UUID.randomUUID()),
                version);
    }
}
