package com.holidaylistings.integration.api.subscription;

import com.holidaylistings.integration.api.web.Conflict;
import com.holidaylistings.integration.api.web.NotFound;
import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.delivery.DeliveryRefusal;
import com.holidaylistings.integration.events.delivery.DeliveryStatus;
import com.holidaylistings.integration.events.delivery.EnquiryId;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionFilter;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/**
 * Asks webhook-dispatcher to deliver events to a subscription again (api-service has no Kafka
 * client) by marking their rows in {@code deliveries}: a delivery asked for waits on its row, due
 * now, at the first stage of the retry schedule, and the dispatcher's row poller puts it on
 * {@code webhook.deliveries} within about a second, with the event's webhook-id. A delivery already
 * queued or being retried ({@link DeliveryStatus#inProgress()}) is only marked as asked for: a
 * delivery has one chain of attempts at a time.
 *
 * <p>A delivery's row names its event, whose payload the dispatcher keeps in {@code webhook_events}
 * as long as the row. An event never fanned out to the subscription (submitted while it was paused)
 * gets its row here, from the outbox (its row's id is the event id, its payload the exact event),
 * which api-service keeps for {@code OUTBOX_RETENTION}. Which events a subscription
 * receives is the dispatcher's own rule, {@link SubscriptionFilter}; which subscriptions receive
 * nothing, {@link DeliveryRefusal} (paused, removed, unsubscribed).
 *
 * <p>A delivery's row is found by its subscription and enquiry in the partition of the enquiry's
 * {@code sent_at}: its {@code submitted_at} is that time (the fan-out takes it from the event).
 */
@Repository
public class Redeliveries {

    /** Queued or being retried: asked for again, such a delivery is only marked. */
    private static final List<String> IN_PROGRESS = Arrays.stream(DeliveryStatus.values())
            .filter(DeliveryStatus::inProgress).map(DeliveryStatus::value).toList();
    /** What recover asks for again besides the events never fanned out: deliveries that ended unreceived. */
    private static final List<String> MISSED = List.of(DeliveryStatus.ABANDONED.value(), DeliveryStatus.SKIPPED.value());

    // One statement whether the delivery has its row or not: the event's payload is copied from the
    // outbox when the event has none yet, and the row is made, or restarted at stage 1, waiting and due
    // now; a delivery in progress keeps its chain and only notes the request.
    private static final String REDELIVER = """
            with event as (
                insert into webhook_events (event_id, submitted_at, enquiry_id, payload)
                select o.id, :submittedAt, o.aggregate_id, o.payload from outbox o where o.id = :event
                on conflict do nothing)
            insert into deliveries as d (webhook_id, submitted_at, event_id, subscription_id, owner_id, enquiry_id,
                                         status, next_attempt_at, requested_at, request_id)
            values (webhook_id(:event, :subscription), :submittedAt, :event, :subscription, :owner, :enquiry,
                    :waiting, now(), now(), :request)
            on conflict (webhook_id, submitted_at) do update
               set requested_at    = now(),
                   request_id      = excluded.request_id,
                   status          = case when d.status in (:inProgress) then d.status else excluded.status end,
                   next_attempt_at = case when d.status in (:inProgress) then d.next_attempt_at else now() end,
                   stage           = case when d.status in (:inProgress) then d.stage else 1 end,
                   updated_at      = case when d.status in (:inProgress) then d.updated_at else now() end
            """;

    private final JdbcClient jdbc;

