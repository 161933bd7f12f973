package com.holidaylistings.integration.dispatcher.fanout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.dispatcher.DispatcherIntegrationTest;
import com.holidaylistings.integration.dispatcher.Events;
import com.holidaylistings.integration.dispatcher.TestData;
import com.holidaylistings.integration.dispatcher.lane.OwnerLanes;
import com.holidaylistings.integration.dispatcher.records.DeliveryTask;
import com.holidaylistings.integration.dispatcher.store.DeliveryStore;
import com.holidaylistings.integration.dispatcher.waiting.ParkedDeliveries;
import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import com.holidaylistings.integration.events.delivery.WebhookIds;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The deliveries of an owner whose lane is busy are written waiting on their rows, with no record,
 * and the row poller brings them once the lane has room: they are not read from Kafka only to be
 * parked. Without it the delivery would be written pending and wait in the lane behind the others.
 */
class BusyOwnerFanOutIT extends DispatcherIntegrationTest {

    private static final Duration DONE = Duration.ofSeconds(60);

    @Autowired
    private OwnerLanes lanes;

    @Autowired
    private MeterRegistry meters;

    @Autowired
    private DeliveryStore rows;

    @Test
    void aBusyOwnersNewDeliveryWaitsOnItsRowAndIsDeliveredOnceTheLaneHasRoom() {
        OwnersHook hook = hookAt("/busy-owner");
        UUID property = hook.property();
        UUID subscription = hook.subscription();
        OwnerId ownerId = hook.owner();
        CountDownLatch release = new CountDownLatch(1);
        try {
            holdTheLane(ownerId, release);
            double before = parkedAtFanOut();

            Events.Published enquiry = events.enquiryOn(property);

            await().atMost(DONE)
                    .until(() ->
                            data.delivery(subscription, enquiry.enquiryId()).isPresent());
            TestData.Delivery written =
                    data.delivery(subscription, enquiry.enquiryId()).orElseThrow();
            assertThat(written.status())
                    .as("written waiting, to be taken by the row poller")
                    .isEqualTo("waiting");
            assertThat(written.attempts()).isZero();
            assertThat(parkedAtFanOut() - before)
                    .as("counted as parked at the fan-out")
                    .isGreaterThanOrEqualTo(1);
            assertThat(receiver.requests("/busy-owner"))
                    .as("not attempted while the lane is busy")
                    .isEmpty();

            release.countDown();

            await().atMost(DONE).until(() -> receiver.requests("/busy-owner").size() == 1);
            await().atMost(DONE)
                    .until(() -> "succeeded".equals(data.deliveryStatus(subscription, enquiry.enquiryId())));
        } finally {
            release.countDown();
        }
    }

    /**
     * A batch's first try wrote its rows pending, then Kafka did not take its records; when the batch is
     * tried again its owner is busy. The row, with no record, waits on its row for the lane rather than
     * for the overdue net (5 minutes), and is delivered once. Without it the row stays pending unsent.
     */
    @Test
    void aRowLeftPendingWithoutItsRecordWaitsForTheLaneWhenItsBatchIsTriedAgainForABusyOwner() {
        OwnersHook hook = hookAt("/busy-owner-tried-again");
        UUID subscription = hook.subscription();
        OwnerId ownerId = hook.owner();
        EnquiryCreated enquiry = Events.anEnquiryOn(hook.property());
        UUID eventId = UUID.randomUUID();
        String payload = Events.payloadOf(enquiry);
        DeliveryFanOut.Event event = new DeliveryFanOut.Event(eventId, "intake-" + eventId, enquiry, payload);
        SubscriptionId hookId = SubscriptionId.of(subscription);
        // the first try: the row written pending, its record never sent
        rows.created(
                List.of(new DeliveryStore.NewEvent(eventId, event.submittedAt(), enquiry.enquiryId(), payload)),
                List.of(new DeliveryStore.NewDelivery(
                        new DeliveryTask(WebhookIds.of(eventId, hookId), enquiry.sentAt(), hookId, ownerId, 0),
                        eventId,
                        enquiry.enquiryId(),
                        event.requestId(),
                        null,
                        false)));
        assertThat(data.deliveryStatus(subscription, enquiry.enquiryId())).isEqualTo("pending");
        CountDownLatch release = new CountDownLatch(1);
        try {
            holdTheLane(ownerId, release);

            events.publish(enquiry.enquiryId(), eventId.toString(), payload); // the batch tried again

            await().atMost(DONE).until(() -> "waiting".equals(data.deliveryStatus(subscription, enquiry.enquiryId())));
            assertThat(receiver.requests("/busy-owner-tried-again"))
                    .as("not attempted while the lane is busy")
                    .isEmpty();

            release.countDown();

            await().atMost(DONE)
                    .until(() -> "succeeded".equals(data.deliveryStatus(subscription, enquiry.enquiryId())));
            assertThat(receiver.requests("/busy-owner-tried-again")).hasSize(1);
        } finally {
            release.countDown();
        }
    }

    /** A new owner with a property and one hook on {@code path} of the test receiver, answering 200. */
    private record OwnersHook(OwnerId owner, UUID property, UUID subscription) {}

    private OwnersHook hookAt(String path) {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        return new OwnersHook(
                OwnerId.of(owner.id()),
                property,
                data.subscribe(owner, receiver.url(path, WebhookReceiver.Answer.ok()), null));
    }

    /** The owner's other work: its 64 slots held, and 1,200 more waiting (half of an owner's 2,000 is busy). */
    private void holdTheLane(OwnerId ownerId, CountDownLatch release) {
        SubscriptionId elsewhere = SubscriptionId.of(UUID.randomUUID());
        while (!lanes.busy().contains(ownerId)) {
            assertThat(lanes.offer(ownerId, elsewhere, () -> awaitQuietly(release)))
                    .isTrue();
        }
    }

    private double parkedAtFanOut() {
        return meters.get("webhook.delivery.parked")
                .tag("at", ParkedDeliveries.AT_FAN_OUT)
                .counter()
                .count();
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
