package com.holidaylistings.integration.api.subscription;

import static com.holidaylistings.integration.api.support.ErrorBodies.assertError;
import static com.holidaylistings.integration.api.support.ErrorBodies.assertFieldErrors;
import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.DeliveryRows;
import com.holidaylistings.integration.api.support.TestWorld;
import com.holidaylistings.integration.deliverylog.DeliveryStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** PUT …/hooks/{hookId}/throttle: at most n deliveries a second start, or no limit. */
class ThrottleIT extends ApiIntegrationTest {

    private TestWorld.Account owner;
    private UUID hook;

    @BeforeEach
    void hook() {
        owner = world.newAccount();
        hook = world.subscribe(owner, "https://93.184.215.14/throttle/" + UUID.randomUUID(), null);
    }

    private ApiClient portal() {
        return http.with("X-Admin-Key", TestWorld.ADMIN_KEY);
    }

    private String throttle() {
        return "/internal/v1/owners/" + owner.ownerId() + "/hooks/" + hook + "/throttle";
    }

    private Integer stored() {
        int stored = jdbc.sql("select coalesce(throttle_per_second, 0) from webhook_subscriptions where id = :id")
                .param("id", hook).query(Integer.class).single();
        return stored == 0 ? null : stored;
    }

    private static Map<String, Object> perSecond(Object value) {
        Map<String, Object> body = new HashMap<>();
        body.put("per_second", value);
        return body;
    }

    @Test
    void setsAndLiftsTheThrottleAndAnswersTheHook() {
        ApiClient.Response set = portal().send("PUT", throttle(), perSecond(5));

        assertThat(set.status()).as(set.body()).isEqualTo(200);
        assertThat(set.json().get("id").asString()).isEqualTo(hook.toString());
        assertThat(set.json().get("throttle_per_second").asInt()).isEqualTo(5);
        assertThat(stored()).isEqualTo(5);
        assertThat(portal().get("/internal/v1/owners/" + owner.ownerId() + "/hooks").json().get("hooks").get(0)
                .get("throttle_per_second").asInt()).isEqualTo(5);

        assertThat(portal().send("PUT", throttle(), perSecond(1000)).json().get("throttle_per_second").asInt()).isEqualTo(1000);
        assertThat(portal().send("PUT", throttle(), perSecond(1)).json().get("throttle_per_second").asInt()).isOne();

        ApiClient.Response lifted = portal().send("PUT", throttle(), perSecond(null));
        assertThat(lifted.status()).as(lifted.body()).isEqualTo(200);
        assertThat(lifted.json().get("throttle_per_second").isNull()).isTrue();
        assertThat(stored()).isNull();
    }

    @Test
    void aChangedRateReleasesTheDeliveriesWaitingForTheOldRatesStartsAndTheSameRateDoesNot() {
        DeliveryRows rows = new DeliveryRows(jdbc);
        portal().send("PUT", throttle(), perSecond(1));
        UUID waiting = world.newEnquiry(owner);
        rows.delivery(hook, waiting, DeliveryStatus.PENDING, 0, 1);
        Instant anHourOn = Instant.now().plus(Duration.ofHours(1)); // a thousand deliveries ahead at 1 a second
        rows.throttledUntil(hook, waiting, anHourOn);

        portal().send("PUT", throttle(), perSecond(1));
        assertThat(rows.throttledWait(hook, waiting).throttledUntil()).as("the same rate keeps its reservations").isNotNull();

        assertThat(portal().send("PUT", throttle(), perSecond(50)).status()).isEqualTo(200);
        DeliveryRows.ThrottledWait released = rows.throttledWait(hook, waiting);
        assertThat(released.throttledUntil()).as("it will ask the new rate for a start").isNull();
        assertThat(released.nextAttemptAt()).as("due now, not in an hour").isBefore(Instant.now().plusSeconds(1));
        assertThat(rows.deliveries(hook)).extracting(DeliveryRows.Delivery::status).containsExactly(DeliveryStatus.WAITING);
    }

    @Test
    void refusesAMissingFieldANonIntegerOrAValueOutOfRangeAndChangesNothing() {
        portal().send("PUT", throttle(), perSecond(7));

        for (Object bad : List.of(0, 1001, -3, 2.5, 1.0, "5", true, List.of(5), Map.of("n", 5), 99_999_999_999L)) {
            assertFieldErrors(portal().send("PUT", throttle(), perSecond(bad)), "Invalid request", "per_second");
        }
        assertFieldErrors(portal().send("PUT", throttle(), Map.of()), "Invalid request", "per_second");
        assertFieldErrors(portal().send("PUT", throttle(), Map.of("perSecond", 5)), "Invalid request", "per_second");
        assertThat(portal().send("PUT", throttle(), "[5]", "application/json").status()).isEqualTo(400);
        assertThat(portal().send("PUT", throttle(), "{", "application/json").status()).isEqualTo(400);
        assertThat(portal().send("PUT", throttle(), "", "application/json").status()).isEqualTo(400);
        assertThat(stored()).isEqualTo(7);
    }

    @Test
    void answersNotFoundForAnotherOwnersUnknownOrMalformedHookAndChangesNothing() {
        TestWorld.Account other = world.newAccount();
        for (String path : List.of("/internal/v1/owners/" + other.ownerId() + "/hooks/" + hook + "/throttle",
                "/internal/v1/owners/" + owner.ownerId() + "/hooks/" + UUID.randomUUID() + "/throttle",
                "/internal/v1/owners/" + owner.ownerId() + "/hooks/abc/throttle")) {
            assertError(portal().send("PUT", path, perSecond(3)), 404, "Not found");
        }
        assertThat(stored()).isNull();
    }
}