    Redeliveries(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** The subscription as a request for it needs it. */
    private record Hook(boolean paused, String unsubscribeReason, UUID propertyId, Instant createdAt) {

        SubscriptionFilter filter() {
            return new SubscriptionFilter(propertyId, createdAt);
        }

        /** Why nothing can be delivered to it now; an event delivered before can always be asked for again. */
        void refuseUnlessDeliverable() {
            DeliveryRefusal.of(paused, unsubscribeReason).ifPresent(refusal -> {
                throw new Conflict(refusal.reason());
            });
        }
    }

    /**
     * An enquiry of the owner and its event: null when neither a delivery to the subscription with its
     * payload nor the outbox has it. (Retention drops a day of deliveries before that day's payloads,
     * but each in its own step, so that one may be left without the other for a while.)
     */
    private record Event(UUID propertyId, Instant submittedAt, UUID eventId) {}

    /**
     * Queues a new delivery of the {@code enquiry.created} event of {@code enquiry} to the owner's
     * subscription, whether its earlier deliveries succeeded or failed, with the id of the request
     * that asked. A delivery still queued or being retried goes on as it is (one chain of attempts),
     * marked with this request.
     */
    @Transactional
    public Redelivery request(OwnerId owner, SubscriptionId subscription, EnquiryId enquiry, String requestId) {
        Hook hook = hook(owner, subscription);
        Event event = jdbc.sql("""
                        select e.property_id, e.sent_at,
                               coalesce((select d.event_id from deliveries d
                                           join webhook_events w on w.event_id = d.event_id and w.submitted_at = d.submitted_at
                                          where d.subscription_id = :subscription and d.enquiry_id = e.id
                                            and d.submitted_at = e.sent_at
                                          limit 1),
                                        (select o.id from outbox o
                                          where o.aggregate_id = e.id and o.event_type = :type
                                          order by o.created_at limit 1)) as event_id
                          from enquiries e
                         where e.id = :enquiry and e.owner_id = :owner
                        """)
                .param("type", EnquiryCreated.TYPE)
                .param("subscription", subscription.value())
                .param("enquiry", enquiry.value())
                .param("owner", owner.value())
                .query((rs, n) -> new Event(rs.getObject("property_id", UUID.class),
                        rs.getObject("sent_at", OffsetDateTime.class).toInstant(),
                        rs.getObject("event_id", UUID.class)))
                .optional()
                .orElseThrow(NotFound::new);
        if (!hook.filter().matches(event.propertyId(), event.submittedAt())) {
            throw new NotFound();
        }
        hook.refuseUnlessDeliverable();
        if (event.eventId() == null) {
            throw new EventNoLongerKept();
        }
        jdbc.sql(REDELIVER)
                .param("event", event.eventId())
                .param("submittedAt", event.submittedAt().atOffset(ZoneOffset.UTC))
                .param("subscription", subscription.value())
                .param("owner", owner.value())
                .param("enquiry", enquiry.value())
                .param("waiting", DeliveryStatus.WAITING.value())
                .param("request", requestId)
                .param("inProgress", IN_PROGRESS)
                .update();
        return Redelivery.queued(subscription, enquiry);
    }

    /**
     * Queues one delivery to the owner's subscription of every {@code enquiry.created} event
     * submitted after {@code since} that its filter matches and that it has not received and is not
     * being delivered: those never fanned out to it (submitted while it was paused) and those
     * abandoned or skipped, at most {@code max}, the oldest first. One statement over an index range
     * of the owner's (or the property's) enquiries. Returns how many it queued.
     */
    @Transactional
    public Recovery recover(OwnerId owner, SubscriptionId subscription, Instant since, String requestId, int max) {
        Hook hook = hook(owner, subscription);
        hook.refuseUnlessDeliverable();
        JdbcClient.StatementSpec insert = jdbc.sql(recoverStatement(hook.propertyId() != null))
                .param("subscription", subscription.value())
                .param("request", requestId)
                .param("type", EnquiryCreated.TYPE)
                .param("owner", owner.value())
                .param("since", since.atOffset(ZoneOffset.UTC))
                .param("createdAt", hook.createdAt().atOffset(ZoneOffset.UTC))
                .param("waiting", DeliveryStatus.WAITING.value())
                .param("missed", MISSED)
                .param("max", max);
        if (hook.propertyId() != null) {
            insert = insert.param("property", hook.propertyId());
        }
        return new Recovery(insert.update());
    }

    /**
     * The statement of a recover, for a hook on one property or on all the owner's. Two statements
     * rather than "property_id = :property or :property is null", so that each is one range of its
     * own index: enquiries_property_recent_idx or enquiries_owner_recent_idx, read oldest first up to
     * :max rows that pass; per enquiry one probe of deliveries_subscription_enquiry_idx in the
     * partition of its day (submitted_at = sent_at prunes the others as the statement runs; the
     * lateral subquery keeps the planner from hashing all the subscription's deliveries instead) and,
     * for an enquiry without a delivery, one of outbox_aggregate_idx. The event to queue is one value,
     * null when there is none, which the planner takes to be rarely null: so it reads the range in
     * order and stops at :max instead of sorting all of it (a condition on the lateral rows' columns
     * would be taken to pass rarely). The upsert's condition leaves out a delivery the dispatcher
     * made or moved on meanwhile (fanned out, being retried, received), so that the count is of the
     * deliveries queued now. A test event's delivery (about no enquiry of the owner) is never recovered.
     */
    static String recoverStatement(boolean onOneProperty) {
        String scope = onOneProperty ? "e.property_id = :property and e.owner_id = :owner" : "e.owner_id = :owner";
        return """
                with missed as (
                    select e.id as enquiry_id, e.sent_at, q.event_id, d.webhook_id is null as unsent
                      from enquiries e
                      left join lateral (select d.webhook_id, d.event_id, d.status from deliveries d
                                          where d.subscription_id = :subscription and d.enquiry_id = e.id
                                            and d.submitted_at = e.sent_at and not d.test
                                          limit 1) d on true
                      left join lateral (select o.id from outbox o
                                          where d.webhook_id is null and o.aggregate_id = e.id and o.event_type = :type
                                          order by o.created_at limit 1) o on true
                      cross join lateral (select case when d.webhook_id is null then o.id
                                                      when d.status in (:missed) then d.event_id end as event_id) q
                     where %s
                       and e.sent_at > :since and e.sent_at >= :createdAt
                       and q.event_id is not null
                     order by e.sent_at, e.id
                     limit :max),
                event as (
                    insert into webhook_events (event_id, submitted_at, enquiry_id, payload)
                    select o.id, m.sent_at, m.enquiry_id, o.payload from missed m join outbox o on o.id = m.event_id
                     where m.unsent
                    on conflict do nothing)
                insert into deliveries as d (webhook_id, submitted_at, event_id, subscription_id, owner_id, enquiry_id,
                                             status, next_attempt_at, requested_at, request_id)
                select webhook_id(m.event_id, :subscription), m.sent_at, m.event_id, :subscription, :owner, m.enquiry_id,
                       :waiting, now(), now(), :request
                  from missed m
                on conflict (webhook_id, submitted_at) do update
                   set status = excluded.status, next_attempt_at = now(), stage = 1, requested_at = now(),
                       request_id = excluded.request_id, updated_at = now()
                 where d.status in (:missed) and not d.test
                """.formatted(scope);
    }

    private Hook hook(OwnerId owner, SubscriptionId subscription) {
        return jdbc.sql("""
                        select paused, unsubscribe_reason, property_id, created_at from webhook_subscriptions
                         where id = :subscription and owner_id = :owner
                        """)
                .param("subscription", subscription.value())
                .param("owner", owner.value())
                .query((rs, n) -> new Hook(rs.getBoolean("paused"), rs.getString("unsubscribe_reason"),
                        rs.getObject("property_id", UUID.class),
                        rs.getObject("created_at", OffsetDateTime.class).toInstant()))
                .optional()
                .orElseThrow(NotFound::new);
    }
}
