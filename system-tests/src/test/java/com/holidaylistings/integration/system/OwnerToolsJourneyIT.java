package com.holidaylistings.integration.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.signing.receiver.WebhookDelivery;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver.Answer;
import com.holidaylistings.integration.stack.Api;
import com.holidaylistings.integration.stack.Owner;
import com.holidaylistings.integration.stack.Stack;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import tools.jackson.databind.JsonNode;

/**
 * An owner whose property-management system stopped receiving enquiries, on the whole stack: the
 * hook fails until it turns itself off ({@code WEBHOOK_DISABLE_AFTER}, 3 s here, with one-second
 * retries), the owner sees exactly what was sent and answered and how often it failed, cannot test
 * a disabled hook, fixes the receiver, resumes and recovers everything since it began failing, sends
 * a test event, and throttles the hook. A hook's custom headers go with its deliveries and test
 * events, and the owner sees them masked.
 */
@ExtendWith(OwnerToolsJourneyIT.QuickDisabling.class)
class OwnerToolsJourneyIT {

    private static final Duration DEADLINE = Duration.ofMinutes(2);

    /** webhook-dispatcher with one-second retries and hooks disabled after 3 s of failures, for this class only. */
    static class QuickDisabling implements BeforeAllCallback, AfterAllCallback {

        @Override
        public void beforeAll(ExtensionContext context) {
            Stack.terminate("webhook-dispatcher");
            Stack.up(Map.of("WEBHOOK_RETRY_DELAYS", "1s,1s,1s,1s,1s", "WEBHOOK_DISABLE_AFTER", "3s"));
        }

        @Override
        public void afterAll(ExtensionContext context) {
            Stack.terminate("webhook-dispatcher");
            Stack.up();
        }
    }

    @Test
    void aDeadHookTurnsItselfOffAndTheOwnerSeesTestsRecoversAndThrottlesIt() throws Exception {
        Owner owner = Owner.create("owner-tools");
        try (WebhookReceiver receiver = WebhookReceiver.start();
                OperationalTopic topic = new OperationalTopic()) {
            receiver.answerOthers(Answer.status(503).withBody("{\"error\":\"down for maintenance\"}"));
            String hook = owner.subscribe(receiver.url("/pms")).get("id").asString();
            String hookPath = "/owners/" + owner.id() + "/hooks/" + hook;
            UUID missed = owner.enquiry("Sent while the receiver is down");

            await("hook.disabled")
                    .atMost(DEADLINE)
                    .until(() -> topic.types(hook).contains("hook.disabled"));
            JsonNode disabled = topic.of(hook).stream()
                    .filter(e -> e.get("type").asString().equals("hook.disabled"))
                    .findFirst()
                    .orElseThrow();
            String failingSince = disabled.get("failing_since").asString();
            // api-service applies the record it consumes from webhook.operational to its own row
            await("hook.disabled applied by api-service")
                    .atMost(DEADLINE)
                    .until(() -> listedHook(owner, hook).get("paused").asBoolean());
            JsonNode listed = listedHook(owner, hook);
            assertThat(listed.get("display_status").asString()).isEqualTo("Inactive");
            assertThat(listed.get("paused").asBoolean()).isTrue();
            assertThat(listed.get("status_reason").asString()).isNotBlank();

            // What was sent, and what the receiver answered.
            JsonNode failures = Api.internal("GET", hookPath + "/deliveries?status=failed", null)
                    .expect(200)
                    .get("deliveries");
            assertThat(failures.size()).isGreaterThanOrEqualTo(3);
            JsonNode detail = Api.internal(
                            "GET",
                            hookPath + "/attempts/"
                                    + failures.get(0).get("attempt_id").asString(),
                            null)
                    .expect(200);
            assertThat(detail.get("response").get("http_status").asInt()).isEqualTo(503);
            assertThat(detail.get("response").get("body").asString()).contains("down for maintenance");
            WebhookDelivery sent =
                    receiver.withWebhookId(detail.get("webhook_id").asString()).get(0);
            assertThat(detail.get("request").get("body").asString()).isEqualTo(sent.body());
            assertThat(detail.get("request")
                            .get("headers")
                            .get("webhook-signature")
                            .asString())
                    .startsWith("v1,");
            JsonNode stats =
                    Api.internal("GET", hookPath + "/stats?days=7", null).expect(200);
            assertThat(stats.get("failed_attempts").asInt()).isGreaterThanOrEqualTo(4);
            assertThat(stats.get("by_http_status").get("503").asInt()).isGreaterThanOrEqualTo(4);
            assertThat(stats.get("delivered").asInt()).isZero();

            // A disabled hook cannot be tested, and its enquiries cost nothing.
            Api.internal("POST", hookPath + "/test", null).expect(409);
            int whileDisabled = receiver.requests("/pms").size();
            UUID submittedWhileDisabled = owner.enquiry("Sent while the hook is off");
            await().during(Duration.ofSeconds(3))
                    .atMost(Duration.ofSeconds(10))
                    .until(() -> receiver.requests("/pms").size() == whileDisabled);

            // Fixed: resume and recover everything since it began failing, as the portal's button does
            // (from a little before the first failure: the enquiry that failed first was sent before it).
            receiver.answerOthers(Answer.status(204));
            Api.internal("POST", hookPath + "/resume", null).expect(200);
            String since =
                    Instant.parse(failingSince).minus(Duration.ofMinutes(1)).toString();
            JsonNode recovered = Api.internal("POST", hookPath + "/recover", Map.of("since", since))
                    .expect(202);
            assertThat(recovered.get("queued").asInt()).isEqualTo(2);
            await("the missed enquiries")
                    .atMost(DEADLINE)
                    .until(() -> receiver.firstDelivery("/pms", missed) != null
                            && receiver.firstDelivery("/pms", submittedWhileDisabled) != null);
            assertThat(listedHook(owner, hook).get("display_status").asString()).isEqualTo("Active");

            // A test event: signed, marked, once, in the delivery log at once.
            String testId = Api.internal("POST", hookPath + "/test", null)
                    .expect(202)
                    .get("webhook_id")
                    .asString();
            await("the test event")
                    .atMost(DEADLINE)
                    .until(() -> !receiver.withWebhookId(testId).isEmpty());
            WebhookDelivery test = receiver.withWebhookId(testId).get(0);
            assertThat(test.header("webhook-test")).isEqualTo("true");
            assertThat(test.signedWith(owner.webhookSecret())).isTrue();
            await().atMost(DEADLINE).until(() -> logged(hookPath, testId) != null);
            assertThat(logged(hookPath, testId).get("test").asBoolean()).isTrue();

            // Throttled to 2 a second: six enquiries start over at least 2.5 s.
            JsonNode throttled = Api.internal("PUT", hookPath + "/throttle", Map.of("per_second", 2))
                    .expect(200);
            assertThat(throttled.get("throttle_per_second").asInt()).isEqualTo(2);
            List<UUID> burst = new java.util.ArrayList<>();
            for (int i = 0; i < 6; i++) {
                burst.add(owner.enquiry("Throttled " + i));
            }
            await("the throttled burst")
                    .atMost(DEADLINE)
                    .until(() -> burst.stream().allMatch(id -> receiver.firstDelivery("/pms", id) != null));
            List<Long> arrivals = burst.stream()
                    .map(id -> receiver.firstDelivery("/pms", id).arrivedAt())
                    .sorted(Comparator.naturalOrder())
                    .toList();
            assertThat((arrivals.getLast() - arrivals.getFirst()) / 1e9).isGreaterThanOrEqualTo(2.0);
            Map<String, Object> none = new HashMap<>();
            none.put("per_second", null);
            assertThat(Api.internal("PUT", hookPath + "/throttle", none)
                            .expect(200)
                            .get("throttle_per_second")
                            .isNull())
                    .isTrue();
        }
    }

