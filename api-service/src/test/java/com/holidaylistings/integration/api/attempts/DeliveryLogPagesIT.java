package com.holidaylistings.integration.api.attempts;

import static com.holidaylistings.integration.api.support.ErrorBodies.assertError;
import static com.holidaylistings.integration.api.support.ErrorBodies.assertFieldErrors;
import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.DeliveryRows;
import com.holidaylistings.integration.api.support.TestWorld;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** GET …/hooks/{hookId}/deliveries: pages of the attempt log by cursor, filtered by status. */
class DeliveryLogPagesIT extends ApiIntegrationTest {

    private static final Instant T0 = Instant.parse("2026-11-20T10:00:00.123456Z");

    private DeliveryRows rows;
    private TestWorld.Account owner;
    private UUID hook;

    @BeforeEach
    void hook() {
        rows = new DeliveryRows(jdbc);
        owner = world.newAccount();
        hook = world.subscribe(owner, "https://93.184.215.14/pages/" + UUID.randomUUID(), null);
    }

    private ApiClient portal() {
        return http.with("X-Admin-Key", TestWorld.ADMIN_KEY);
    }

    private String deliveries() {
        return "/internal/v1/owners/" + owner.ownerId() + "/hooks/" + hook + "/deliveries";
    }

    @Test
    void pagesThroughTheWholeLogNewestFirstWithoutGapsOrRepeats() {
        // Two attempts share each second: the id breaks the tie, as the cursor must.
        for (int i = 0; i < 25; i++) {
            rows.attempt(hook, UUID.randomUUID(), 1, i % 5 == 0 ? "failed" : "succeeded", T0.plusSeconds(i / 2));
        }
        List<String> seen = new ArrayList<>();
        List<Instant> times = new ArrayList<>();
        String next = null;
        int pages = 0;
        do {
            ApiClient.Response page =
                    portal().get(deliveries() + "?limit=10" + (next == null ? "" : "&before=" + next));
            assertThat(page.status()).as(page.body()).isEqualTo(200);
            page.json().get("deliveries").forEach(d -> {
                seen.add(d.get("attempt_id").asString());
                times.add(Instant.parse(d.get("attempted_at").asString()));
            });
            next = page.json().get("next").isNull()
                    ? null
                    : page.json().get("next").asString();
            pages++;
        } while (next != null);

        assertThat(pages).isEqualTo(3);
        assertThat(seen).hasSize(25).doesNotHaveDuplicates();
        assertThat(times).isSortedAccordingTo((a, b) -> b.compareTo(a));
        List<Long> ids = seen.stream().map(Long::parseLong).toList();
        for (int i = 1; i < ids.size(); i++) {
            if (times.get(i).equals(times.get(i - 1))) {
                assertThat(ids.get(i)).as("newest first within one time").isLessThan(ids.get(i - 1));
            }
        }
    }

    @Test
    void answersNoNextOnAFullLastPage() {
        for (int i = 0; i < 4; i++) {
            rows.attempt(hook, UUID.randomUUID(), 1, "succeeded", T0.plusSeconds(i));
        }
        ApiClient.Response first = portal().get(deliveries() + "?limit=2");
        ApiClient.Response second = portal().get(deliveries() + "?limit=2&before="
                + first.json().get("next").asString());

        assertThat(second.json().get("deliveries").size()).isEqualTo(2);
        assertThat(second.json().get("next").isNull()).isTrue();
    }

    @Test
    void describesEachAttemptWithItsIdWebhookIdAndWhetherItWasATest() {
        UUID enquiry = world.newEnquiry(owner);
        rows.attempt(hook, enquiry, 1, "succeeded", T0);

        JsonNode attempt = portal().get(deliveries()).json().get("deliveries").get(0);

        assertThat(attempt.get("attempt_id").isString()).isTrue();
        assertThat(Long.parseLong(attempt.get("attempt_id").asString())).isPositive();
        assertThat(attempt.get("webhook_id").asString()).startsWith("msg_");
        assertThat(attempt.get("test").isBoolean()).isTrue();
        assertThat(attempt.get("test").asBoolean()).isFalse();
    }

    @Test
    void filtersByStatusFailedMeaningNotTakenAndRetriedOrGone() {
        UUID enquiry = UUID.randomUUID();
        rows.attempt(hook, enquiry, 1, "failed", T0);
        rows.attempt(hook, enquiry, 2, "abandoned", T0.plusSeconds(1));
        rows.attempt(hook, UUID.randomUUID(), 1, "succeeded", T0.plusSeconds(2));
        rows.attempt(hook, UUID.randomUUID(), 1, "gone", T0.plusSeconds(3));

        assertThat(statuses("succeeded")).containsExactly("succeeded");
        assertThat(statuses("failed")).containsExactly("gone", "failed");
        assertThat(statuses("abandoned")).containsExactly("abandoned");
        assertThat(statuses("")).containsExactly("gone", "succeeded", "abandoned", "failed");
    }

    @Test
    void pagesAFilteredLog() {
        for (int i = 0; i < 6; i++) {
            rows.attempt(hook, UUID.randomUUID(), 1, i % 2 == 0 ? "failed" : "succeeded", T0.plusSeconds(i));
        }
        ApiClient.Response first = portal().get(deliveries() + "?status=failed&limit=2");
        ApiClient.Response second = portal().get(deliveries() + "?status=failed&limit=2&before="
                + first.json().get("next").asString());

        assertThat(times(first)).containsExactly(T0.plusSeconds(4), T0.plusSeconds(2));
        assertThat(times(second)).containsExactly(T0);
        assertThat(second.json().get("next").isNull()).isTrue();
    }

    @Test
    void refusesAnUnknownStatusALimitOutOfRangeAndAMalformedCursor() {
        rows.attempt(hook, UUID.randomUUID(), 1, "succeeded", T0);

        for (String status : List.of("gone", "FAILED", "delivered", "x")) {
            assertFieldErrors(portal().get(deliveries() + "?status=" + status), "Invalid request", "status");
        }
        for (String before : List.of(
                "abc",
                "MTIz",
                "%00",
                "bm90LWEtY3Vyc29y",
                "LTEuLTE",
                "OTk5OTk5OTk5OTk5OTk5OTk5OTkuMQ",
                "OTIyMzM3MjAzNjg1NDc3NTgwNy4x")) {
            assertFieldErrors(portal().get(deliveries() + "?before=" + before), "Invalid request", "before");
        }
        assertFieldErrors(
                portal().get(deliveries() + "?status=x&limit=0&before=abc"),
                "Invalid request",
                "status",
                "limit",
                "before");
    }

    @Test
    void answersNotFoundForAnotherOwnersHookWhateverTheParameters() {
        TestWorld.Account other = world.newAccount();
        String path = "/internal/v1/owners/" + other.ownerId() + "/hooks/" + hook + "/deliveries";

        assertError(portal().get(path + "?status=failed&limit=5"), 404, "Not found");
        assertError(portal().get(path + "?status=nonsense"), 404, "Not found");
    }

    private List<String> statuses(String status) {
        ApiClient.Response response = portal().get(deliveries() + "?status=" + status);
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        List<String> statuses = new ArrayList<>();
        response.json()
                .get("deliveries")
                .forEach(d -> statuses.add(d.get("status").asString()));
        return statuses;
    }

    private static List<Instant> times(ApiClient.Response response) {
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        List<Instant> times = new ArrayList<>();
        response.json()
                .get("deliveries")
                .forEach(d -> times.add(Instant.parse(d.get("attempted_at").asString())));
        return times;
    }
}
