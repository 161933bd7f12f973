package com.holidaylistings.integration.api.hook;

import static com.holidaylistings.integration.api.support.ErrorBodies.assertError;
import static com.holidaylistings.integration.api.support.ErrorBodies.assertFieldErrors;
import static com.holidaylistings.integration.api.support.Fixtures.aHook;
import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.DeliveryRows;
import com.holidaylistings.integration.api.support.TestWorld;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The portal's webhook page: display status, pause and resume, and the delivery log. Delivery
 * attempts, and the subscription's health they update, are written the way webhook-dispatcher
 * writes them.
 */
class InternalHookIT extends ApiIntegrationTest {

    private static final String HOOKS = "/integration/v1/hooks/enquiries";
    private static final List<String> HOOK_FIELDS = List.of(
            "id",
            "targetUrl",
            "propertyId",
            "event",
            "display_status",
            "paused",
            "last_attempt_at",
            "last_success_at",
            "consecutive_failures",
            "throttle_per_second",
            "status_reason");
    private static final Instant T0 = Instant.parse("2026-11-20T10:00:00.123456Z");

    private ApiClient portal() {
        return http.with("X-Admin-Key", TestWorld.ADMIN_KEY);
    }

    private static String hooksOf(UUID ownerId) {
        return "/internal/v1/owners/" + ownerId + "/hooks";
    }

    @Test
    void listsANewHookAsActiveWithoutAttempts() {
        TestWorld.Account owner = world.newAccount();
        UUID forAll = world.subscribe(owner, "https://93.184.215.14/all", null);
        UUID forOne = world.subscribe(owner, "https://93.184.215.14/one", owner.propertyId());

        ApiClient.Response response = portal().get(hooksOf(owner.ownerId()));

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertThat(response.json().propertyNames()).containsExactly("hooks");
        JsonNode hooks = response.json().get("hooks");
        assertThat(hooks.size()).isEqualTo(2);
        JsonNode first = hooks.get(0);
        assertThat(first.propertyNames()).containsExactlyInAnyOrderElementsOf(HOOK_FIELDS);
        assertThat(first.get("id").asString()).isEqualTo(forAll.toString());
        assertThat(first.get("targetUrl").asString()).isEqualTo("https://93.184.215.14/all");
        assertThat(first.get("propertyId").isNull()).isTrue();
        assertThat(first.get("event").asString()).isEqualTo("enquiry.created");
        assertThat(first.get("display_status").asString()).isEqualTo("Active");
        assertThat(first.get("paused").isBoolean()).isTrue();
        assertThat(first.get("paused").asBoolean()).isFalse();
        assertThat(first.get("last_attempt_at").isNull()).isTrue();
        assertThat(first.get("last_success_at").isNull()).isTrue();
        assertThat(first.get("consecutive_failures").isInt()).isTrue();
        assertThat(first.get("consecutive_failures").asInt()).isZero();
        assertThat(first.get("throttle_per_second").isNull()).isTrue();
        assertThat(first.get("status_reason").isNull())
                .as("an Active hook has nothing to explain")
                .isTrue();
        assertThat(hooks.get(1).get("id").asString()).isEqualTo(forOne.toString());
        assertThat(hooks.get(1).get("propertyId").asString())
                .isEqualTo(owner.propertyId().toString());
    }

    @Test
    void listsOnlyTheOwnersHooks() {
        TestWorld.Account owner = world.newAccount();
        TestWorld.Account other = world.newAccount();
        UUID mine = world.subscribe(owner, "https://93.184.215.14/mine", null);
        world.subscribe(other, "https://93.184.215.14/mine", null);

        assertThat(ids(portal().get(hooksOf(owner.ownerId())))).containsExactly(mine.toString());
    }

    @Test
    void showsFailedWithTheFailuresSinceTheLastSuccess() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/flaky", null);
        UUID enquiry = UUID.randomUUID();
        attempt(hook, enquiry, 1, "failed", 500, null, T0);
        attempt(hook, enquiry, 2, "succeeded", 200, null, T0.plusSeconds(60));
        UUID next = UUID.randomUUID();
        attempt(hook, next, 1, "failed", 503, null, T0.plusSeconds(120));
        attempt(hook, next, 2, "failed", null, "connection refused", T0.plusSeconds(420));

        JsonNode status = hook(owner, hook);

