package com.holidaylistings.integration.api.subscription;

import static com.holidaylistings.integration.api.subscription.SubscriptionIT.aSubscription;
import static com.holidaylistings.integration.api.support.ErrorBodies.assertError;
import static com.holidaylistings.integration.events.delivery.DeliveryStatus.ABANDONED;
import static com.holidaylistings.integration.events.delivery.DeliveryStatus.GONE;
import static com.holidaylistings.integration.events.delivery.DeliveryStatus.PENDING;
import static com.holidaylistings.integration.events.delivery.DeliveryStatus.SKIPPED;
import static com.holidaylistings.integration.events.delivery.DeliveryStatus.SUCCEEDED;
import static com.holidaylistings.integration.events.delivery.DeliveryStatus.WAITING;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.DeliveryRows;
import com.holidaylistings.integration.api.support.TestWorld;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import com.holidaylistings.integration.events.delivery.WebhookIds;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * POST …/hooks/{hookId}/deliveries/{enquiryId}/redeliver: queues a new delivery of any event of
 * the hook, delivered or not, by making its row in deliveries wait, due now, for webhook-dispatcher
 * (its row is made from the outbox when the event was never fanned out to the hook); a delivery
 * already queued or being retried is only marked as asked for. The dispatcher's rows are written the
 * way it writes them; a refused request changes nothing.
 */
class RedeliveryIT extends ApiIntegrationTest {

    private static final String HOOKS = "/integration/v1/hooks/enquiries";
    private static final Instant T0 = Instant.parse("2026-11-20T10:00:00.123456Z");

    private DeliveryRows rows;

    @BeforeEach
    void rows() {
        rows = new DeliveryRows(jdbc);
    }

    private ApiClient portal() {
        return http.with("X-Admin-Key", TestWorld.ADMIN_KEY);
    }

    private static String redeliver(UUID ownerId, Object hookId, Object enquiryId) {
        return "/internal/v1/owners/" + ownerId + "/hooks/" + hookId + "/deliveries/" + enquiryId + "/redeliver";
    }

    @Test
    void queuesADeliveredEventAgainWithTheIdOfTheRequest() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/delivered", null);
        UUID enquiry = world.newEnquiry(owner);
        rows.delivery(hook, enquiry, SUCCEEDED, 1, 1);
        rows.attempt(hook, enquiry, 1, "succeeded", T0);
        Instant before = now();

        ApiClient.Response response = portal().with("X-Request-Id", "portal-redeliver-1")
                .post(redeliver(owner.ownerId(), hook, enquiry), null);

