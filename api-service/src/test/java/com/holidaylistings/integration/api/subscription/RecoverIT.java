package com.holidaylistings.integration.api.subscription;

import static com.holidaylistings.integration.api.subscription.SubscriptionIT.aSubscription;
import static com.holidaylistings.integration.api.support.ErrorBodies.assertError;
import static com.holidaylistings.integration.api.support.ErrorBodies.assertFieldErrors;
import static com.holidaylistings.integration.api.support.ErrorBodies.messages;
import static com.holidaylistings.integration.events.delivery.DeliveryStatus.ABANDONED;
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
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import com.holidaylistings.integration.events.delivery.WebhookIds;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * POST …/hooks/{hookId}/recover {"since"}: makes one delivery wait, due now, for every event since
 * then that the hook's filter matches and that it has not received and is not being delivered:
 * events never fanned out to it (submitted while it was paused: their rows are made here), and
 * deliveries abandoned or skipped; owner-scoped; at most the configured number, the oldest first;
 * `queued` counts the deliveries queued by this call.
 */
class RecoverIT extends ApiIntegrationTest {

    private static final String HOOKS = "/integration/v1/hooks/enquiries";

    @Autowired
    private Redeliveries redeliveries;

    private DeliveryRows rows;

    @BeforeEach
    void rows() {
        rows = new DeliveryRows(jdbc);
    }

    private ApiClient portal() {
        return http.with("X-Admin-Key", TestWorld.ADMIN_KEY);
    }

    private static String recover(UUID ownerId, Object hookId) {
        return "/internal/v1/owners/" + ownerId + "/hooks/" + hookId + "/recover";
    }

    private static Map<String, Object> since(Object since) {
        return Map.of("since", since.toString());
    }

    @Test
    void queuesEveryEventSinceWithoutASuccessfulDeliveryOnce() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/recover", null);
        UUID delivered = world.newEnquiry(owner);
        UUID retrying = world.newEnquiry(owner);
        UUID abandoned = world.newEnquiry(owner);
        UUID skipped = world.newEnquiry(owner);
        UUID neverAttempted = world.newEnquiry(owner);
        UUID tooOld = world.newEnquiry(owner);
        rows.submittedAt(tooOld, Instant.now().minus(Duration.ofDays(3)));
        rows.createdAt(hook, Instant.now().minus(Duration.ofDays(10)));
        rows.delivery(hook, delivered, SUCCEEDED, 1, 1);
        rows.delivery(hook, retrying, PENDING, 1, 2);
        rows.delivery(hook, abandoned, ABANDONED, 6, 6);
        rows.delivery(hook, skipped, SKIPPED, 0, 1);
        rows.delivery(hook, tooOld, ABANDONED, 6, 6);
        Instant since = Instant.now().minus(Duration.ofDays(2));

        ApiClient.Response response = portal().with("X-Request-Id", "recover-1").post(recover(owner.ownerId(), hook), since(since));

        assertThat(response.status()).as(response.body()).isEqualTo(202);
        assertThat(response.json().propertyNames()).containsExactly("queued");
        assertThat(response.json().get("queued").asInt()).isEqualTo(3);
        assertThat(rows.deliveries(hook)).extracting(DeliveryRows.Delivery::enquiryId, DeliveryRows.Delivery::status,
                        DeliveryRows.Delivery::attempts, DeliveryRows.Delivery::stage, DeliveryRows.Delivery::requestId)
                .containsExactly(
                        tuple(tooOld, ABANDONED, 6, 6, null),
                        tuple(delivered, SUCCEEDED, 1, 1, null),
                        tuple(retrying, PENDING, 1, 2, null),
                        tuple(abandoned, WAITING, 6, 1, "recover-1"),
                        tuple(skipped, WAITING, 0, 1, "recover-1"),
                        tuple(neverAttempted, WAITING, 0, 1, "recover-1"));

        // Asked again before the dispatcher took them: nothing is queued twice.
        ApiClient.Response again = portal().with("X-Request-Id", "recover-2").post(recover(owner.ownerId(), hook), since(since));
        assertThat(again.json().get("queued").asInt()).isZero();
        assertThat(rows.deliveries(hook)).filteredOn(delivery -> delivery.status() == WAITING)
                .extracting(DeliveryRows.Delivery::requestId).containsOnly("recover-1").hasSize(3);