    @Test
    void aHooksCustomHeadersGoWithEveryDeliveryAndTestEventAndAreShownMasked() throws Exception {
        Owner owner = Owner.create("custom-headers");
        String token = "Bearer pms-" + UUID.randomUUID();
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            String hook = owner.subscribe(receiver.url("/tenant", Answer.status(204)))
                    .get("id")
                    .asString();
            String hookPath = "/owners/" + owner.id() + "/hooks/" + hook;
            Map<String, String> headers = Map.of("Authorization", token, "X-Tenant", "villa-42");

            JsonNode saved = Api.internal("PUT", hookPath + "/headers", Map.of("headers", headers))
                    .expect(200);
            assertThat(saved.get("headers").get("Authorization").asString()).doesNotContain(token.substring(7));
            assertThat(saved.get("headers").get("X-Tenant").asString()).isNotEqualTo("villa-42");
            JsonNode refused = Api.internal(
                            "PUT", hookPath + "/headers", Map.of("headers", Map.of("webhook-id", "forged")))
                    .expect(400);
            assertThat(refused.toString()).contains("webhook-id");

            UUID enquiry = owner.enquiry("With the receiving system's own headers");
            String testId = Api.internal("POST", hookPath + "/test", null)
                    .expect(202)
                    .get("webhook_id")
                    .asString();
            await("the delivery and the test event")
                    .atMost(DEADLINE)
                    .until(() -> receiver.firstDelivery("/tenant", enquiry) != null
                            && !receiver.withWebhookId(testId).isEmpty());
            for (WebhookDelivery delivery : List.of(
                    receiver.firstDelivery("/tenant", enquiry),
                    receiver.withWebhookId(testId).get(0))) {
                assertThat(delivery.header("Authorization")).isEqualTo(token);
                assertThat(delivery.header("X-Tenant")).isEqualTo("villa-42");
                assertThat(delivery.signedWith(owner.webhookSecret())).isTrue();
            }
            await().atMost(DEADLINE).until(() -> logged(hookPath, testId) != null);
            JsonNode detail = Api.internal(
                            "GET",
                            hookPath + "/attempts/"
                                    + logged(hookPath, testId).get("attempt_id").asString(),
                            null)
                    .expect(200);
            assertThat(detail.get("request").get("headers").has("authorization"))
                    .isTrue();
            assertThat(detail.toString())
                    .as("the attempt detail shows the header, masked")
                    .doesNotContain(token.substring(7));

            Api.internal("PUT", hookPath + "/headers", Map.of("headers", Map.of()))
                    .expect(200);
            UUID after = owner.enquiry("Without them once removed");
            await("the delivery after the removal")
                    .atMost(DEADLINE)
                    .until(() -> receiver.firstDelivery("/tenant", after) != null);
            assertThat(receiver.firstDelivery("/tenant", after).header("Authorization"))
                    .isNull();
        }
    }

    private static JsonNode listedHook(Owner owner, String hook) throws IOException {
        for (JsonNode listed : Api.internal("GET", "/owners/" + owner.id() + "/hooks", null)
                .expect(200)
                .get("hooks")) {
            if (listed.get("id").asString().equals(hook)) {
                return listed;
            }
        }
        throw new AssertionError("hook " + hook + " not listed");
    }

    /** The delivery log's entry of a delivery, null while it has none. */
    private static JsonNode logged(String hookPath, String webhookId) throws IOException {
        for (JsonNode entry :
                Api.internal("GET", hookPath + "/deliveries", null).expect(200).get("deliveries")) {
            if (entry.get("webhook_id").asString().equals(webhookId)) {
                return entry;
            }
        }
        return null;
    }
}