        assertThat(response.status()).as(response.body()).isEqualTo(202);
        assertThat(response.json().propertyNames()).containsExactlyInAnyOrder("hook_id", "enquiry_id", "status");
        assertThat(response.json().get("hook_id").asString()).isEqualTo(hook.toString());
        assertThat(response.json().get("enquiry_id").asString()).isEqualTo(enquiry.toString());
        assertThat(response.json().get("status").asString()).isEqualTo("queued");
        DeliveryRows.Delivery delivery = single(hook);
        assertThat(delivery.webhookId()).isEqualTo(WebhookIds.of(rows.eventId(enquiry), SubscriptionId.of(hook)));
        assertThat(delivery.status()).isEqualTo(WAITING);
        assertThat(delivery.nextAttemptAt()).isBetween(before, now());
        assertThat(delivery.requestedAt()).isBetween(before, now());
        assertThat(delivery.requestId()).isEqualTo("portal-redeliver-1");
    }

    @Test
    void restartsASucceededDeliveryAtTheFirstStageWithItsAttemptsNumberedOn() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/succeeded-late", null);
        UUID enquiry = world.newEnquiry(owner);
        // Delivered at its third attempt, after two retries.
        rows.delivery(hook, enquiry, SUCCEEDED, 3, 3);
        Instant before = now();

        assertThat(portal().post(redeliver(owner.ownerId(), hook, enquiry), null).status()).isEqualTo(202);

        DeliveryRows.Delivery delivery = single(hook);
        assertThat(delivery.status()).isEqualTo(WAITING);
        assertThat(delivery.stage()).isEqualTo(1);
        assertThat(delivery.attempts()).as("the next attempt is the 4th").isEqualTo(3);
        assertThat(delivery.nextAttemptAt()).isBetween(before, now());
        assertThat(delivery.updatedAt()).isBetween(before, now());
    }

    @Test
    void queuesAnAbandonedEventAndAnEventNeverAttempted() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/failed", null);
        UUID abandoned = world.newEnquiry(owner);
        rows.delivery(hook, abandoned, ABANDONED, 6, 6);
        UUID neverAttempted = world.newEnquiry(owner);
        rows.delivery(hook, neverAttempted, SKIPPED, 0, 1);

        ApiClient.Response first = portal().post(redeliver(owner.ownerId(), hook, abandoned), null);
        ApiClient.Response second = portal().post(redeliver(owner.ownerId(), hook, neverAttempted), null);

        assertThat(first.status()).as(first.body()).isEqualTo(202);
        assertThat(second.status()).as(second.body()).isEqualTo(202);
        assertThat(rows.deliveries(hook)).extracting(DeliveryRows.Delivery::enquiryId, DeliveryRows.Delivery::status,
                        DeliveryRows.Delivery::attempts, DeliveryRows.Delivery::stage, DeliveryRows.Delivery::requestId)
                .containsExactly(
                        tuple(abandoned, WAITING, 6, 1, first.header("X-Request-Id")),
                        tuple(neverAttempted, WAITING, 0, 1, second.header("X-Request-Id")));
    }

    @Test
    void queuesAnEventSubmittedWhileTheHookWasPausedOnceItIsResumed() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/paused-then", null);
        String hookPath = "/internal/v1/owners/" + owner.ownerId() + "/hooks/" + hook;
        assertThat(portal().post(hookPath + "/pause", null).status()).isEqualTo(200);
        // Submitted while paused: the dispatcher fanned it out to no delivery of this hook.
        UUID enquiry = world.newEnquiry(owner);

        assertError(portal().post(redeliver(owner.ownerId(), hook, enquiry), null), 409, "Hook is paused; resume it first");
        assertThat(rows.deliveries(hook)).isEmpty();

        assertThat(portal().post(hookPath + "/resume", null).status()).isEqualTo(200);
        Instant before = now();
        assertThat(portal().with("X-Request-Id", "after-pause").post(redeliver(owner.ownerId(), hook, enquiry), null)
                .status()).isEqualTo(202);

        UUID event = rows.eventId(enquiry);
        DeliveryRows.Delivery delivery = single(hook);
        assertThat(delivery).isEqualTo(new DeliveryRows.Delivery(enquiry, WebhookIds.of(event, SubscriptionId.of(hook)),
                event, WAITING, 0, 1, delivery.nextAttemptAt(), delivery.requestedAt(), "after-pause", delivery.updatedAt()));
        assertThat(delivery.nextAttemptAt()).isBetween(before, now());
        assertThat(rows.eventPayload(event)).isEqualTo(rows.outboxPayload(enquiry));
    }

    @Test
    void usesTheDeliverysRowOnceTheOutboxRowIsPurged() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/purged", null);
        UUID enquiry = world.newEnquiry(owner);
        rows.delivery(hook, enquiry, ABANDONED, 6, 6);
        UUID event = rows.eventId(enquiry);
        String payload = rows.outboxPayload(enquiry);
        rows.purgeOutbox(enquiry);

        ApiClient.Response response = portal().with("X-Request-Id", "after-purge").post(redeliver(owner.ownerId(), hook, enquiry), null);

        assertThat(response.status()).as(response.body()).isEqualTo(202);
        assertThat(rows.deliveries(hook)).extracting(DeliveryRows.Delivery::eventId, DeliveryRows.Delivery::status,
                        DeliveryRows.Delivery::requestId)
                .containsExactly(tuple(event, WAITING, "after-purge"));
        assertThat(rows.eventPayload(event)).isEqualTo(payload);
    }

    @Test
    void answersNotFoundWithAReasonWhenTheEventIsNoLongerKept() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/forgotten", null);
        UUID enquiry = world.newEnquiry(owner);
        // Its delivery to this hook is past the dispatcher's retention (or never was), and its outbox row is purged.
        rows.purgeOutbox(enquiry);
        // A delivery whose payload retention dropped first, its outbox row purged too.
        UUID withoutPayload = world.newEnquiry(owner);
        rows.delivery(hook, withoutPayload, ABANDONED, 6, 6);
        rows.dropPayload(rows.eventId(withoutPayload));
        rows.purgeOutbox(withoutPayload);

        assertError(portal().post(redeliver(owner.ownerId(), hook, enquiry), null), 404,
                "Not found: the event is no longer kept for redelivery");
        assertError(portal().post(redeliver(owner.ownerId(), hook, withoutPayload), null), 404,
                "Not found: the event is no longer kept for redelivery");
        assertThat(rows.deliveries(hook)).extracting(DeliveryRows.Delivery::enquiryId, DeliveryRows.Delivery::status)
                .containsExactly(tuple(withoutPayload, ABANDONED));
    }

    @Test
    void leavesOneWaitingDeliveryWhenAskedTwiceBeforeTheDispatcherTakesIt() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/twice", null);
        UUID enquiry = world.newEnquiry(owner);
        assertThat(portal().with("X-Request-Id", "first").post(redeliver(owner.ownerId(), hook, enquiry), null).status())
                .isEqualTo(202);
        DeliveryRows.Delivery first = single(hook);

        ApiClient.Response again = portal().with("X-Request-Id", "second").post(redeliver(owner.ownerId(), hook, enquiry), null);

        assertThat(again.status()).as(again.body()).isEqualTo(202);
        assertThat(again.json().get("status").asString()).isEqualTo("queued");
        DeliveryRows.Delivery second = single(hook);
        assertThat(second.requestedAt()).isAfter(first.requestedAt());
        assertThat(second).as("the same waiting delivery, only marked with the second request").isEqualTo(
                new DeliveryRows.Delivery(enquiry, first.webhookId(), first.eventId(), WAITING, 0, 1, first.nextAttemptAt(),
                        second.requestedAt(), "second", first.updatedAt()));
    }

    @Test
    void leavesADeliveryBeingRetriedToItsRetriesAndMarksItAsAskedFor() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/retrying", null);
        UUID enquiry = world.newEnquiry(owner);
        // Two attempts failed; its record waits on the third stage's retry topic.
        rows.delivery(hook, enquiry, PENDING, 2, 3);
        DeliveryRows.Delivery retried = single(hook);

        ApiClient.Response response = portal().with("X-Request-Id", "while-retried").post(redeliver(owner.ownerId(), hook, enquiry), null);

        assertThat(response.status()).as(response.body()).isEqualTo(202);
        DeliveryRows.Delivery marked = single(hook);
        assertThat(marked.requestedAt()).isNotNull();
        assertThat(marked).as("the same chain, only marked with the request").isEqualTo(new DeliveryRows.Delivery(enquiry,
                retried.webhookId(), retried.eventId(), PENDING, 2, 3, retried.nextAttemptAt(), marked.requestedAt(),
                "while-retried", retried.updatedAt()));
    }

    @Test
    void queuesAgainOnceTheDispatcherHasDeliveredTheEarlierRequest() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/again", null);
        UUID enquiry = world.newEnquiry(owner);
        assertThat(portal().with("X-Request-Id", "first").post(redeliver(owner.ownerId(), hook, enquiry), null).status())
                .isEqualTo(202);
        rows.takenByTheDispatcher(hook);
        assertThat(portal().with("X-Request-Id", "second").post(redeliver(owner.ownerId(), hook, enquiry), null).status())
                .isEqualTo(202);
        assertThat(single(hook).status()).as("still on its way: no second chain").isEqualTo(PENDING);
        rows.attemptEnded(hook, enquiry, SUCCEEDED);

        ApiClient.Response again = portal().with("X-Request-Id", "third").post(redeliver(owner.ownerId(), hook, enquiry), null);

        assertThat(again.status()).as(again.body()).isEqualTo(202);
        assertThat(rows.deliveries(hook)).extracting(DeliveryRows.Delivery::status, DeliveryRows.Delivery::attempts,
                        DeliveryRows.Delivery::stage, DeliveryRows.Delivery::requestId)
                .containsExactly(tuple(WAITING, 1, 1, "third"));
    }

    @Test
    void answersNotFoundForAnotherOwnersHookOrEnquiryAndForUnknownOrMalformedIds() {
        TestWorld.Account owner = world.newAccount();
        TestWorld.Account other = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/mine", null);
        UUID theirs = world.subscribe(other, "https://93.184.215.14/theirs", null);
        UUID enquiry = world.newEnquiry(owner);
        UUID theirEnquiry = world.newEnquiry(other);

        List<String> paths = List.of(
                "/internal/v1/owners/" + UUID.randomUUID() + "/hooks/" + hook + "/deliveries/" + enquiry + "/redeliver",
                "/internal/v1/owners/abc/hooks/" + hook + "/deliveries/" + enquiry + "/redeliver",
                // owner B against owner A's hook, with A's or B's enquiry
                redeliver(other.ownerId(), hook, enquiry),
                redeliver(other.ownerId(), hook, theirEnquiry),
                // owner A's hook with owner B's enquiry, and B's hook through A
                redeliver(owner.ownerId(), hook, theirEnquiry),
                redeliver(owner.ownerId(), theirs, theirEnquiry),
                redeliver(owner.ownerId(), UUID.randomUUID(), enquiry),
                redeliver(owner.ownerId(), "abc", enquiry),
                redeliver(owner.ownerId(), "1-1-1-1-1", enquiry),
                redeliver(owner.ownerId(), hook, "abc"),
                redeliver(owner.ownerId(), hook, "1-1-1-1-1"),
                redeliver(owner.ownerId(), hook, UUID.randomUUID()));
        for (String path : paths) {
            assertError(portal().post(path, null), 404, "Not found");
        }
        assertThat(rows.deliveries(hook)).isEmpty();
        assertThat(rows.deliveries(theirs)).isEmpty();
    }

    @Test
    void answersNotFoundForAnEventTheHooksFilterDoesNotMatch() {
        TestWorld.Account owner = world.newAccount();
        UUID otherProperty = world.newProperty(owner.ownerId());
        UUID hook = world.subscribe(owner, "https://93.184.215.14/one-property", owner.propertyId());
        UUID elsewhere = UUID.fromString(world.submitEnquiry(otherProperty).get("id").asString());
        UUID before = world.newEnquiry(owner);
        // Submitted before the hook existed: the dispatcher never sends those to it either.
        rows.submittedAt(before, Instant.now().minus(Duration.ofDays(1)));
        rows.createdAt(hook, Instant.now().minus(Duration.ofHours(1)));

        assertError(portal().post(redeliver(owner.ownerId(), hook, elsewhere), null), 404, "Not found");
        assertError(portal().post(redeliver(owner.ownerId(), hook, before), null), 404, "Not found");
        assertThat(rows.deliveries(hook)).isEmpty();
    }

    @Test
    void refusesAHookTheOwnerRemoved() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/removed", null);
        UUID enquiry = world.newEnquiry(owner);
        assertThat(as(owner).delete(HOOKS, aSubscription("https://93.184.215.14/removed", null)).status()).isEqualTo(200);

        assertError(portal().post(redeliver(owner.ownerId(), hook, enquiry), null), 409, "Hook is unsubscribed");
        assertThat(rows.deliveries(hook)).isEmpty();
    }

    @Test
    void refusesAHookItsReceiverUnsubscribedWithGone() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/gone", null);
        UUID enquiry = world.newEnquiry(owner);
        rows.delivery(hook, enquiry, GONE, 1, 1);
        rows.attempt(hook, enquiry, 1, "gone", T0);
        jdbc.sql("update webhook_subscriptions set unsubscribed_at = now(), unsubscribe_reason = 'gone' where id = :id")
                .param("id", hook)
                .update();

        assertError(portal().post(redeliver(owner.ownerId(), hook, enquiry), null), 409,
                "Hook is unsubscribed: its receiver answered 410 Gone");
        assertThat(rows.deliveries(hook)).extracting(DeliveryRows.Delivery::status, DeliveryRows.Delivery::requestedAt)
                .containsExactly(tuple(GONE, null));
    }

    @Test
    void needsTheAdminKey() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/keyed", null);
        UUID enquiry = world.newEnquiry(owner);

        assertError(http.post(redeliver(owner.ownerId(), hook, enquiry), null), 401, "Unauthorized");
        assertError(http.with("X-Admin-Key", "wrong").post(redeliver(owner.ownerId(), hook, enquiry), null), 401,
                "Unauthorized");
        assertThat(rows.deliveries(hook)).isEmpty();
    }

    private DeliveryRows.Delivery single(UUID hook) {
        List<DeliveryRows.Delivery> deliveries = rows.deliveries(hook);
        assertThat(deliveries).hasSize(1);
        return deliveries.getFirst();
    }

    /** The database's now (the statements' now() is their transaction's start). */
    private Instant now() {
        return jdbc.sql("select clock_timestamp()").query(java.time.OffsetDateTime.class).single().toInstant();
    }
}