        // Once they are delivered or abandoned again, an event delivered since is not queued again.
        rows.takenByTheDispatcher(hook);
        rows.attemptEnded(hook, retrying, SUCCEEDED);
        rows.attemptEnded(hook, abandoned, ABANDONED);
        rows.attemptEnded(hook, skipped, SUCCEEDED);
        rows.attemptEnded(hook, neverAttempted, ABANDONED);
        assertThat(portal().post(recover(owner.ownerId(), hook), since(since)).json().get("queued").asInt()).isEqualTo(2);
        assertThat(rows.deliveries(hook)).filteredOn(delivery -> delivery.status() == WAITING)
                .extracting(DeliveryRows.Delivery::enquiryId).containsExactly(abandoned, neverAttempted);
    }

    @Test
    void queuesNothingMoreWhileTheDeliveriesItQueuedAreQueuedOrBeingRetried() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/recover-twice", null);
        Instant since = Instant.now().minusSeconds(1);
        List<UUID> enquiries = List.of(world.newEnquiry(owner), world.newEnquiry(owner));
        enquiries.forEach(enquiry -> rows.delivery(hook, enquiry, ABANDONED, 6, 6));

        ApiClient.Response first = portal().with("X-Request-Id", "first").post(recover(owner.ownerId(), hook), since(since));
        ApiClient.Response second = portal().with("X-Request-Id", "second").post(recover(owner.ownerId(), hook), since(since));
        rows.takenByTheDispatcher(hook);
        ApiClient.Response third = portal().with("X-Request-Id", "third").post(recover(owner.ownerId(), hook), since(since));

        assertThat(first.json().get("queued").asInt()).isEqualTo(2);
        assertThat(second.json().get("queued").asInt()).isZero();
        assertThat(third.json().get("queued").asInt()).as("being retried").isZero();
        assertThat(rows.deliveries(hook)).extracting(DeliveryRows.Delivery::status, DeliveryRows.Delivery::requestId)
                .containsExactly(tuple(PENDING, "first"), tuple(PENDING, "first"));
    }

    @Test
    void includesTheEventsSubmittedWhileTheHookWasPaused() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/paused", null);
        Instant since = Instant.now().minusSeconds(1);
        String hookPath = "/internal/v1/owners/" + owner.ownerId() + "/hooks/" + hook;
        assertThat(portal().post(hookPath + "/pause", null).status()).isEqualTo(200);
        // Submitted while paused: the dispatcher fanned them out to no delivery of this hook.
        UUID first = world.newEnquiry(owner);
        UUID second = world.newEnquiry(owner);

        assertError(portal().post(recover(owner.ownerId(), hook), since(since)), 409, "Hook is paused; resume it first");
        assertThat(rows.deliveries(hook)).isEmpty();

        assertThat(portal().post(hookPath + "/resume", null).status()).isEqualTo(200);
        ApiClient.Response response = portal().with("X-Request-Id", "after-pause").post(recover(owner.ownerId(), hook), since(since));
        assertThat(response.status()).as(response.body()).isEqualTo(202);
        assertThat(response.json().get("queued").asInt()).isEqualTo(2);
        UUID firstEvent = rows.eventId(first);
        UUID secondEvent = rows.eventId(second);
        assertThat(rows.deliveries(hook)).extracting(DeliveryRows.Delivery::enquiryId, DeliveryRows.Delivery::webhookId,
                        DeliveryRows.Delivery::eventId, DeliveryRows.Delivery::status, DeliveryRows.Delivery::attempts,
                        DeliveryRows.Delivery::stage, DeliveryRows.Delivery::requestId)
                .containsExactly(
                        tuple(first, WebhookIds.of(firstEvent, SubscriptionId.of(hook)), firstEvent, WAITING, 0, 1, "after-pause"),
                        tuple(second, WebhookIds.of(secondEvent, SubscriptionId.of(hook)), secondEvent, WAITING, 0, 1, "after-pause"));
        assertThat(rows.eventPayload(firstEvent)).isEqualTo(rows.outboxPayload(first));
        assertThat(rows.eventPayload(secondEvent)).isEqualTo(rows.outboxPayload(second));
    }

    @Test
    void keepsToTheHooksFilterAndTheOwner() {
        TestWorld.Account owner = world.newAccount();
        TestWorld.Account other = world.newAccount();
        UUID secondProperty = world.newProperty(owner.ownerId());
        Instant since = Instant.now().minusSeconds(1);
        UUID allProperties = world.subscribe(owner, "https://93.184.215.14/all", null);
        UUID oneProperty = world.subscribe(owner, "https://93.184.215.14/one", secondProperty);
        UUID theirs = world.subscribe(other, "https://93.184.215.14/theirs", null);
        UUID onFirst = world.newEnquiry(owner);
        UUID onSecond = UUID.fromString(world.submitEnquiry(secondProperty).get("id").asString());
        UUID theirEnquiry = world.newEnquiry(other);

        assertThat(portal().post(recover(owner.ownerId(), allProperties), since(since)).json().get("queued").asInt()).isEqualTo(2);
        assertThat(portal().post(recover(owner.ownerId(), oneProperty), since(since)).json().get("queued").asInt()).isEqualTo(1);

        assertThat(rows.deliveries(allProperties)).extracting(DeliveryRows.Delivery::enquiryId).containsExactly(onFirst, onSecond);
        assertThat(rows.deliveries(oneProperty)).extracting(DeliveryRows.Delivery::enquiryId).containsExactly(onSecond);
        assertThat(rows.deliveries(theirs)).isEmpty();
        // Owner B cannot recover owner A's hook, nor A B's.
        assertError(portal().post(recover(other.ownerId(), allProperties), since(since)), 404, "Not found");
        assertError(portal().post(recover(owner.ownerId(), theirs), since(since)), 404, "Not found");
        assertThat(rows.deliveries(theirs)).isEmpty();
        assertThat(theirEnquiry).isNotNull();
    }

    @Test
    void leavesOutEventsSubmittedBeforeTheHookExisted() {
        TestWorld.Account owner = world.newAccount();
        UUID earlier = world.newEnquiry(owner);
        rows.submittedAt(earlier, Instant.now().minus(Duration.ofHours(2)));
        UUID hook = world.subscribe(owner, "https://93.184.215.14/new", null);
        rows.createdAt(hook, Instant.now().minus(Duration.ofHours(1)));
        UUID later = world.newEnquiry(owner);

        ApiClient.Response response = portal().post(recover(owner.ownerId(), hook), since(Instant.now().minus(Duration.ofDays(1))));

        assertThat(response.json().get("queued").asInt()).isEqualTo(1);
        assertThat(rows.deliveries(hook)).extracting(DeliveryRows.Delivery::enquiryId).containsExactly(later);
    }

    @Test
    void usesTheDeliverysRowForAnEventNoLongerInTheOutboxAndSkipsEventsWithNeither() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/purged", null);
        Instant since = Instant.now().minusSeconds(1);
        UUID failed = world.newEnquiry(owner);
        UUID forgotten = world.newEnquiry(owner);
        rows.delivery(hook, failed, ABANDONED, 6, 6);
        UUID event = rows.eventId(failed);
        rows.purgeOutbox(failed);
        rows.purgeOutbox(forgotten);

        ApiClient.Response response = portal().with("X-Request-Id", "r").post(recover(owner.ownerId(), hook), since(since));

        assertThat(response.json().get("queued").asInt()).isEqualTo(1);
        assertThat(rows.deliveries(hook)).extracting(DeliveryRows.Delivery::enquiryId, DeliveryRows.Delivery::eventId,
                        DeliveryRows.Delivery::status, DeliveryRows.Delivery::requestId)
                .containsExactly(tuple(failed, event, WAITING, "r"));
    }

    @Test
    void queuesAtMostTheCapTheOldestFirstAndContinuesWhenCalledAgain() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/capped", null);
        Instant since = Instant.now().minusSeconds(1);
        List<UUID> enquiries = List.of(world.newEnquiry(owner), world.newEnquiry(owner), world.newEnquiry(owner), world.newEnquiry(owner), world.newEnquiry(owner));

        Recovery first = redeliveries.recover(OwnerId.of(owner.ownerId()), SubscriptionId.of(hook), since, "cap-1", 2);
        assertThat(first.queued()).isEqualTo(2);
        assertThat(rows.deliveries(hook)).extracting(DeliveryRows.Delivery::enquiryId).containsExactlyElementsOf(enquiries.subList(0, 2));

        Recovery second = redeliveries.recover(OwnerId.of(owner.ownerId()), SubscriptionId.of(hook), since, "cap-2", 2);
        Recovery third = redeliveries.recover(OwnerId.of(owner.ownerId()), SubscriptionId.of(hook), since, "cap-3", 2);
        assertThat(second.queued()).isEqualTo(2);
        assertThat(third.queued()).isEqualTo(1);
        assertThat(rows.deliveries(hook)).extracting(DeliveryRows.Delivery::enquiryId).containsExactlyElementsOf(enquiries);
    }

    @Test
    void refusesASinceThatIsNotATimestampInTheFutureOrMoreThan14DaysAgo() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/since", null);
        world.newEnquiry(owner);
        Instant now = Instant.now();

        for (Object bad : List.of("yesterday", "2026-11-20", "2026-11-20T10:00:00", "", 12345)) {
            ApiClient.Response response = portal().post(recover(owner.ownerId(), hook), Map.of("since", bad));
            assertFieldErrors(response, "Invalid request", "since");
        }
        ApiClient.Response future = portal().post(recover(owner.ownerId(), hook), since(now.plus(Duration.ofMinutes(5))));
        assertFieldErrors(future, "Invalid request", "since");
        assertThat(messages(future, "since")).containsExactly("must not be in the future");
        ApiClient.Response tooOld = portal().post(recover(owner.ownerId(), hook), since(now.minus(Duration.ofDays(14)).minusSeconds(60)));
        assertFieldErrors(tooOld, "Invalid request", "since");
        assertThat(messages(tooOld, "since")).containsExactly("must be at most 14 days ago");
        ApiClient.Response missing = portal().post(recover(owner.ownerId(), hook), Map.of());
        assertFieldErrors(missing, "Invalid request", "since");
        assertThat(messages(missing, "since")).containsExactly("is required");
        assertThat(rows.deliveries(hook)).isEmpty();

        ApiClient.Response withOffset = portal().post(recover(owner.ownerId(), hook),
                since(now.minus(Duration.ofDays(13)).atOffset(java.time.ZoneOffset.ofHours(2))));
        assertThat(withOffset.status()).as(withOffset.body()).isEqualTo(202);
        assertThat(withOffset.json().get("queued").asInt()).isEqualTo(1);
    }

    @Test
    void refusesARemovedOrGoneHookAndUnknownIds() {
        TestWorld.Account owner = world.newAccount();
        UUID removed = world.subscribe(owner, "https://93.184.215.14/removed", null);
        UUID gone = world.subscribe(owner, "https://93.184.215.14/gone", null);
        Instant since = Instant.now().minusSeconds(1);
        world.newEnquiry(owner);
        assertThat(as(owner).delete(HOOKS, aSubscription("https://93.184.215.14/removed", null)).status()).isEqualTo(200);
        jdbc.sql("update webhook_subscriptions set unsubscribed_at = now(), unsubscribe_reason = 'gone' where id = :id")
                .param("id", gone).update();

        assertError(portal().post(recover(owner.ownerId(), removed), since(since)), 409, "Hook is unsubscribed");
        assertError(portal().post(recover(owner.ownerId(), gone), since(since)), 409,
                "Hook is unsubscribed: its receiver answered 410 Gone");
        assertError(portal().post(recover(UUID.randomUUID(), removed), since(since)), 404, "Not found");
        assertError(portal().post(recover(owner.ownerId(), UUID.randomUUID()), since(since)), 404, "Not found");
        assertError(portal().post(recover(owner.ownerId(), "abc"), since(since)), 404, "Not found");
        assertError(http.post(recover(owner.ownerId(), removed), since(since)), 401, "Unauthorized");
        assertThat(rows.deliveries(removed)).isEmpty();
        assertThat(rows.deliveries(gone)).isEmpty();
    }
}
