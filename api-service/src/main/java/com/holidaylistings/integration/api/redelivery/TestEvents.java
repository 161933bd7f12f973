package com.holidaylistings.integration.api.redelivery;

import com.holidaylistings.integration.api.TimeOrderedUuid;
import com.holidaylistings.integration.api.Timestamps;
import com.holidaylistings.integration.api.command.CommandOutbox;
import com.holidaylistings.integration.api.hook.DeliveryRefusal;
import com.holidaylistings.integration.api.property.ListingSiteProperties;
import com.holidaylistings.integration.api.quota.OwnerQuota;
import com.holidaylistings.integration.api.quota.OwnerQuotas;
import com.holidaylistings.integration.api.web.error.Conflict;
import com.holidaylistings.integration.api.web.error.NotFound;
import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.PartyDetails;
import com.holidaylistings.integration.events.command.DeliveryCommand;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import com.holidaylistings.integration.events.delivery.WebhookIds;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/**
 * Test events: an owner checks their receiver with a delivery that is like every other (the spec's
 * {@code enquiry.created} payload, signed, with its own webhook-id) but about no real enquiry.
 * api-service makes the event (its id and sample payload) and writes a {@link DeliveryCommand.TestEvent}
 * to its outbox; the dispatcher makes the delivery, marked {@code test}, and sends it at once (within a
 * second of the answer). The answer's webhook-id is the one the dispatcher gives the delivery
 * ({@link WebhookIds}, the SQL function {@code webhook_id()}). The dispatcher neither retries a test
 * event nor counts it in the hook's health and statistics, and recover and the dead-letter replay
 * never pick it. No enquiry and no {@code enquiry.created} event are made: nothing reaches that topic
 * or any other subscription.
 */
@Repository
public class TestEvents {

    /** The property of a test event for an owner who has none yet. */
    static final UUID SAMPLE_PROPERTY = UUID.fromString("00000000-0000-4000-8000-000000000001");

    private final JdbcClient jdbc;
    private final CommandOutbox commands;
    private final ListingSiteProperties listingSite;
    private final OwnerQuotas quotas;

    TestEvents(JdbcClient jdbc, CommandOutbox commands, ListingSiteProperties listingSite, OwnerQuotas quotas) {
        this.jdbc = jdbc;
        this.commands = commands;
        this.listingSite = listingSite;
        this.quotas = quotas;
    }

    /** What a test event needs of the hook: whether it receives anything, and the property to name. */
    private record Hook(
            boolean paused,
            String unsubscribeReason,
            String ownerEmail,
            UUID propertyId,
            String propertyTitle,
            String propertyUrlSlug) {}

    /**
     * Queues a test event to the owner's hook, asked for by {@code requestId}; 404 for a hook the owner
     * does not have, 409 while it is paused or removed, 429 over the owner's quota of test events.
     */
    @Transactional
    public TestDelivery send(OwnerId owner, SubscriptionId subscription, String requestId) {
        Hook hook = hook(owner, subscription);
        DeliveryRefusal.of(hook.paused(), hook.unsubscribeReason()).ifPresent(refusal -> {
            throw new Conflict(refusal.reason());
        });
        quotas.take(owner, OwnerQuota.TEST_EVENTS);
        UUID eventId = TimeOrderedUuid.next();
        EnquiryCreated event = sample(hook, Timestamps.now());
        commands.write(new DeliveryCommand.TestEvent(
                TimeOrderedUuid.next(), Timestamps.now(), requestId, owner, subscription, eventId, event));
        return new TestDelivery(WebhookIds.of(eventId, subscription));
    }

    /**
     * The event of a guest's enquiry as the intake builds it ({@link EnquiryCreated#of}), about the
     * hook's property (its filter's, else the owner's first), with an enquiry id that no enquiry has.
     */
    private EnquiryCreated sample(Hook hook, Instant now) {
        LocalDate checkIn = now.atZone(ZoneOffset.UTC).toLocalDate().plusDays(30);
        boolean sampleProperty = hook.propertyId() == null;
        return EnquiryCreated.of(
                UUID.randomUUID(),
                sampleProperty ? SAMPLE_PROPERTY : hook.propertyId(),
                sampleProperty ? "Sample property" : hook.propertyTitle(),
                listingSite.propertyUrl(sampleProperty ? "sample-property" : hook.propertyUrlSlug()),
                hook.ownerEmail(),
                "Test enquiry",
                "This is a test event sent from the owner portal to check your receiver. No guest sent it.",
                now,
                "Test Guest",
                "test.guest@example.com",
                new PartyDetails(2, checkIn, checkIn.plusDays(7), null));
    }

    private Hook hook(OwnerId owner, SubscriptionId subscription) {
        return jdbc.sql("""
                        select s.paused, s.unsubscribe_reason, o.email, p.id, p.title, p.url_slug
                          from webhook_subscriptions s
                          join owners o on o.id = s.owner_id
                          left join lateral (select p.id, p.title, p.url_slug from properties p
                                              where p.owner_id = s.owner_id
                                                and (s.property_id is null or p.id = s.property_id)
                                              order by p.created_at, p.id limit 1) p on true
                         where s.id = :subscription and s.owner_id = :owner
                        """)
                .param("subscription", subscription.value())
                .param("owner", owner.value())
                .query((rs, n) -> new Hook(
                        rs.getBoolean("paused"),
                        rs.getString("unsubscribe_reason"),
                        rs.getString("email"),
                        rs.getObject("id", UUID.class),
                        rs.getString("title"),
                        rs.getString("url_slug")))
                .optional()
                .orElseThrow(NotFound::new);
    }
}
