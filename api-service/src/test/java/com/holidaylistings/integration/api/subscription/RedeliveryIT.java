package com.holidaylistings.integration.api.subscription;

import static com.holidaylistings.integration.api.subscription.SubscriptionIT.aSubscription;
import static com.holidaylistings.integration.api.support.ErrorBodies.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.TestWorld;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * POST …/hooks/{hookId}/deliveries/{enquiryId}/redeliver: queues a new delivery of any event of
 * the hook, delivered or not, as a row of delivery_requests for webhook-dispatcher. Attempts and
 * failed deliveries are written the way the dispatcher writes them; a refused request queues nothing.
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
    void queuesADeliveredEventAgainFromTheOutboxWithTheIdOfTheRequest() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/delivered", null);
        UUID enquiry = world.newEnquiry(owner);
        rows.attempt(hook, enquiry, 1, "succeeded", T0);

        ApiClient.Response response = portal().with("X-Request-Id", "portal-redeliver-1")
                .post(redeliver(owner.ownerId(), hook, enquiry), null);

        assertThat(response.status()).as(response.body()).isEqualTo(202);
        assertThat(response.json().propertyNames()).containsExactlyInAnyOrder("hook_id", "enquiry_id", "status");
        assertThat(response.json().get("hook_id").asString()).isEqualTo(hook.toString());
        assertThat(response.json().get("enquiry_id").asString()).isEqualTo(enquiry.toString());
        assertThat(response.json().get("status").asString()).isEqualTo("queued");
        assertThat(rows.requests(hook)).containsExactly(
                new DeliveryRows.Request(enquiry, rows.eventId(enquiry), null, "portal-redeliver-1"));
    }

    @Test
    void queuesAFailedEventAndAnEventNeverAttempted() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/failed", null);
        UUID failed = world.newEnquiry(owner);
        rows.attempt(hook, failed, 1, "failed", T0);
        rows.failedDelivery(hook, failed, T0);
        UUID neverAttempted = world.newEnquiry(owner);

        ApiClient.Response first = portal().post(redeliver(owner.ownerId(), hook, failed), null);
        ApiClient.Response second = portal().post(redeliver(owner.ownerId(), hook, neverAttempted), null);

        assertThat(first.status()).as(first.body()).isEqualTo(202);
        assertThat(second.status()).as(second.body()).isEqualTo(202);
        assertThat(rows.requests(hook)).containsExactly(
                new DeliveryRows.Request(failed, rows.eventId(failed), null, first.header("X-Request-Id")),
                new DeliveryRows.Request(neverAttempted, rows.eventId(neverAttempted), null, second.header("X-Request-Id")));
    }

    @Test
    void queuesAnEventSubmittedWhileTheHookWasPausedOnceItIsResumed() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/paused-then", null);
        String hookPath = "/internal/v1/owners/" + owner.ownerId() + "/hooks/" + hook;
        assertThat(portal().post(hookPath + "/pause", null).status()).isEqualTo(200);
        UUID enquiry = world.newEnquiry(owner);

        assertError(portal().post(redeliver(owner.ownerId(), hook, enquiry), null), 409, "Hook is paused; resume it first");
        assertThat(rows.requests(hook)).isEmpty();

        assertThat(portal().post(hookPath + "/resume", null).status()).isEqualTo(200);
        assertThat(portal().post(redeliver(owner.ownerId(), hook, enquiry), null).status()).isEqualTo(202);
        assertThat(rows.requests(hook)).extracting(DeliveryRows.Request::enquiryId).containsExactly(enquiry);
    }

    @Test
    void usesTheKeptFailedDeliveryOnceTheOutboxRowIsPurged() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/purged", null);
        UUID enquiry = world.newEnquiry(owner);
        rows.attempt(hook, enquiry, 1, "abandoned", T0);
        String delivery = rows.failedDelivery(hook, enquiry, T0);
        rows.purgeOutbox(enquiry);

        ApiClient.Response response = portal().with("X-Request-Id", "from-failed").post(redeliver(owner.ownerId(), hook, enquiry), null);

        assertThat(response.status()).as(response.body()).isEqualTo(202);
        assertThat(rows.requests(hook)).containsExactly(new DeliveryRows.Request(enquiry, null, delivery, "from-failed"));
    }

    @Test
    void answersNotFoundWithAReasonWhenTheEventIsNoLongerKept() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/forgotten", null);
        UUID enquiry = world.newEnquiry(owner);
        rows.attempt(hook, enquiry, 1, "succeeded", T0);
        rows.purgeOutbox(enquiry);

        assertError(portal().post(redeliver(owner.ownerId(), hook, enquiry), null), 404,
                "Not found: the event is no longer kept for redelivery");
        assertThat(rows.requests(hook)).isEmpty();
    }

    @Test
    void queuesOnceWhenAskedTwiceBeforeTheDispatcherTakesIt() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/twice", null);
        UUID enquiry = world.newEnquiry(owner);
        assertThat(portal().with("X-Request-Id", "first").post(redeliver(owner.ownerId(), hook, enquiry), null).status())
                .isEqualTo(202);

        ApiClient.Response again = portal().with("X-Request-Id", "second").post(redeliver(owner.ownerId(), hook, enquiry), null);

        assertThat(again.status()).as(again.body()).isEqualTo(202);
        assertThat(again.json().get("status").asString()).isEqualTo("queued");
        assertThat(rows.requests(hook)).extracting(DeliveryRows.Request::requestId).containsExactly("first");
    }

    @Test
    void queuesAgainOnceTheDispatcherHasTakenTheEarlierRequest() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/again", null);
        UUID enquiry = world.newEnquiry(owner);
        assertThat(portal().with("X-Request-Id", "first").post(redeliver(owner.ownerId(), hook, enquiry), null).status())
                .isEqualTo(202);
        rows.takenByTheDispatcher(hook);

        ApiClient.Response again = portal().with("X-Request-Id", "second").post(redeliver(owner.ownerId(), hook, enquiry), null);

        assertThat(again.status()).as(again.body()).isEqualTo(202);
        assertThat(rows.requests(hook)).extracting(DeliveryRows.Request::requestId).containsExactly("second");
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
        assertThat(rows.requests(hook)).isEmpty();
        assertThat(rows.requests(theirs)).isEmpty();
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
        assertThat(rows.requests(hook)).isEmpty();
    }

    @Test
    void refusesAHookTheOwnerRemoved() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/removed", null);
        UUID enquiry = world.newEnquiry(owner);
        assertThat(as(owner).delete(HOOKS, aSubscription("https://93.184.215.14/removed", null)).status()).isEqualTo(200);

        assertError(portal().post(redeliver(owner.ownerId(), hook, enquiry), null), 409, "Hook is unsubscribed");
        assertThat(rows.requests(hook)).isEmpty();
    }

    @Test
    void refusesAHookItsReceiverUnsubscribedWithGone() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/gone", null);
        UUID enquiry = world.newEnquiry(owner);
        rows.attempt(hook, enquiry, 1, "gone", T0);
        jdbc.sql("update webhook_subscriptions set unsubscribed_at = now(), unsubscribe_reason = 'gone' where id = :id")
                .param("id", hook)
                .update();

        assertError(portal().post(redeliver(owner.ownerId(), hook, enquiry), null), 409,
                "Hook is unsubscribed: its receiver answered 410 Gone");
        assertThat(rows.requests(hook)).isEmpty();
    }

    @Test
    void needsTheAdminKey() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/keyed", null);
        UUID enquiry = world.newEnquiry(owner);

        assertError(http.post(redeliver(owner.ownerId(), hook, enquiry), null), 401, "Unauthorized");
        assertError(http.with("X-Admin-Key", "wrong").post(redeliver(owner.ownerId(), hook, enquiry), null), 401,
                "Unauthorized");
        assertThat(rows.requests(hook)).isEmpty();
    }
}
