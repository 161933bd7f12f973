package com.holidaylistings.integration.api.attempts;

import static com.holidaylistings.integration.api.support.ErrorBodies.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.DeliveryRows;
import com.holidaylistings.integration.api.support.TestWorld;
import com.holidaylistings.integration.deliverylog.DeliveryStatus;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** GET …/hooks/{hookId}/attempts/{attemptId}: the request as sent and what the receiver answered. */
class AttemptDetailIT extends ApiIntegrationTest {

    private DeliveryRows rows;
    private TestWorld.Account owner;
    private UUID hook;
    private UUID enquiry;
    private Instant at;

    @BeforeEach
    void aDelivery() {
        rows = new DeliveryRows(jdbc);
        owner = world.newAccount();
        hook = world.subscribe(owner, "https://93.184.215.14/detail/" + UUID.randomUUID(), null);
        enquiry = world.newEnquiry(owner);
        rows.delivery(hook, enquiry, DeliveryStatus.PENDING, 0, 1);
        at = Instant.now().truncatedTo(ChronoUnit.MICROS);
    }

    private ApiClient portal() {
        return http.with("X-Admin-Key", TestWorld.ADMIN_KEY);
    }

    private String attempt(UUID ownerId, UUID hookId, Object attemptId) {
        return "/internal/v1/owners/" + ownerId + "/hooks/" + hookId + "/attempts/" + attemptId;
    }

    @Test
    void showsTheRequestSentAndTheAnswer() {
        String webhookId = rows.deliveries(hook).getFirst().webhookId();
        long id = rows.exchange(
                hook,
                enquiry,
                1,
                "failed",
                503,
                "HTTP 503",
                at,
                new DeliveryRows.Exchange(
                        DeliveryRows.Exchange.requestHeaders(webhookId),
                        "{\"content-type\": \"text/plain\", \"retry-after\": \"120\"}",
                        "Down for maintenance",
                        true));

        ApiClient.Response response = portal().get(attempt(owner.ownerId(), hook, id));

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        JsonNode detail = response.json();
        assertThat(detail.propertyNames())
                .containsExactlyInAnyOrder(
                        "attempt_id",
                        "webhook_id",
                        "enquiry_id",
                        "attempt",
                        "status",
                        "attempted_at",
                        "duration_ms",
                        "error",
                        "test",
                        "request",
                        "response");
        assertThat(detail.get("attempt_id").asString()).isEqualTo(Long.toString(id));
        assertThat(detail.get("webhook_id").asString()).isEqualTo(webhookId);
        assertThat(detail.get("enquiry_id").asString()).isEqualTo(enquiry.toString());
        assertThat(detail.get("attempt").asInt()).isOne();
        assertThat(detail.get("status").asString()).isEqualTo("failed");
        assertThat(Instant.parse(detail.get("attempted_at").asString())).isEqualTo(at);
        assertThat(detail.get("duration_ms").asInt()).isEqualTo(25);
        assertThat(detail.get("error").asString()).isEqualTo("HTTP 503");
        assertThat(detail.get("test").asBoolean()).isFalse();

        JsonNode request = detail.get("request");
        assertThat(request.propertyNames()).containsExactlyInAnyOrder("url", "headers", "body");
        assertThat(request.get("url").asString()).isEqualTo(targetUrl());
        assertThat(request.get("headers").propertyNames())
                .containsExactlyInAnyOrder(
                        "content-type", "user-agent", "webhook-id", "webhook-timestamp", "webhook-signature");
        assertThat(request.get("headers").get("webhook-id").asString()).isEqualTo(webhookId);
        assertThat(request.get("headers").get("webhook-signature").asString()).startsWith("v1,");
        assertThat(request.get("body").asString())
                .as("the event's payload, as sent")
                .isEqualTo(rows.eventPayload(rows.eventId(enquiry)));

        JsonNode answer = detail.get("response");
        assertThat(answer.propertyNames())
                .containsExactlyInAnyOrder("http_status", "headers", "body", "body_truncated");
        assertThat(answer.get("http_status").asInt()).isEqualTo(503);
        assertThat(answer.get("headers").get("retry-after").asString()).isEqualTo("120");
        assertThat(answer.get("body").asString()).isEqualTo("Down for maintenance");
        assertThat(answer.get("body_truncated").asBoolean()).isTrue();
    }

    @Test
    void answersANullResponseWhenNoAnswerCame() {
        String webhookId = rows.deliveries(hook).getFirst().webhookId();
        long id = rows.exchange(
                hook,
                enquiry,
                1,
                "failed",
                null,
                "connection refused",
                at,
                new DeliveryRows.Exchange(DeliveryRows.Exchange.requestHeaders(webhookId), null, null, false));

        JsonNode detail = portal().get(attempt(owner.ownerId(), hook, id)).json();

        assertThat(detail.has("response")).isTrue();
        assertThat(detail.get("response").isNull()).isTrue();
        assertThat(detail.get("error").asString()).isEqualTo("connection refused");
        assertThat(detail.get("request").get("body").asString()).contains("\"enquiry.created\"");
    }

    @Test
    void answersNullHeadersAndBodyForAnAttemptLoggedBeforeTheyWereKept() {
        rows.attempt(hook, enquiry, 1, "succeeded", 200, null, at, null);
        String id = portal().get("/internal/v1/owners/" + owner.ownerId() + "/hooks/" + hook + "/deliveries")
                .json()
                .get("deliveries")
                .get(0)
                .get("attempt_id")
                .asString();

        JsonNode detail = portal().get(attempt(owner.ownerId(), hook, id)).json();

        assertThat(detail.get("request").get("url").asString()).isEqualTo(targetUrl());
        assertThat(detail.get("request").get("headers").isNull()).isTrue();
        assertThat(detail.get("request").get("body").isNull()).isTrue();
        assertThat(detail.get("response").get("http_status").asInt()).isEqualTo(200);
        assertThat(detail.get("response").get("headers").isNull()).isTrue();
        assertThat(detail.get("response").get("body_truncated").asBoolean()).isFalse();
    }

    @Test
    void answersNotFoundForAnotherHooksOrOwnersAttemptAndForAnythingButAnId() {
        long id = rows.exchange(
                hook, enquiry, 1, "succeeded", 200, null, at, new DeliveryRows.Exchange(null, "{}", "ok", false));
        UUID otherHook = world.subscribe(owner, "https://93.184.215.14/detail-other/" + UUID.randomUUID(), null);
        TestWorld.Account other = world.newAccount();
        UUID theirHook = world.subscribe(other, "https://93.184.215.14/detail-theirs/" + UUID.randomUUID(), null);

        assertError(portal().get(attempt(owner.ownerId(), otherHook, id)), 404, "Not found");
        assertError(portal().get(attempt(other.ownerId(), theirHook, id)), 404, "Not found");
        assertError(portal().get(attempt(other.ownerId(), hook, id)), 404, "Not found");
        for (String notAnId : List.of("abc", "-1", "0", "1.5", "99999999999999999999", "+" + id, "0" + id, id + " ")) {
            assertError(
                    portal().get(attempt(
                            owner.ownerId(), hook, notAnId.replace(" ", "%20").replace("+", "%2B"))),
                    404,
                    "Not found");
        }
        assertError(portal().get(attempt(owner.ownerId(), hook, id + 1_000_000)), 404, "Not found");
        assertThat(portal().get(attempt(owner.ownerId(), hook, id)).status()).isEqualTo(200);
    }

    private String targetUrl() {
        return jdbc.sql("select target_url from webhook_subscriptions where id = :id")
                .param("id", hook)
                .query(String.class)
                .single();
    }
}
