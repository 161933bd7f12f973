package com.holidaylistings.integration.dispatcher.waiting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.dispatcher.DispatcherIntegrationTest;
import com.holidaylistings.integration.dispatcher.TestData;
import com.holidaylistings.integration.dispatcher.records.DeliveryTask;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * A delivery whose owner's lane is full waits on its row, and the row poller brings it back: it is
 * delivered once, as the attempt its record was for; a copy of a record whose attempt was made
 * parks nothing.
 */
class ParkingLotIT extends DispatcherIntegrationTest {

    private static final Duration DONE = Duration.ofSeconds(60);

    @Autowired
    private ParkingLot parking;

    @Autowired
    private MeterRegistry meters;

    @Test
    void aParkedDeliveryWaitsOnItsRowAndIsDeliveredByTheRowPoller() throws Exception {
        TestData.Owner owner = data.owner();
        UUID subscription = data.subscribe(owner, receiver.url("/parked", WebhookReceiver.Answer.ok()), null);
        UUID enquiry = UUID.randomUUID();
        UUID event = UUID.randomUUID();
        Instant submitted = Instant.now().truncatedTo(ChronoUnit.MICROS);
        String webhookId = data.insertDelivery(
                owner,
                subscription,
                event,
                enquiry,
                submitted,
                "{\"event\":\"enquiry.created\",\"enquiry_id\":\"" + enquiry + "\"}",
                "pending",
                0,
                1,
                Instant.now().plus(Duration.ofMinutes(1)),
                null);
        DeliveryTask task =
                new DeliveryTask(webhookId, submitted, SubscriptionId.of(subscription), OwnerId.of(owner.id()), 0);

        double parkedBefore = parkedCount();
        CompletableFuture<Boolean> parked = new CompletableFuture<>();
        parking.park(task, parked::complete);

        assertThat(parked.get(60, TimeUnit.SECONDS)).as("parked").isTrue();
        // at least: the other tests' deliveries share the context and its counter
        assertThat(parkedCount() - parkedBefore).as("counted as parked").isGreaterThanOrEqualTo(1);
        await().atMost(DONE).until(() -> receiver.requests("/parked").size() == 1);
        assertThat(receiver.requests("/parked").get(0).header("webhook-id")).isEqualTo(webhookId);
        await().atMost(DONE).until(() -> "succeeded".equals(data.deliveryStatus(subscription, enquiry)));

        CompletableFuture<Boolean> copy = new CompletableFuture<>();
        parking.park(task, copy::complete);
        assertThat(copy.get(60, TimeUnit.SECONDS)).as("the row moved on").isFalse();
        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(data.deliveryStatus(subscription, enquiry))
                    .as("a copy parks nothing")
                    .isEqualTo("succeeded");
            assertThat(receiver.requests("/parked")).hasSize(1);
        });
    }

    @Test
    void aRecordOfAVersionTheRowMovedOnFromParksNothing() throws Exception {
        TestData.Owner owner = data.owner();
        UUID subscription = data.subscribe(owner, receiver.url("/moved-on", WebhookReceiver.Answer.ok()), null);
        UUID enquiry = UUID.randomUUID();
        Instant submitted = Instant.now().truncatedTo(ChronoUnit.MICROS);
        String webhookId = data.insertDelivery(
                owner,
                subscription,
                UUID.randomUUID(),
                enquiry,
                submitted,
                "{\"event\":\"enquiry.created\",\"enquiry_id\":\"" + enquiry + "\"}",
                "pending",
                0,
                1,
                Instant.now().plus(Duration.ofMinutes(1)),
                null);
        // the row is at version 0: a record written for version 1 or 2 is not the one it waits for
        for (int version : new int[] {1, 2}) {
            DeliveryTask other = new DeliveryTask(
                    webhookId, submitted, SubscriptionId.of(subscription), OwnerId.of(owner.id()), version);
            CompletableFuture<Boolean> result = new CompletableFuture<>();
            parking.park(other, result::complete);
            assertThat(result.get(60, TimeUnit.SECONDS))
                    .as("version %d", version)
                    .isFalse();
        }
        assertThat(data.deliveryStatus(subscription, enquiry))
                .as("left pending, for its own record")
                .isEqualTo("pending");
    }

    private double parkedCount() {
        return meters.get("webhook.delivery.parked")
                .tag("at", ParkedDeliveries.AT_LANE)
                .counter()
                .count();
    }
}
