package com.holidaylistings.integration.dispatcher.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class DeliveryRequestTest {

    private static final String EVENT = "3f1c9a52-6f0e-4a8e-9d51-2b7f0c4e8a11";
    private static final UUID SUBSCRIPTION = UUID.fromString("7d2e4b1a-0c3f-4e5d-8a9b-1c2d3e4f5a6b");

    @Test
    void carriesTheIntakeRequestIdThroughTheDeliveriesTopic() {
        JsonMapper json = JsonMapper.builder().build();
        DeliveryRequest request = new DeliveryRequest(SUBSCRIPTION, UUID.randomUUID(), EVENT,
                DeliveryRequest.webhookIdOf(EVENT, SUBSCRIPTION), Instant.parse("2026-11-22T10:15:30.123456Z"),
                "{\"event\":\"enquiry.created\"}", "req-42");

        DeliveryRequest read = json.readValue(json.writeValueAsString(request), DeliveryRequest.class);

        assertThat(read).isEqualTo(request);
        assertThat(read.requestId()).isEqualTo("req-42");
    }

    @Test
    void givesTheSameWebhookIdForTheSameEventAndSubscription() {
        assertThat(DeliveryRequest.webhookIdOf(EVENT, SUBSCRIPTION))
                .isEqualTo(DeliveryRequest.webhookIdOf(EVENT, UUID.fromString(SUBSCRIPTION.toString())));
    }

    @Test
    void givesEachSubscriptionItsOwnWebhookId() {
        assertThat(DeliveryRequest.webhookIdOf(EVENT, SUBSCRIPTION))
                .isNotEqualTo(DeliveryRequest.webhookIdOf(EVENT, UUID.randomUUID()));
    }

    @Test
    void givesEachEventItsOwnWebhookId() {
        assertThat(DeliveryRequest.webhookIdOf(EVENT, SUBSCRIPTION))
                .isNotEqualTo(DeliveryRequest.webhookIdOf(UUID.randomUUID().toString(), SUBSCRIPTION));
    }

    @Test
    void writesTheWebhookIdAsAMessageIdWithoutSeparators() {
        assertThat(DeliveryRequest.webhookIdOf(EVENT, SUBSCRIPTION)).matches("msg_[0-9a-f]{32}");
    }
}
