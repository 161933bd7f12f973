package com.holidaylistings.integration.api.hook;

import static com.holidaylistings.integration.api.support.Fixtures.aHook;
import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.DeliveryRows;
import com.holidaylistings.integration.api.support.TestWorld;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The hook's {@code status_reason}, and a hook that webhook-dispatcher turned off after days of
 * failure: Inactive with the reason, until resuming ends the disabling.
 */
class StatusReasonIT extends ApiIntegrationTest {

    private static final Instant DISABLED_AT = Instant.parse("2026-11-20T04:00:00Z");

    private DeliveryRows rows;
    private TestWorld.Account owner;

    @BeforeEach
    void rows() {
        rows = new DeliveryRows(jdbc);
        owner = world.newAccount();
    }

    private ApiClient portal() {
        return http.with("X-Admin-Key", TestWorld.ADMIN_KEY);
    }

    private String hooks() {
        return "/internal/v1/owners/" + owner.ownerId() + "/hooks";
    }

    @Test
    void explainsAHookTurnedOffAfterDaysOfFailureUntilItIsResumed() {
        UUID hook = world.subscribe(owner, "https://93.184.215.14/disabled/" + UUID.randomUUID(), null);
        rows.disabled(hook, DISABLED_AT.minusSeconds(5 * 86_400 + 60), DISABLED_AT, 503, "HTTP 503");

        JsonNode disabled = hook(hook);

        assertThat(disabled.get("display_status").asString()).isEqualTo("Inactive");
        assertThat(disabled.get("paused").asBoolean()).isTrue();
        assertThat(disabled.get("status_reason").asString())
                .isEqualTo(
                        "Turned off on 2026-11-20 after failing for 5 days without a success (last answer: HTTP 503).");

        ApiClient.Response resumed = portal().post(hooks() + "/" + hook + "/resume", null);

        assertThat(resumed.status()).as(resumed.body()).isEqualTo(200);
        assertThat(resumed.json().get("paused").asBoolean()).isFalse();
        assertThat(resumed.json().get("display_status").asString())
                .as("its last attempts failed")
                .isEqualTo("Failed");
        assertThat(resumed.json().get("status_reason").asString()).startsWith("The last 12 attempts failed");
        assertThat(jdbc.sql("select disabled_at is null from webhook_subscriptions where id = :id")
                        .param("id", hook)
                        .query(Boolean.class)
                        .single())
                .as("the disabling is over")
                .isTrue();
        assertThat(jdbc.sql("""
                        select s.resumed_at > h.disabled_at from webhook_subscriptions s
                          join subscription_health h on h.subscription_id = s.id where s.id = :id
                        """).param("id", hook).query(Boolean.class).single())
                .as("the resume is recorded, later than the dispatcher's disabling, which it lifts")
                .isTrue();
    }

    @Test
    void explainsAPauseAndKeepsTheDisablingWhilePausedAgain() {
        UUID hook = world.subscribe(owner, "https://93.184.215.14/paused/" + UUID.randomUUID(), null);

        ApiClient.Response paused = portal().post(hooks() + "/" + hook + "/pause", null);

        assertThat(paused.json().get("status_reason").asString())
                .isEqualTo("Paused: nothing is sent until it is resumed.");
        rows.disabled(hook, DISABLED_AT.minusSeconds(86_400 * 6), DISABLED_AT, null, "connection refused");
        assertThat(portal().post(hooks() + "/" + hook + "/pause", null)
                        .json()
                        .get("status_reason")
                        .asString())
                .as("pausing a disabled hook keeps why it was turned off")
                .isEqualTo(
                        "Turned off on 2026-11-20 after failing for 6 days without a success (last answer: connection refused).");
    }

    @Test
    void explainsAnUnsubscriptionByTheReceiverOrTheIntegration() {
        UUID gone = world.subscribe(owner, "https://93.184.215.14/gone/" + UUID.randomUUID(), null);
        rows.attempt(gone, UUID.randomUUID(), 1, "gone", Instant.now());
        jdbc.sql("update webhook_subscriptions set unsubscribed_at = now(), unsubscribe_reason = 'gone' where id = :id")
                .param("id", gone)
                .update();
        String target = "https://93.184.215.14/removed/" + UUID.randomUUID();
        UUID removed = world.subscribe(owner, target, null);
        as(owner).delete("/integration/v1/hooks/enquiries", aHook(target, null));

        assertThat(hook(gone).get("status_reason").asString())
                .isEqualTo("The receiver answered 410 Gone, so it was unsubscribed.");
        assertThat(hook(removed).get("status_reason").asString()).startsWith("Removed by your integration");
    }

    @Test
    void countsTheFailuresOfAFailingHookAndSaysNothingOfAWorkingOne() {
        UUID hook = world.subscribe(owner, "https://93.184.215.14/failing/" + UUID.randomUUID(), null);
        UUID enquiry = UUID.randomUUID();
        rows.attempt(hook, enquiry, 1, "failed", 503, "HTTP 503", Instant.now().minusSeconds(60), null);
        rows.attempt(hook, enquiry, 2, "failed", 503, "HTTP 503", Instant.now(), null);

        assertThat(hook(hook).get("status_reason").asString()).isEqualTo("The last 2 attempts failed (HTTP 503).");

        rows.attempt(hook, enquiry, 3, "succeeded", 200, null, Instant.now(), null);
        assertThat(hook(hook).get("status_reason").isNull()).isTrue();
    }

    private JsonNode hook(UUID hookId) {
        for (JsonNode hook : portal().get(hooks()).json().get("hooks")) {
            if (hook.get("id").asString().equals(hookId.toString())) {
                return hook;
            }
        }
        throw new AssertionError("hook " + hookId + " not listed");
    }
}
