package com.holidaylistings.integration.api.subscription;

import com.holidaylistings.integration.api.web.Conflict;
import com.holidaylistings.integration.api.web.NotFound;
import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.delivery.DeliveryOutcome;
import com.holidaylistings.integration.events.delivery.DeliveryRefusal;
import com.holidaylistings.integration.events.delivery.EnquiryId;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionFilter;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/**
 * Asks webhook-dispatcher to deliver events to a subscription again (api-service has no Kafka
 * client): a request is a row of {@code delivery_requests}, which the dispatcher polls and puts on
 * {@code webhook.deliveries} with the event's webhook-id and the full retry schedule.
 *
 * <p>An event is read from the outbox (its row's id is the event id, its payload the exact event),
 * which enquiry-ingest keeps for {@code INGEST_OUTBOX_RETENTION}; when that row is gone, from the
 * dispatcher's record of the event's last failed delivery to the subscription
 * ({@code failed_deliveries}, kept for {@code WEBHOOK_ATTEMPT_RETENTION}). Which events a
 * subscription receives is the dispatcher's own rule, {@link SubscriptionFilter}; which
 * subscriptions receive nothing, {@link DeliveryRefusal} (paused, removed, unsubscribed).
 */
@Repository
public class Redeliveries {

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
            DeliveryRefusal.of(paused, unsubscribeReason, false).ifPresent(refusal -> {
                throw new Conflict(refusal.reason());
            });
        }
    }

    /** An enquiry of the owner, and where its event can still be read. */
    private record Event(UUID propertyId, Instant submittedAt, UUID eventId, String failedDelivery) {}

    /**
     * Queues a new delivery of the {@code enquiry.created} event of {@code enquiry} to the owner's
     * subscription, whether its earlier deliveries succeeded or failed, with the id of the request
     * that asked. Asking again before the dispatcher has taken it changes nothing: it is queued once.
     */
    @Transactional
    public Redelivery request(OwnerId owner, SubscriptionId subscription, EnquiryId enquiry, String requestId) {
        Hook hook = hook(owner, subscription);
        Event event = jdbc.sql("""
                        select e.property_id, e.sent_at,
                               (select o.id from outbox o
                                 where o.aggregate_id = e.id and o.event_type = :type
                                 order by o.created_at limit 1) as event_id,
                               (select f.delivery::text from failed_deliveries f
                                 where f.subscription_id = :subscription and f.enquiry_id = e.id) as delivery
                          from enquiries e
                         where e.id = :enquiry and e.owner_id = :owner
                        """)
                .param("type", EnquiryCreated.TYPE)
                .param("subscription", subscription.value())
                .param("enquiry", enquiry.value())
                .param("owner", owner.value())
                .query((rs, n) -> new Event(rs.getObject("property_id", UUID.class),
                        rs.getObject("sent_at", OffsetDateTime.class).toInstant(),
                        rs.getObject("event_id", UUID.class), rs.getString("delivery")))
                .optional()
                .orElseThrow(NotFound::new);
        if (!hook.filter().matches(event.propertyId(), event.submittedAt())) {
            throw new NotFound();
        }
        hook.refuseUnlessDeliverable();
        if (event.eventId() == null && event.failedDelivery() == null) {
            throw new EventNoLongerKept();
        }
        jdbc.sql("""
                        insert into delivery_requests (subscription_id, enquiry_id, event_id, delivery, request_id)
                        values (:subscription, :enquiry, :event, cast(:delivery as json), :request)
                        on conflict (subscription_id, enquiry_id) do nothing
                        """)
                .param("subscription", subscription.value())
                .param("enquiry", enquiry.value())
                .param("event", event.eventId())
                .param("delivery", event.eventId() == null ? event.failedDelivery() : null)
                .param("request", requestId)
                .update();
        return Redelivery.queued(subscription, enquiry);
    }

    /**
     * Queues one delivery to the owner's subscription of every {@code enquiry.created} event
     * submitted after {@code since} that its filter matches and that has no successful delivery to
     * it, pending requests excepted, at most {@code max}, the oldest first: one insert over an index
     * range of the owner's (or the property's) enquiries. Returns how many it queued.
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
                .param("succeeded", DeliveryOutcome.SUCCEEDED.value())
                .param("max", max);
        if (hook.propertyId() != null) {
            insert = insert.param("property", hook.propertyId());
        }
        return new Recovery(insert.update());
    }

    /**
     * The insert of a recover, for a hook on one property or on all the owner's. Two statements
     * rather than "property_id = :property or :property is null", so that each is one range of its
     * own index: enquiries_property_recent_idx or enquiries_owner_recent_idx, read oldest first up to
     * :max rows that pass; per enquiry one probe of outbox_aggregate_idx, of failed_deliveries' and
     * delivery_requests' keys and of delivery_attempts_enquiry_idx.
     */
    static String recoverStatement(boolean onOneProperty) {
        String scope = onOneProperty ? "e.property_id = :property and e.owner_id = :owner" : "e.owner_id = :owner";
        return """
                insert into delivery_requests (subscription_id, enquiry_id, event_id, delivery, request_id)
                select :subscription, e.id, o.id, case when o.id is null then f.delivery end, :request
                  from enquiries e
                  left join lateral (select o.id from outbox o
                                      where o.aggregate_id = e.id and o.event_type = :type
                                      order by o.created_at limit 1) o on true
                  left join failed_deliveries f on f.subscription_id = :subscription and f.enquiry_id = e.id
                 where %s
                   and e.sent_at > :since and e.sent_at >= :createdAt
                   and (o.id is not null or f.delivery is not null)
                   and not exists (select 1 from delivery_attempts a
                                    where a.subscription_id = :subscription and a.enquiry_id = e.id
                                      and a.outcome = :succeeded)
                   and not exists (select 1 from delivery_requests r
                                    where r.subscription_id = :subscription and r.enquiry_id = e.id)
                 order by e.sent_at, e.id
                 limit :max
                on conflict (subscription_id, enquiry_id) do nothing
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
