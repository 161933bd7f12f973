package com.holidaylistings.integration.api.redelivery;

import com.holidaylistings.integration.api.TimeOrderedUuid;
import com.holidaylistings.integration.api.Timestamps;
import com.holidaylistings.integration.api.command.CommandOutbox;
import com.holidaylistings.integration.api.hook.DeliveryRefusal;
import com.holidaylistings.integration.api.quota.OwnerQuota;
import com.holidaylistings.integration.api.quota.OwnerQuotas;
import com.holidaylistings.integration.api.web.error.Conflict;
import com.holidaylistings.integration.api.web.error.NotFound;
import com.holidaylistings.integration.deliverylog.DeliveryStatus;
import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.command.DeliveryCommand;
import com.holidaylistings.integration.events.delivery.EnquiryId;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.json.JsonMapper;

/**
 * Asks webhook-dispatcher to deliver events to a subscription again: api-service checks the request
 * against its own rows and reads the delivery log (select only), then writes a command per delivery
 * asked for ({@link DeliveryCommand.Redeliver}, {@link DeliveryCommand.Recover}) to its outbox in the
 * same transaction; the dispatcher alone makes or restarts the deliveries, within about a second of
 * the answer. A delivery already queued or being retried keeps its one chain of attempts there. A
 * request that passes its checks counts against the owner's quota ({@link OwnerQuota#REDELIVERIES},
 * {@link OwnerQuota#RECOVERIES}) in the same transaction, before anything is written.
 *
 * <p>A delivery's row names its event, whose payload the dispatcher keeps in {@code webhook_events}
 * as long as the row. For an event never fanned out to the subscription (submitted while it was
 * paused) the command carries the event from the outbox (its row's id is the event id, its payload
 * the exact event), which api-service keeps for {@code OUTBOX_RETENTION}. Only an event the
 * subscription receives can be asked for again (the spec's terms, which the dispatcher's fan-out
 * applies too: its property, submitted at or after the subscription's creation); a subscription that
 * receives nothing now is refused ({@link DeliveryRefusal}: paused, removed, unsubscribed).
 *
 * <p>A delivery's row is found by its subscription and enquiry in the partition of the enquiry's
 * {@code sent_at}: its {@code submitted_at} is that time (the fan-out takes it from the event).
 */
@Repository
public class Redeliveries {

    /** What recover asks for again besides the events never fanned out: deliveries that ended unreceived. */
    private static final List<String> MISSED =
            List.of(DeliveryStatus.ABANDONED.value(), DeliveryStatus.SKIPPED.value());

    private final JdbcClient jdbc;
    private final JsonMapper json;
    private final CommandOutbox commands;
    private final OwnerQuotas quotas;

    Redeliveries(JdbcClient jdbc, JsonMapper json, CommandOutbox commands, OwnerQuotas quotas) {
        this.jdbc = jdbc;
        this.json = json;
        this.commands = commands;
        this.quotas = quotas;
    }

    /** The subscription as a request for it needs it. */
    private record Hook(boolean paused, String unsubscribeReason, UUID propertyId, Instant createdAt) {

