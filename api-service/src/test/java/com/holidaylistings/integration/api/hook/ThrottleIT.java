package com.holidaylistings.integration.api.hook;

import static com.holidaylistings.integration.api.support.ErrorBodies.assertError;
import static com.holidaylistings.integration.api.support.ErrorBodies.assertFieldErrors;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.CommandRows;
import com.holidaylistings.integration.api.support.DeliveryRows;
import com.holidaylistings.integration.api.support.TestWorld;
import com.holidaylistings.integration.deliverylog.DeliveryStatus;
import com.holidaylistings.integration.events.command.DeliveryCommand;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * PUT …/hooks/{hookId}/throttle: at most n deliveries a second start, or no limit; a change of rate
 * is told to the dispatcher as a command, which releases the backlog waiting for the old rate's starts.
 */
class ThrottleIT extends ApiIntegrationTest {

    private TestWorld.Account owner;
    private UUID hook;
    private DeliveryRows rows;
    private CommandRows commands;

    @BeforeEach
    void hook() {
        rows = new DeliveryRows(jdbc);
        commands = new CommandRows(jdbc);
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
                .param("id", hook)
                .query(Integer.class)
                .single();
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
        assertThat(portal().get("/internal/v1/owners/" + owner.ownerId() + "/hooks")
                        .json()
                        .get("hooks")
                        .get(0)
                        .get("throttle_per_second")
                        .asInt())
                .isEqualTo(5);

        assertThat(portal().send("PUT", throttle(), perSecond(1000))
                        .json()
                        .get("throttle_per_second")
                        .asInt())
                .isEqualTo(1000);
        assertThat(portal().send("PUT", throttle(), perSecond(1))
                        .json()
                        .get("throttle_per_second")
                        .asInt())
                .isOne();

        ApiClient.Response lifted = portal().send("PUT", throttle(), perSecond(null));
        assertThat(lifted.status()).as(lifted.body()).isEqualTo(200);
        assertThat(lifted.json().get("throttle_per_second").isNull()).isTrue();
        assertThat(stored()).isNull();
    }

    @Test
    void aChangedRateTellsTheDispatcherInTheOutboxAndTheSameRateDoesNot() {
        assertThat(portal().with("X-Request-Id", "set")
                        .send("PUT", throttle(), perSecond(1))
                        .status())
                .isEqualTo(200);
        UUID waiting = world.newEnquiry(owner);
        rows.delivery(hook, waiting, DeliveryStatus.PENDING, 0, 1);
        Instant anHourOn = Instant.now().plus(Duration.ofHours(1)); // a thousand deliveries ahead at 1 a second
        rows.throttledUntil(hook, waiting, anHourOn);
        Instant before = Instant.now();

        ApiClient.Response same = portal().with("X-Request-Id", "same").send("PUT", throttle(), perSecond(1));
        assertThat(same.status()).as(same.body()).isEqualTo(200);
        assertThat(same.json().get("throttle_per_second").asInt()).isOne();
        ApiClient.Response raised = portal().with("X-Request-Id", "raise").send("PUT", throttle(), perSecond(50));
        assertThat(raised.status()).as(raised.body()).isEqualTo(200);
        assertThat(raised.json().get("throttle_per_second").asInt()).isEqualTo(50);
        ApiClient.Response lifted = portal().with("X-Request-Id", "lift").send("PUT", throttle(), perSecond(null));
        assertThat(lifted.status()).as(lifted.body()).isEqualTo(200);
        assertThat(portal().with("X-Request-Id", "lift-again")
                        .send("PUT", throttle(), perSecond(null))
                        .status())
                .isEqualTo(200);

        List<DeliveryCommand.ThrottleChanged> sent = commands.of(hook, DeliveryCommand.ThrottleChanged.class);
        assertThat(sent)
                .as("one command a change of rate, none for the same rate")
                .extracting(
                        DeliveryCommand.ThrottleChanged::requestId,
                        DeliveryCommand.ThrottleChanged::perSecond,
                        command -> command.owner().value(),
                        command -> command.hook().value())
                .containsExactly(
                        tuple("set", 1, owner.ownerId(), hook),
                        tuple("raise", 50, owner.ownerId(), hook),
                        tuple("lift", null, owner.ownerId(), hook));
        assertThat(sent.get(1).requestedAt()).isBetween(before, Instant.now());
        assertThat(commands.of(hook))
                .as("nothing else is asked of the dispatcher")
                .hasSize(3);
        DeliveryRows.ThrottledWait wait = rows.throttledWait(hook, waiting);
        assertThat(wait.throttledUntil())
                .as("the dispatcher releases the backlog when it applies the command; api-service does not write it")
                .isCloseTo(anHourOn, within(1, ChronoUnit.MILLIS));
        assertThat(wait.nextAttemptAt()).isCloseTo(anHourOn, within(1, ChronoUnit.MILLIS));
    }

    @Test
    void refusesAMissingFieldANonIntegerOrAValueOutOfRangeAndChangesNothing() {
        portal().send("PUT", throttle(), perSecond(7));

        for (Object bad : List.of(0, 1001, -3, 2.5, 1.0, "5", true, List.of(5), Map.of("n", 5), 99_999_999_999L)) {
            assertFieldErrors(portal().send("PUT", throttle(), perSecond(bad)), "Invalid request", "per_second");
        }
        assertFieldErrors(portal().send("PUT", throttle(), Map.of()), "Invalid request", "per_second");
        assertFieldErrors(portal().send("PUT", throttle(), Map.of("perSecond", 5)), "Invalid request", "per_second");
        assertThat(portal().send("PUT", throttle(), "[5]", "application/json").status())
                .isEqualTo(400);
        assertThat(portal().send("PUT", throttle(), "{", "application/json").status())
                .isEqualTo(400);
        assertThat(portal().send("PUT", throttle(), "", "application/json").status())
                .isEqualTo(400);
        assertThat(stored()).isEqualTo(7);
        assertThat(commands.of(hook, DeliveryCommand.ThrottleChanged.class))
                .extracting(DeliveryCommand.ThrottleChanged::perSecond)
                .as("only the valid change")
                .containsExactly(7);
    }

    @Test
    void answersNotFoundForAnotherOwnersUnknownOrMalformedHookAndChangesNothing() {
        TestWorld.Account other = world.newAccount();
        for (String path : List.of(
                "/internal/v1/owners/" + other.ownerId() + "/hooks/" + hook + "/throttle",
                "/internal/v1/owners/" + owner.ownerId() + "/hooks/" + UUID.randomUUID() + "/throttle",
                "/internal/v1/owners/" + owner.ownerId() + "/hooks/abc/throttle")) {
            assertError(portal().send("PUT", path, perSecond(3)), 404, "Not found");
        }
        assertThat(stored()).isNull();
        assertThat(commands.of(hook)).isEmpty();
    }
}
