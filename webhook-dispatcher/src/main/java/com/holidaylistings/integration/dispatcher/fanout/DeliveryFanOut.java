package com.holidaylistings.integration.dispatcher.fanout;

import com.holidaylistings.integration.dispatcher.lane.OwnerLanes;
import com.holidaylistings.integration.dispatcher.records.DeliveryTask;
import com.holidaylistings.integration.dispatcher.records.DueNowRecords;
import com.holidaylistings.integration.dispatcher.store.DeliveryStore;
import com.holidaylistings.integration.dispatcher.waiting.ParkedDeliveries;
import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.WebhookIds;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/**
 * Turns a batch of {@code enquiry.created} events into one delivery per matching subscription of
 * each: their rows first ({@link DeliveryStore#created}), then one record each on {@code webhook.deliveries}
 * for its first attempt, carrying its event's fan-out span in its {@code traceparent} header, and
 * returns once Kafka has them all: only then are the events' offsets committed. The deliveries of an
 * owner whose lane here is already busy ({@link OwnerLanes#sendsToRows}) get no record: their rows are
 * written waiting, and the row poller hands them to the lane as it empties. An owner flooded with
 * enquiries so costs one insert per delivery, not a record read by every replica's consumer and a
 * second write to park it, and its records do not stand in the partitions before other owners'. One subscription
 * query and one transaction serve the whole batch, and the records are sent together. A failure
 * (database or Kafka away) goes up to the listener container, which tries the batch again
 * (FanOutConfig); rows already written are kept, records sent again are copies that the delivery's
 * row recognises (its version moved on).
 */
@Component
class DeliveryFanOut {

    /**
     * An event read from {@code enquiry.created}: its id, the intake request's id, the enquiry, the exact
     * payload, and the relay's trace context (its {@code traceparent} header; null without one).
     */
    record Event(UUID eventId, String requestId, EnquiryCreated enquiry, String payload, String traceparent) {

        Event(UUID eventId, String requestId, EnquiryCreated enquiry, String payload) {
            this(eventId, requestId, enquiry, payload, null);
        }

        /** The enquiry's submission, the key of the event's and its deliveries' rows. */
        Instant submittedAt() {
            return DeliveryTask.atRowPrecision(enquiry.sentAt());
        }
    }

    /**
     * A delivery of an event to one subscription, as its first record carries it, with the trace context
     * of the event's fan-out, which its row keeps for the attempts the row poller starts from it later;
     * {@code waitsOnRow} when its owner's lane here is busy: it gets no record, and waits on its row for
     * the row poller.
     */
    record NewDelivery(Event event, DeliveryTask task, String traceparent, boolean waitsOnRow) {}

    private final LiveSubscriptions subscriptions;
    private final DeliveryStore rows;
    private final DueNowRecords records;
    private final FanOutObservation observation;
    private final OwnerLanes lanes;
    private final Counter toRows;

    DeliveryFanOut(
            LiveSubscriptions subscriptions,
            DeliveryStore rows,
            DueNowRecords records,
            FanOutObservation observation,
            OwnerLanes lanes,
            MeterRegistry meters) {
        this.observation = observation;
        this.subscriptions = subscriptions;
        this.rows = rows;
        this.records = records;
        this.lanes = lanes;
        this.toRows = ParkedDeliveries.counter(meters, ParkedDeliveries.AT_FAN_OUT);
    }

    /** Returns how many deliveries were queued. */
    int fanOut(List<Event> events) throws Exception {
        if (events.isEmpty()) {
            return 0;
        }
        Map<UUID, List<LiveSubscriptions.LiveSubscription>> byProperty = subscriptions.byProperty(events.stream()
                .map(event -> event.enquiry().propertyId())
                .distinct()
                .toList());
        // each event's fan-out is a span in its enquiry's trace; its deliveries' records and rows carry it on
        Map<Event, FanOutObservation.Started> spans = new IdentityHashMap<>(); // a batch may hold one event twice
        events.forEach(event -> spans.put(event, observation.start(event)));
        try {
            List<NewDelivery> deliveries = deliveries(events, byProperty, spans, toRowsOf(events, byProperty));
            if (deliveries.isEmpty()) {
                return 0;
            }
            rows.created(
                    deliveries.stream()
                            .map(NewDelivery::event)
                            .distinct()
                            .map(e -> new DeliveryStore.NewEvent(
                                    e.eventId(), e.submittedAt(), e.enquiry().enquiryId(), e.payload()))
                            .toList(),
                    deliveries.stream()
                            .map(d -> new DeliveryStore.NewDelivery(
                                    d.task(),
                                    d.event().eventId(),
                                    d.event().enquiry().enquiryId(),
                                    d.event().requestId(),
                                    d.traceparent(),
                                    d.waitsOnRow()))
                            .toList());
            // each in its event's fan-out span, by its header: no span per record
            List<DueNowRecords.DueNow> due = deliveries.stream()
                    .filter(d -> !d.waitsOnRow())
                    .map(d -> new DueNowRecords.DueNow(d.task(), d.traceparent()))
                    .toList();
            records.sendAll(due);
            toRows.increment(deliveries.size() - due.size());
            return deliveries.size();
        } catch (Exception e) {
            spans.values().forEach(span -> span.failed(e));
            throw e;
        } finally {
            spans.values().forEach(FanOutObservation.Started::stop);
        }
    }

    /** The owners of the batch whose lane here is busy, asked once per batch. */
    private Set<OwnerId> toRowsOf(List<Event> events, Map<UUID, List<LiveSubscriptions.LiveSubscription>> byProperty) {
        return events.stream()
                .flatMap(event -> byProperty.get(event.enquiry().propertyId()).stream())
                .map(LiveSubscriptions.LiveSubscription::owner)
                .distinct()
                .filter(lanes::sendsToRows)
                .collect(Collectors.toSet());
    }

    /** One delivery per event and matching subscription, in the events' order. */
    private static List<NewDelivery> deliveries(
            List<Event> events,
            Map<UUID, List<LiveSubscriptions.LiveSubscription>> byProperty,
            Map<Event, FanOutObservation.Started> spans,
            Set<OwnerId> toRows) {
        List<NewDelivery> deliveries = new ArrayList<>();
        for (Event event : events) {
            EnquiryCreated enquiry = event.enquiry();
            for (LiveSubscriptions.LiveSubscription subscription : byProperty.get(enquiry.propertyId())) {
                if (subscription.filter().matches(enquiry.propertyId(), enquiry.sentAt())) {
                    deliveries.add(new NewDelivery(
                            event,
                            new DeliveryTask(
                                    WebhookIds.of(event.eventId(), subscription.id()),
                                    enquiry.sentAt(),
                                    subscription.id(),
                                    subscription.owner(),
                                    0),
                            spans.get(event).traceparent(),
                            toRows.contains(subscription.owner())));
                }
            }
        }
        return deliveries;
    }
}
