package com.holidaylistings.integration.api.subscription;

import com.holidaylistings.integration.api.TimeOrderedUuid;
import com.holidaylistings.integration.api.Timestamps;
import com.holidaylistings.integration.api.property.ListingSiteProperties;
import com.holidaylistings.integration.api.web.Conflict;
import com.holidaylistings.integration.api.web.NotFound;
import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.PartyDetails;
import com.holidaylistings.integration.events.delivery.DeliveryRefusal;
import com.holidaylistings.integration.events.delivery.DeliveryStatus;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import tools.jackson.databind.json.JsonMapper;

/**
 * Test events: an owner checks their receiver with a delivery that is like every other (the spec's
 * {@code enquiry.created} payload, signed, with its own webhook-id) but about no real enquiry. It is
 * an event with its payload in {@code webhook_events} and a delivery row marked {@code test}, waiting
 * and due now, which the dispatcher's row poller sends within about a second; the dispatcher neither
 * retries it nor counts it in the hook's health and statistics, and recover and the dead-letter
 * replay never pick it. No enquiry and no outbox row are made: nothing reaches {@code enquiry.created}
 * or any other subscription.
 */
@Repository
public class TestEvents {

    /** The property of a test event for an owner who has none yet. */
    static final UUID SAMPLE_PROPERTY = UUID.fromString("00000000-0000-4000-8000-000000000001");

    private static final String SEND = """
            with event as (
                insert into webhook_events (event_id, submitted_at, enquiry_id, payload)
                values (:event, :submittedAt, :enquiry, cast(:payload as json)))
            insert into deliveries (webhook_id, submitted_at, event_id, subscription_id, owner_id, enquiry_id, status,
                                    next_attempt_at, requested_at, request_id, test)
            values (webhook_id(:event, :subscription), :submittedAt, :event, :subscription, :owner, :enquiry, :waiting,
                    now(), now(), :request, true)
            returning webhook_id
            """;

    private final JdbcClient jdbc;
    private final JsonMapper json;
    private final ListingSiteProperties listingSite;

    TestEvents(JdbcClient jdbc, JsonMapper json, ListingSiteProperties listingSite) {
        this.jdbc = jdbc;
        this.json = json;
        this.listingSite = listingSite;
    }

    /** What a test event needs of the hook: whether it receives anything, and the property to name. */
    private record Hook(boolean paused, String unsubscribeReason, String ownerEmail, UUID propertyId,
            String propertyTitle, String propertyUrlSlug) {}

    /**
     * Queues a test event to the owner's hook, asked for by {@code requestId}; 404 for a hook the owner
     * does not have, 409 while it is paused or removed.
     */
    public TestDelivery send(OwnerId owner, SubscriptionId subscription, String requestId) {
        Hook hook = hook(owner, subscription);
        DeliveryRefusal.of(hook.paused(), hook.unsubscribeReason()).ifPresent(refusal -> {
            throw new Conflict(refusal.reason());
        });
        UUID eventId = TimeOrderedUuid.next();
        EnquiryCreated event = sample(hook, Timestamps.now());
        String webhookId = jdbc.sql(SEND)
                .param("event", eventId)
                .param("submittedAt", event.sentAt().atOffset(ZoneOffset.UTC))
                .param("enquiry", event.enquiryId())
                .param("payload", json.writeValueAsString(event))
                .param("subscription", subscription.value())
                .param("owner", owner.value())
                .param("waiting", DeliveryStatus.WAITING.value())
                .param("request", requestId)
                .query(String.class)
                .single();
        return new TestDelivery(webhookId);
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
                .query((rs, n) -> new Hook(rs.getBoolean("paused"), rs.getString("unsubscribe_reason"),
                        rs.getString("email"), rs.getObject("id", UUID.class), rs.getString("title"),
                        rs.getString("url_slug")))
                .optional()
                .orElseThrow(NotFound::new);
    }
}
