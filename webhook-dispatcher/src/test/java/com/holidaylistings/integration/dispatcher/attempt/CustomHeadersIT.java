package com.holidaylistings.integration.dispatcher.attempt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.dispatcher.DispatcherIntegrationTest;
import com.holidaylistings.integration.dispatcher.Events;
import com.holidaylistings.integration.dispatcher.TestData;
import com.holidaylistings.integration.signing.receiver.WebhookDelivery;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * A hook's custom headers (set through api-service, stored encrypted in hook_headers) reach its
 * receiver with every delivery and test event, beside the delivery's own headers, and are kept in
 * the attempt log's request headers with their values masked; another hook of the owner gets none.
 */
class CustomHeadersIT extends DispatcherIntegrationTest {

    private static final Duration DELIVERED = Duration.ofSeconds(30);
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final TypeReference<Map<String, String>> HEADERS = new TypeReference<>() {};
    private static final String MASK = "\u2022\u2022\u2022\u2022";
    private static final String SET = "{\"Authorization\": \"Bearer receiver-token-7\", \"X-Tenant\": \"north-7\"}";

    @Test
    void aDeliveryCarriesTheHooksHeadersAndTheAttemptLogKeepsThemMasked() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID hook = data.subscribe(owner, receiver.url("/with-headers", WebhookReceiver.Answer.ok()), null);
        data.subscribe(owner, receiver.url("/without-headers", WebhookReceiver.Answer.ok()), null);
        data.setHeaders(owner, hook, SET);

        events.enquiryOn(property);

        await().atMost(DELIVERED)
                .until(() -> receiver.requests("/with-headers").size() == 1
                        && receiver.requests("/without-headers").size() == 1);
        WebhookDelivery received = receiver.requests("/with-headers").getFirst();
        assertThat(received.header("Authorization")).isEqualTo("Bearer receiver-token-7");
        assertThat(received.header("X-Tenant")).isEqualTo("north-7");
        assertThat(received.signedWith(owner.secret()))
                .as("the delivery's own headers still there")
                .isTrue();
        WebhookDelivery other = receiver.requests("/without-headers").getFirst();
        assertThat(other.header("Authorization")).isNull();
        assertThat(other.header("X-Tenant")).isNull();

        assertMaskedInTheAttemptLog(received.webhookId());
    }

    @Test
    void aTestEventCarriesTheHooksHeadersToo() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID hook = data.subscribe(owner, receiver.url("/test-with-headers", WebhookReceiver.Answer.ok()), null);
        data.setHeaders(owner, hook, SET);

        String webhookId = data.sendTest(owner, hook, JSON.writeValueAsString(Events.anEnquiryOn(property)));

        await().atMost(DELIVERED)
                .until(() -> !receiver.requests("/test-with-headers").isEmpty());
        WebhookDelivery received = receiver.requests("/test-with-headers").getFirst();
        assertThat(received.header("webhook-test")).isEqualTo("true");
        assertThat(received.header("Authorization")).isEqualTo("Bearer receiver-token-7");
        assertThat(received.header("X-Tenant")).isEqualTo("north-7");
        assertMaskedInTheAttemptLog(webhookId);
    }

    @Test
    void headersChangedOrRemovedApplyToTheNextDelivery() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID hook = data.subscribe(owner, receiver.url("/changed-headers", WebhookReceiver.Answer.ok()), null);
        data.setHeaders(owner, hook, SET);
        events.enquiryOn(property);
        await().atMost(DELIVERED)
                .until(() -> receiver.requests("/changed-headers").size() == 1);

        data.setHeaders(owner, hook, "{\"X-Tenant\": \"south-2\"}");
        events.enquiryOn(property);
        await().atMost(DELIVERED)
                .until(() -> receiver.requests("/changed-headers").size() == 2);

        WebhookDelivery second = receiver.requests("/changed-headers").stream()
                .filter(r -> !"north-7".equals(r.header("X-Tenant")))
                .findFirst()
                .orElseThrow();
        assertThat(second.header("X-Tenant")).isEqualTo("south-2");
        assertThat(second.header("Authorization")).isNull();
    }

    private void assertMaskedInTheAttemptLog(String webhookId) {
        await().atMost(DELIVERED).until(() -> data.attemptDetails(webhookId).size() == 1);
        String stored = data.attemptDetails(webhookId).getFirst().requestHeaders();
        assertThat(stored).doesNotContain("receiver-token-7", "north-7");
        assertThat(JSON.readValue(stored, HEADERS))
                .containsEntry("authorization", MASK)
                .containsEntry("x-tenant", MASK)
                .containsEntry("webhook-id", webhookId)
                .containsKey("webhook-signature");
    }
}
