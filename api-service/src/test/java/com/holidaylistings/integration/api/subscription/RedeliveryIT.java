package com.holidaylistings.integration.api.subscription;

import static com.holidaylistings.integration.api.subscription.SubscriptionIT.aSubscription;
import static com.holidaylistings.integration.api.support.ErrorBodies.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.TestWorld;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * POST …/hooks/{hookId}/deliveries/{enquiryId}/redeliver: marks the failed delivery that
 * webhook-dispatcher recorded, for the dispatcher to queue again. Failed deliveries and attempts
 * are written the way the dispatcher writes them; a refused request changes nothing.
 */
class RedeliveryIT extends ApiIntegrationTest {

    private static final String HOOKS = "/integration/v1/hooks/enquiries";
    private static final Instant T0 = Instant.parse("2026-11-20T10:00:00.123456Z");

    /** The redeliver columns of a failed delivery. */
    private record Request(Instant requestedAt, String requestId) {}

    private static final Request NOT_REQUESTED = new Request(null, null);

    private ApiClient portal() {
        return http.with("X-Admin-Key", TestWorld.ADMIN_KEY);
    }

    private static String redeliver(UUID ownerId, Object hookId, Object enquiryId) {
        return "/internal/v1/owners/" + ownerId + "/hooks/" + hookId + "/deliveries/" + enquiryId + "/redeliver";
    }

    @Test
    void queuesARedeliveryOfAnAbandonedEventWithTheIdOfTheRequest() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = subscribe(owner, "https://93.184.215.14/abandoned");
        UUID enquiry = abandoned(hook);

        ApiClient.Response response = portal().with("X-Request-Id", "portal-redeliver-1")
                .post(redeliver(owner.ownerId(), hook, enquiry), null);