        assertThat(status.get("display_status").asString()).isEqualTo("Failed");
        assertThat(status.get("consecutive_failures").asInt()).isEqualTo(2);
        assertThat(Instant.parse(status.get("last_attempt_at").asString())).isEqualTo(T0.plusSeconds(420));
        assertThat(Instant.parse(status.get("last_success_at").asString())).isEqualTo(T0.plusSeconds(60));
    }

    @Test
    void countsAbandonedDeliveriesAsFailuresWhenNothingEverSucceeded() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/dead", null);
        UUID enquiry = UUID.randomUUID();
        for (int attempt = 1; attempt <= 5; attempt++) {
            attempt(hook, enquiry, attempt, "failed", 500, null, T0.plusSeconds(attempt));
        }
        attempt(hook, enquiry, 6, "abandoned", 500, null, T0.plusSeconds(6));

        JsonNode status = hook(owner, hook);

        assertThat(status.get("display_status").asString()).isEqualTo("Failed");
        assertThat(status.get("consecutive_failures").asInt()).isEqualTo(6);
        assertThat(status.get("last_success_at").isNull()).isTrue();
        assertThat(Instant.parse(status.get("last_attempt_at").asString())).isEqualTo(T0.plusSeconds(6));
    }

    @Test
    void showsAHookTheDispatcherMarkedFailingAsFailedUntilItRecovers() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/failing", null);
        // hook.failing was announced; its attempts are older than the attempt log's retention, so none is left
        markFailing(hook, true);

        assertThat(hook(owner, hook).get("display_status").asString()).isEqualTo("Failed");

        portal().post(hooksOf(owner.ownerId()) + "/" + hook + "/pause", null);
        assertThat(hook(owner, hook).get("display_status").asString())
                .as("paused wins")
                .isEqualTo("Inactive");
        portal().post(hooksOf(owner.ownerId()) + "/" + hook + "/resume", null);
        assertThat(hook(owner, hook).get("display_status").asString()).isEqualTo("Failed");

        markFailing(hook, false); // hook.recovered
        assertThat(hook(owner, hook).get("display_status").asString()).isEqualTo("Active");
    }

    private void markFailing(UUID hook, boolean failing) {
        new DeliveryRows(jdbc).failing(hook, failing);
    }

    @Test
    void becomesActiveAgainAfterASuccess() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/recovered", null);
        UUID enquiry = UUID.randomUUID();
        attempt(hook, enquiry, 1, "failed", 502, null, T0);
        attempt(hook, enquiry, 2, "failed", null, "timeout after 10s", T0.plusSeconds(60));
        attempt(hook, enquiry, 3, "succeeded", 204, null, T0.plusSeconds(360));

        JsonNode status = hook(owner, hook);

        assertThat(status.get("display_status").asString()).isEqualTo("Active");
        assertThat(status.get("consecutive_failures").asInt()).isZero();
        assertThat(Instant.parse(status.get("last_success_at").asString())).isEqualTo(T0.plusSeconds(360));
        assertThat(Instant.parse(status.get("last_attempt_at").asString())).isEqualTo(T0.plusSeconds(360));
    }

    @Test
    void pausesAndResumesAHook() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/pausable", null);

        ApiClient.Response paused = portal().post(hooksOf(owner.ownerId()) + "/" + hook + "/pause", null);

        assertThat(paused.status()).as(paused.body()).isEqualTo(200);
        assertThat(paused.json().propertyNames()).containsExactlyInAnyOrderElementsOf(HOOK_FIELDS);
        assertThat(paused.json().get("id").asString()).isEqualTo(hook.toString());
        assertThat(paused.json().get("paused").asBoolean()).isTrue();
        assertThat(paused.json().get("display_status").asString()).isEqualTo("Inactive");
        assertThat(hook(owner, hook).get("display_status").asString()).isEqualTo("Inactive");
        assertThat(portal().post(hooksOf(owner.ownerId()) + "/" + hook + "/pause", null)
                        .json()
                        .get("paused")
                        .asBoolean())
                .isTrue();

        ApiClient.Response resumed = portal().post(hooksOf(owner.ownerId()) + "/" + hook + "/resume", null);

        assertThat(resumed.status()).as(resumed.body()).isEqualTo(200);
        assertThat(resumed.json().get("paused").asBoolean()).isFalse();
        assertThat(resumed.json().get("display_status").asString()).isEqualTo("Active");
        assertThat(hook(owner, hook).get("display_status").asString()).isEqualTo("Active");
    }

    @Test
    void showsAPausedHookAsInactiveWhateverItsDeliveries() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/paused-failing", null);
        attempt(hook, UUID.randomUUID(), 1, "failed", 500, null, T0);

        assertThat(portal().post(hooksOf(owner.ownerId()) + "/" + hook + "/pause", null)
                        .json()
                        .get("display_status")
                        .asString())
                .isEqualTo("Inactive");
        assertThat(portal().post(hooksOf(owner.ownerId()) + "/" + hook + "/resume", null)
                        .json()
                        .get("display_status")
                        .asString())
                .isEqualTo("Failed");
    }

    @Test
    void keepsListingARemovedHookAsInactive() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/removed", null);
        assertThat(as(owner)
                        .delete(HOOKS, aHook("https://93.184.215.14/removed", null))
                        .status())
                .isEqualTo(200);

        JsonNode status = hook(owner, hook);

        assertThat(status.get("display_status").asString()).isEqualTo("Inactive");
        assertThat(status.get("paused").asBoolean()).isFalse();
    }

    @Test
    void showsAHookUnsubscribedByGoneAsInactive() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/gone", null);
        attempt(hook, UUID.randomUUID(), 1, "gone", 410, null, T0);
        jdbc.sql("update webhook_subscriptions set unsubscribed_at = now(), unsubscribe_reason = 'gone' where id = :id")
                .param("id", hook)
                .update();

        assertThat(hook(owner, hook).get("display_status").asString()).isEqualTo("Inactive");
    }

    @Test
    void answersNotFoundForAnotherOwnersUnknownOrMalformedHook() {
        TestWorld.Account owner = world.newAccount();
        TestWorld.Account other = world.newAccount();
        UUID theirs = world.subscribe(other, "https://93.184.215.14/theirs", null);

        for (String hook : List.of(theirs.toString(), UUID.randomUUID().toString(), "abc", "1-1-1-1-1")) {
            String path = hooksOf(owner.ownerId()) + "/" + hook;
            assertError(portal().post(path + "/pause", null), 404, "Not found");
            assertError(portal().post(path + "/resume", null), 404, "Not found");
            assertError(portal().get(path + "/deliveries"), 404, "Not found");
        }
        assertThat(hook(other, theirs).get("paused").asBoolean()).isFalse();
    }

    @Test
    void answersNotFoundForAnUnknownOwner() {
        for (String owner : List.of(UUID.randomUUID().toString(), "abc")) {
            assertError(portal().get("/internal/v1/owners/" + owner + "/hooks"), 404, "Not found");
        }
    }

    @Test
    void listsDeliveriesNewestFirst() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/log", null);
        UUID otherHook = world.subscribe(owner, "https://93.184.215.14/other-log", null);
        UUID first = UUID.randomUUID();
        UUID second = UUID.randomUUID();
        attempt(hook, first, 1, "failed", 500, "HTTP 500", T0, 10_000);
        attempt(hook, first, 2, "succeeded", 200, null, T0.plusSeconds(60), 87);
        attempt(hook, second, 1, "failed", null, "connection refused", T0.plusSeconds(120), 0);
        attempt(otherHook, second, 1, "succeeded", 200, null, T0.plusSeconds(130));

        ApiClient.Response response = portal().get(hooksOf(owner.ownerId()) + "/" + hook + "/deliveries");

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertThat(response.json().propertyNames()).containsExactlyInAnyOrder("deliveries", "next");
        assertThat(response.json().get("next").isNull()).isTrue();
        JsonNode deliveries = response.json().get("deliveries");
        assertThat(deliveries.size()).isEqualTo(3);
        for (JsonNode delivery : deliveries) {
            assertThat(delivery.propertyNames())
                    .containsExactlyInAnyOrder(
                            "attempt_id",
                            "webhook_id",
                            "test",
                            "enquiry_id",
                            "attempt",
                            "status",
                            "http_status",
                            "error",
                            "attempted_at",
                            "duration_ms");
        }
        JsonNode newest = deliveries.get(0);
        assertThat(newest.get("enquiry_id").asString()).isEqualTo(second.toString());
        assertThat(newest.get("attempt").asInt()).isEqualTo(1);
        assertThat(newest.get("status").asString()).isEqualTo("failed");
        assertThat(newest.get("http_status").isNull()).isTrue();
        assertThat(newest.get("error").asString()).isEqualTo("connection refused");
        assertThat(Instant.parse(newest.get("attempted_at").asString())).isEqualTo(T0.plusSeconds(120));
        assertThat(newest.get("duration_ms").isInt()).isTrue();
        assertThat(newest.get("duration_ms").asInt()).isZero();
        JsonNode middle = deliveries.get(1);
        assertThat(middle.get("enquiry_id").asString()).isEqualTo(first.toString());
        assertThat(middle.get("attempt").asInt()).isEqualTo(2);
        assertThat(middle.get("status").asString()).isEqualTo("succeeded");
        assertThat(middle.get("http_status").asInt()).isEqualTo(200);
        assertThat(middle.get("error").isNull()).isTrue();
        assertThat(middle.get("duration_ms").asInt()).isEqualTo(87);
        JsonNode oldest = deliveries.get(2);
        assertThat(oldest.get("status").asString()).isEqualTo("failed");
        assertThat(oldest.get("http_status").asInt()).isEqualTo(500);
        assertThat(Instant.parse(oldest.get("attempted_at").asString())).isEqualTo(T0);
        assertThat(oldest.get("duration_ms").asInt()).isEqualTo(10_000);
    }

    @Test
    void showsANullDurationWhenNoneWasRecorded() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/no-duration", null);
        attempt(hook, UUID.randomUUID(), 1, "failed", null, "connection refused", T0);

        ApiClient.Response response = portal().get(hooksOf(owner.ownerId()) + "/" + hook + "/deliveries");

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        JsonNode delivery = response.json().get("deliveries").get(0);
        assertThat(delivery.has("duration_ms")).isTrue();
        assertThat(delivery.get("duration_ms").isNull()).isTrue();
    }

    @Test
    void limitsTheDeliveryLog() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/busy", null);
        for (int i = 0; i < 60; i++) {
            attempt(hook, UUID.randomUUID(), 1, "succeeded", 200, null, T0.plusSeconds(i));
        }
        String deliveries = hooksOf(owner.ownerId()) + "/" + hook + "/deliveries";

        assertThat(attemptTimes(portal().get(deliveries))).hasSize(50).first().isEqualTo(T0.plusSeconds(59));
        assertThat(attemptTimes(portal().get(deliveries + "?limit=2")))
                .containsExactly(T0.plusSeconds(59), T0.plusSeconds(58));
        assertThat(attemptTimes(portal().get(deliveries + "?limit=100")))
                .hasSize(60)
                .last()
                .isEqualTo(T0);
        for (String limit : List.of("0", "101", "abc", "")) {
            assertFieldErrors(portal().get(deliveries + "?limit=" + limit), "Invalid request", "limit");
        }
    }

    private JsonNode hook(TestWorld.Account owner, UUID hookId) {
        ApiClient.Response response = portal().get(hooksOf(owner.ownerId()));
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        for (JsonNode hook : response.json().get("hooks")) {
            if (hook.get("id").asString().equals(hookId.toString())) {
                return hook;
            }
        }
        throw new AssertionError("hook " + hookId + " not listed: " + response.body());
    }

    private void attempt(
            UUID hook, UUID enquiry, int attempt, String outcome, Integer httpStatus, String error, Instant at) {
        attempt(hook, enquiry, attempt, outcome, httpStatus, error, at, null);
    }

    private void attempt(
            UUID hook,
            UUID enquiry,
            int attempt,
            String outcome,
            Integer httpStatus,
            String error,
            Instant at,
            Integer durationMs) {
        new DeliveryRows(jdbc).attempt(hook, enquiry, attempt, outcome, httpStatus, error, at, durationMs);
    }

    private static List<String> ids(ApiClient.Response response) {
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        List<String> ids = new ArrayList<>();
        response.json().get("hooks").forEach(hook -> ids.add(hook.get("id").asString()));
        return ids;
    }

    private static List<Instant> attemptTimes(ApiClient.Response response) {
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        List<Instant> times = new ArrayList<>();
        response.json()
                .get("deliveries")
                .forEach(d -> times.add(Instant.parse(d.get("attempted_at").asString())));
        return times;
    }
}