        /**
         * Whether it receives an event on this property submitted then: one on its property (any of
         * the owner's when it has none) submitted at or after its creation. Recover's statement
         * selects by the same terms.
         */
        boolean receives(UUID eventPropertyId, Instant submittedAt) {
            return (propertyId == null || propertyId.equals(eventPropertyId)) && !createdAt.isAfter(submittedAt);
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
    private record Event(UUID propertyId, Instant submittedAt, UUID eventId, String outboxPayload) {}

    /**
     * Asks for a new delivery of the {@code enquiry.created} event of {@code enquiry} to the owner's
     * subscription, whether its earlier deliveries succeeded or failed, with the id of the request
     * that asked. A delivery still queued or being retried goes on as it is (one chain of attempts),
     * marked with this request, when the dispatcher applies the command.
     */
    @Transactional
    public Redelivery request(OwnerId owner, SubscriptionId subscription, EnquiryId enquiry, String requestId) {
        Hook hook = hook(owner, subscription);
        Event event = jdbc.sql("""
                        select e.property_id, e.sent_at, coalesce(d.event_id, o.id) as event_id, o.payload
                          from enquiries e
                          left join lateral (select d.event_id from deliveries d
                                               join webhook_events w on w.event_id = d.event_id
                                                                    and w.submitted_at = d.submitted_at
                                              where d.subscription_id = :subscription and d.enquiry_id = e.id
                                                and d.submitted_at = e.sent_at
                                              limit 1) d on true
                          left join lateral (select o.id, o.payload from outbox o
                                              where d.event_id is null and o.aggregate_id = e.id and o.event_type = :type
                                              order by o.created_at limit 1) o on true
                         where e.id = :enquiry and e.owner_id = :owner
                        """)
                .param("type", EnquiryCreated.TYPE)
                .param("subscription", subscription.value())
                .param("enquiry", enquiry.value())
                .param("owner", owner.value())
                .query((rs, n) -> new Event(
                        rs.getObject("property_id", UUID.class),
                        rs.getObject("sent_at", OffsetDateTime.class).toInstant(),
                        rs.getObject("event_id", UUID.class),
                        rs.getString("payload")))
                .optional()
                .orElseThrow(NotFound::new);
        if (!hook.receives(event.propertyId(), event.submittedAt())) {
            throw new NotFound();
        }
        hook.refuseUnlessDeliverable();
        if (event.eventId() == null) {
            throw new EventNoLongerKept();
        }
        quotas.take(owner, OwnerQuota.REDELIVERIES);
        commands.write(new DeliveryCommand.Redeliver(
                TimeOrderedUuid.next(),
                Timestamps.now(),
                requestId,
                owner,
                subscription,
                event.eventId(),
                enquiry,
                event.submittedAt(),
                payload(event.outboxPayload())));
        return Redelivery.queued(subscription, enquiry);
    }

    /**
     * Asks for one delivery to the owner's subscription of every {@code enquiry.created} event
     * submitted after {@code since} that its filter matches and that it has not received and is not
     * being delivered: those never fanned out to it (submitted while it was paused) and those
     * abandoned or skipped, at most {@code max}, the oldest first; one command each. Returns how many
     * it asked for: the dispatcher skips any that was delivered or queued meanwhile.
     */
    @Transactional
    public Recovery recover(OwnerId owner, SubscriptionId subscription, Instant since, String requestId, int max) {
        Hook hook = hook(owner, subscription);
        hook.refuseUnlessDeliverable();
        quotas.take(owner, OwnerQuota.RECOVERIES);
        JdbcClient.StatementSpec select = jdbc.sql(recoverStatement(hook.propertyId() != null))
                .param("subscription", subscription.value())
                .param("type", EnquiryCreated.TYPE)
                .param("owner", owner.value())
                .param("since", since.atOffset(ZoneOffset.UTC))
                .param("createdAt", hook.createdAt().atOffset(ZoneOffset.UTC))
                .param("missed", MISSED)
                .param("max", max);
        if (hook.propertyId() != null) {
            select = select.param("property", hook.propertyId());
        }
        Instant requestedAt = Timestamps.now();
        List<DeliveryCommand.Recover> missed = select.query((rs, n) -> new DeliveryCommand.Recover(
                        TimeOrderedUuid.next(),
                        requestedAt,
                        requestId,
                        owner,
                        subscription,
                        rs.getObject("event_id", UUID.class),
                        EnquiryId.of(rs.getObject("enquiry_id", UUID.class)),
                        rs.getObject("sent_at", OffsetDateTime.class).toInstant(),
                        payload(rs.getString("payload"))))
                .list();
        commands.writeAll(missed);
        return new Recovery(missed.size());
    }

    /**
     * The missed events of a recover, for a hook on one property or on all the owner's. Two statements
     * rather than "property_id = :property or :property is null", so that each is one range of its
     * own index: enquiries_property_recent_idx or enquiries_owner_recent_idx, read oldest first up to
     * :max rows that pass; per enquiry one probe of deliveries_subscription_enquiry_idx in the
     * partition of its day (submitted_at = sent_at prunes the others as the statement runs; the
     * lateral subquery keeps the planner from hashing all the subscription's deliveries instead) and,
     * for an enquiry without a delivery, one of outbox_aggregate_idx. The event to ask for is one value,
     * null when there is none, which the planner takes to be rarely null: so it reads the range in
     * order and stops at :max instead of sorting all of it (a condition on the lateral rows' columns
     * would be taken to pass rarely). An event never fanned out comes with its payload from the outbox.
     * A test event's delivery (about no enquiry of the owner) is never recovered.
     */
    static String recoverStatement(boolean onOneProperty) {
        String scope = onOneProperty ? "e.property_id = :property and e.owner_id = :owner" : "e.owner_id = :owner";
        return """
                select e.id as enquiry_id, e.sent_at, q.event_id, o.payload
                  from enquiries e
                  left join lateral (select d.webhook_id, d.event_id, d.status from deliveries d
                                      where d.subscription_id = :subscription and d.enquiry_id = e.id
                                        and d.submitted_at = e.sent_at and not d.test
                                      limit 1) d on true
                  left join lateral (select o.id, o.payload from outbox o
                                      where d.webhook_id is null and o.aggregate_id = e.id and o.event_type = :type
                                      order by o.created_at limit 1) o on true
                  cross join lateral (select case when d.webhook_id is null then o.id
                                                  when d.status in (:missed) then d.event_id end as event_id) q
                 where %s
                   and e.sent_at > :since and e.sent_at >= :createdAt
                   and q.event_id is not null
                 order by e.sent_at, e.id
                 limit :max
                """.formatted(scope);
    }

    /** The event read from the outbox, for a delivery the dispatcher may not have its payload of; else null. */
    private EnquiryCreated payload(String outboxPayload) {
        return outboxPayload == null ? null : json.readValue(outboxPayload, EnquiryCreated.class);
    }

    private Hook hook(OwnerId owner, SubscriptionId subscription) {
        return jdbc.sql("""
                        select paused, unsubscribe_reason, property_id, created_at from webhook_subscriptions
                         where id = :subscription and owner_id = :owner
                        """)
                .param("subscription", subscription.value())
                .param("owner", owner.value())
                .query((rs, n) -> new Hook(
                        rs.getBoolean("paused"),
                        rs.getString("unsubscribe_reason"),
                        rs.getObject("property_id", UUID.class),
                        rs.getObject("created_at", OffsetDateTime.class).toInstant()))
                .optional()
                .orElseThrow(NotFound::new);
    }
}