        assertThat(response.status()).as(response.body()).isEqualTo(202);
        assertThat(response.json().propertyNames()).containsExactlyInAnyOrder("hook_id", "enquiry_id", "status");
        assertThat(response.json().get("hook_id").asString()).isEqualTo(hook.toString());
        assertThat(response.json().get("enquiry_id").asString()).isEqualTo(enquiry.toString());
        assertThat(response.json().get("status").asString()).isEqualTo("queued");
        Request request = request(hook, enquiry);
        assertThat(request.requestedAt()).isNotNull();
        assertThat(request.requestId()).isEqualTo("portal-redeliver-1");
    }

    @Test
    void queuesARedeliveryOfAnEventStillBeingRetried() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = subscribe(owner, "https://93.184.215.14/retrying");
        UUID enquiry = UUID.randomUUID();
        attempt(hook, enquiry, 1, "failed", T0);
        failedDelivery(hook, enquiry, T0);

        ApiClient.Response response = portal().post(redeliver(owner.ownerId(), hook, enquiry), null);

        assertThat(response.status()).as(response.body()).isEqualTo(202);
        assertThat(request(hook, enquiry).requestId()).isEqualTo(response.header("X-Request-Id")).isNotBlank();
    }

    @Test
    void queuesOnceWhenAskedTwiceBeforeTheDispatcherTakesIt() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = subscribe(owner, "https://93.184.215.14/twice");
        UUID enquiry = abandoned(hook);
        assertThat(portal().with("X-Request-Id", "first").post(redeliver(owner.ownerId(), hook, enquiry), null).status())
                .isEqualTo(202);
        Request first = request(hook, enquiry);

        ApiClient.Response again = portal().with("X-Request-Id", "second").post(redeliver(owner.ownerId(), hook, enquiry), null);

        assertThat(again.status()).as(again.body()).isEqualTo(202);
        assertThat(again.json().get("status").asString()).isEqualTo("queued");
        assertThat(request(hook, enquiry)).isEqualTo(first);
        assertThat(first.requestId()).isEqualTo("first");
    }

    @Test
    void queuesAgainOnceTheDispatcherHasTakenTheEarlierRequest() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = subscribe(owner, "https://93.184.215.14/again");
        UUID enquiry = abandoned(hook);
        assertThat(portal().with("X-Request-Id", "first").post(redeliver(owner.ownerId(), hook, enquiry), null).status())
                .isEqualTo(202);
        takenByTheDispatcher(hook, enquiry);

        ApiClient.Response again = portal().with("X-Request-Id", "second").post(redeliver(owner.ownerId(), hook, enquiry), null);

        assertThat(again.status()).as(again.body()).isEqualTo(202);
        assertThat(request(hook, enquiry).requestedAt()).isNotNull();
        assertThat(request(hook, enquiry).requestId()).isEqualTo("second");
    }

    @Test
    void answersNotFoundForAnUnknownOrMalformedOwnerHookOrEnquiry() {
        TestWorld.Account owner = world.newAccount();
        TestWorld.Account other = world.newAccount();
        UUID hook = subscribe(owner, "https://93.184.215.14/mine");
        UUID theirs = subscribe(other, "https://93.184.215.14/theirs");
        UUID enquiry = abandoned(hook);
        UUID theirEnquiry = abandoned(theirs);
        UUID delivered = UUID.randomUUID();
        attempt(hook, delivered, 1, "succeeded", T0);
        UUID failedElsewhere = abandoned(subscribe(owner, "https://93.184.215.14/elsewhere"));

        List<String> paths = List.of(
                "/internal/v1/owners/" + UUID.randomUUID() + "/hooks/" + hook + "/deliveries/" + enquiry + "/redeliver",
                "/internal/v1/owners/abc/hooks/" + hook + "/deliveries/" + enquiry + "/redeliver",
                redeliver(owner.ownerId(), theirs, theirEnquiry),
                redeliver(owner.ownerId(), UUID.randomUUID(), enquiry),
                redeliver(owner.ownerId(), "abc", enquiry),
                redeliver(owner.ownerId(), "1-1-1-1-1", enquiry),
                redeliver(owner.ownerId(), hook, "abc"),
                redeliver(owner.ownerId(), hook, "1-1-1-1-1"),
                redeliver(owner.ownerId(), hook, UUID.randomUUID()),
                redeliver(owner.ownerId(), hook, delivered),
                redeliver(owner.ownerId(), hook, failedElsewhere));
        for (String path : paths) {
            assertError(portal().post(path, null), 404, "Not found");
        }
        assertThat(request(hook, enquiry)).isEqualTo(NOT_REQUESTED);
        assertThat(request(theirs, theirEnquiry)).isEqualTo(NOT_REQUESTED);
    }

    @Test
    void refusesAPausedHookUntilItIsResumed() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = subscribe(owner, "https://93.184.215.14/paused");
        UUID enquiry = abandoned(hook);
        String hookPath = "/internal/v1/owners/" + owner.ownerId() + "/hooks/" + hook;
        assertThat(portal().post(hookPath + "/pause", null).status()).isEqualTo(200);

        assertError(portal().post(redeliver(owner.ownerId(), hook, enquiry), null), 409, "Hook is paused; resume it first");
        assertThat(request(hook, enquiry)).isEqualTo(NOT_REQUESTED);

        assertThat(portal().post(hookPath + "/resume", null).status()).isEqualTo(200);
        assertThat(portal().post(redeliver(owner.ownerId(), hook, enquiry), null).status()).isEqualTo(202);
    }

    @Test
    void refusesAHookTheOwnerRemoved() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = subscribe(owner, "https://93.184.215.14/removed");
        UUID enquiry = abandoned(hook);
        assertThat(as(owner).delete(HOOKS, aSubscription("https://93.184.215.14/removed", null)).status()).isEqualTo(200);

        assertError(portal().post(redeliver(owner.ownerId(), hook, enquiry), null), 409, "Hook is unsubscribed");
        assertThat(request(hook, enquiry)).isEqualTo(NOT_REQUESTED);
    }

    @Test
    void refusesAHookItsReceiverUnsubscribedWithGone() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = subscribe(owner, "https://93.184.215.14/gone");
        UUID enquiry = abandoned(hook);
        attempt(hook, UUID.randomUUID(), 1, "gone", T0.plusSeconds(600));
        jdbc.sql("update webhook_subscriptions set unsubscribed_at = now(), unsubscribe_reason = 'gone' where id = :id")
                .param("id", hook)
                .update();

        assertError(portal().post(redeliver(owner.ownerId(), hook, enquiry), null), 409,
                "Hook is unsubscribed: its receiver answered 410 Gone");
        assertThat(request(hook, enquiry)).isEqualTo(NOT_REQUESTED);
    }

    @Test
    void refusesAnEventThatWasDeliveredAfterItFailed() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = subscribe(owner, "https://93.184.215.14/recovered");
        UUID enquiry = UUID.randomUUID();
        attempt(hook, enquiry, 1, "failed", T0);
        failedDelivery(hook, enquiry, T0);
        attempt(hook, enquiry, 2, "succeeded", T0.plusSeconds(60));

        assertError(portal().post(redeliver(owner.ownerId(), hook, enquiry), null), 409, "Already delivered");
        assertThat(request(hook, enquiry)).isEqualTo(NOT_REQUESTED);
    }

    @Test
    void needsTheAdminKey() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = subscribe(owner, "https://93.184.215.14/keyed");
        UUID enquiry = abandoned(hook);

        assertError(http.post(redeliver(owner.ownerId(), hook, enquiry), null), 401, "Unauthorized");
        assertError(http.with("X-Admin-Key", "wrong").post(redeliver(owner.ownerId(), hook, enquiry), null), 401,
                "Unauthorized");
        assertThat(request(hook, enquiry)).isEqualTo(NOT_REQUESTED);
    }

    private UUID subscribe(TestWorld.Account account, String targetUrl) {
        ApiClient.Response response = as(account).post(HOOKS, aSubscription(targetUrl, null));
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        return UUID.fromString(response.json().get("id").asString());
    }

    /** An event whose every attempt to the hook failed, the last abandoned, as the dispatcher leaves it. */
    private UUID abandoned(UUID hook) {
        UUID enquiry = UUID.randomUUID();
        attempt(hook, enquiry, 1, "failed", T0);
        attempt(hook, enquiry, 2, "abandoned", T0.plusSeconds(60));
        failedDelivery(hook, enquiry, T0.plusSeconds(60));
        return enquiry;
    }

    private void attempt(UUID hook, UUID enquiry, int attempt, String outcome, Instant at) {
        jdbc.sql("""
                        insert into delivery_attempts (subscription_id, enquiry_id, attempt, outcome, http_status, attempted_at)
                        values (:hook, :enquiry, :attempt, :outcome, :status, :at)
                        """)
                .param("hook", hook)
                .param("enquiry", enquiry)
                .param("attempt", attempt)
                .param("outcome", outcome)
                .param("status", outcome.equals("succeeded") ? 200 : outcome.equals("gone") ? 410 : 500)
                .param("at", at.atOffset(ZoneOffset.UTC))
                .update();
    }

    /** The dispatcher's record of the delivery, as it was on webhook.deliveries. */
    private void failedDelivery(UUID hook, UUID enquiry, Instant at) {
        String delivery = """
                {"subscriptionId":"%s","enquiryId":"%s","eventId":"%s","webhookId":"msg_0123456789abcdef0123456789abcdef",\
                "sentAt":"2026-11-20T09:59:59.5Z","payload":"{\\"event\\":\\"enquiry.created\\"}","requestId":null}"""
                .formatted(hook, enquiry, UUID.randomUUID());
        jdbc.sql("""
                        insert into failed_deliveries (subscription_id, enquiry_id, delivery, failed_at)
                        values (:hook, :enquiry, cast(:delivery as json), :at)
                        """)
                .param("hook", hook)
                .param("enquiry", enquiry)
                .param("delivery", delivery)
                .param("at", at.atOffset(ZoneOffset.UTC))
                .update();
    }

    /** What the dispatcher does once the redelivery is on its way. */
    private void takenByTheDispatcher(UUID hook, UUID enquiry) {
        jdbc.sql("update failed_deliveries set redeliver_requested_at = null where subscription_id = :hook and enquiry_id = :enquiry")
                .param("hook", hook)
                .param("enquiry", enquiry)
                .update();
    }

    private Request request(UUID hook, UUID enquiry) {
        return jdbc.sql("""
                        select redeliver_requested_at, redeliver_request_id from failed_deliveries
                         where subscription_id = :hook and enquiry_id = :enquiry
                        """)
                .param("hook", hook)
                .param("enquiry", enquiry)
                .query((rs, n) -> new Request(
                        rs.getTimestamp("redeliver_requested_at") == null ? null
                                : rs.getTimestamp("redeliver_requested_at").toInstant(),
                        rs.getString("redeliver_request_id")))
                .single();
    }
}
