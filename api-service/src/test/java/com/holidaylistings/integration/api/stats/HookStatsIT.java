package com.holidaylistings.integration.api.stats;

import static com.holidaylistings.integration.api.support.ErrorBodies.assertError;
import static com.holidaylistings.integration.api.support.ErrorBodies.assertFieldErrors;
import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.CommandRows;
import com.holidaylistings.integration.api.support.DeliveryRows;
import com.holidaylistings.integration.api.support.TestWorld;
import com.holidaylistings.integration.deliverylog.DeliveryStatus;
import com.holidaylistings.integration.events.command.DeliveryCommand;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** GET …/hooks/{hookId}/stats: the hook's last days, from the attempt counts the dispatcher keeps. */
class HookStatsIT extends ApiIntegrationTest {

    private DeliveryRows rows;
    private TestWorld.Account owner;
    private UUID hook;
    private LocalDate today;

    @BeforeEach
    void hook() {
        rows = new DeliveryRows(jdbc);
        owner = world.newAccount();
        hook = world.subscribe(owner, "https://93.184.215.14/stats/" + UUID.randomUUID(), null);
        today = LocalDate.now(ZoneOffset.UTC);
    }

    private ApiClient portal() {
        return http.with("X-Admin-Key", TestWorld.ADMIN_KEY);
    }

    private String stats() {
        return "/internal/v1/owners/" + owner.ownerId() + "/hooks/" + hook + "/stats";
    }

    @Test
    void countsTheLastSevenDaysByOutcomeStatusAndDay() {
        rows.counted(hook, today, "succeeded", 200, 40);
        rows.counted(hook, today, "succeeded", 204, 2);
        rows.counted(hook, today, "failed", 503, 5);
        rows.counted(hook, today.minusDays(2), "failed", 0, 3);
        rows.counted(hook, today.minusDays(2), "abandoned", 503, 1);
        rows.counted(hook, today.minusDays(6), "gone", 410, 1);
        rows.counted(hook, today.minusDays(7), "succeeded", 200, 1000); // the eighth day back: outside

        ApiClient.Response response = portal().get(stats());

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        JsonNode stats = response.json();
        assertThat(stats.propertyNames())
                .containsExactlyInAnyOrder(
                        "since", "delivered", "failed_attempts", "abandoned", "pending", "by_http_status", "per_day");
        assertThat(Instant.parse(stats.get("since").asString()))
                .isEqualTo(today.minusDays(6).atStartOfDay(ZoneOffset.UTC).toInstant());
        assertThat(stats.get("delivered").asLong()).isEqualTo(42);
        assertThat(stats.get("failed_attempts").asLong()).isEqualTo(10);
        assertThat(stats.get("abandoned").asLong()).isEqualTo(1);
        assertThat(stats.get("pending").asLong()).isZero();
        JsonNode byStatus = stats.get("by_http_status");
        assertThat(byStatus.propertyNames()).containsExactlyInAnyOrder("200", "204", "410", "503", "none");
        assertThat(byStatus.get("200").asLong()).isEqualTo(40);
        assertThat(byStatus.get("503").asLong()).isEqualTo(6);
        assertThat(byStatus.get("none").asLong()).isEqualTo(3);
        JsonNode perDay = stats.get("per_day");
        assertThat(perDay.size()).isEqualTo(7);
        for (int i = 0; i < 7; i++) {
            assertThat(perDay.get(i).propertyNames()).containsExactlyInAnyOrder("date", "delivered", "failed_attempts");
            assertThat(perDay.get(i).get("date").asString())
                    .isEqualTo(today.minusDays(6 - i).toString());
        }
        assertThat(perDay.get(0).get("failed_attempts").asLong()).isEqualTo(1);
        assertThat(perDay.get(4).get("failed_attempts").asLong()).isEqualTo(4);
        assertThat(perDay.get(5).get("delivered").asLong()).isZero();
        assertThat(perDay.get(6).get("delivered").asLong()).isEqualTo(42);
        assertThat(perDay.get(6).get("failed_attempts").asLong()).isEqualTo(5);
    }

    @Test
    void answersZerosForEachDayOfAHookWithoutAttempts() {
        JsonNode stats = portal().get(stats() + "?days=30").json();

        assertThat(stats.get("per_day").size()).isEqualTo(30);
        assertThat(stats.get("by_http_status").isEmpty()).isTrue();
        assertThat(stats.get("delivered").asLong()).isZero();
        assertThat(portal().get(stats() + "?days=1")
                        .json()
                        .get("per_day")
                        .get(0)
                        .get("date")
                        .asString())
                .isEqualTo(today.toString());
    }

    @Test
    void countsPendingDeliveriesButNoTestEvent() {
        UUID first = world.newEnquiry(owner);
        UUID second = world.newEnquiry(owner);
        UUID third = world.newEnquiry(owner);
        rows.delivery(hook, first, DeliveryStatus.PENDING, 1, 2);
        rows.delivery(hook, second, DeliveryStatus.WAITING, 0, 1);
        rows.delivery(hook, third, DeliveryStatus.SUCCEEDED, 1, 1);
        portal().post("/internal/v1/owners/" + owner.ownerId() + "/hooks/" + hook + "/test", null);
        rows.testDeliveryMade(
                new CommandRows(jdbc).of(hook, DeliveryCommand.TestEvent.class).getFirst());

        assertThat(portal().get(stats()).json().get("pending").asLong()).isEqualTo(2);
    }

    @Test
    void refusesDaysOutOfRangeAndAnswersNotFoundForAnotherOwnersHook() {
        for (String days : List.of("0", "31", "-1", "abc", "7.5", "")) {
            assertFieldErrors(portal().get(stats() + "?days=" + days), "Invalid request", "days");
        }
        TestWorld.Account other = world.newAccount();
        assertError(
                portal().get("/internal/v1/owners/" + other.ownerId() + "/hooks/" + hook + "/stats"), 404, "Not found");
        assertError(portal().get("/internal/v1/owners/" + owner.ownerId() + "/hooks/abc/stats"), 404, "Not found");
    }
}
