package com.holidaylistings.integration.dispatcher.delivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

class DeliveryRequestTest {

    private static final String EVENT = "3f1c9a52-6f0e-4a8e-9d51-2b7f0c4e8a11";
    private static final UUID SUBSCRIPTION = UUID.fromString("7d2e4b1a-0c3f-4e5d-8a9b-1c2d3e4f5a6b");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static DeliveryRequest aFirstDelivery() {
        return new DeliveryRequest(SUBSCRIPTION, UUID.randomUUID(), EVENT, DeliveryRequest.webhookIdOf(EVENT, SUBSCRIPTION),
                Instant.parse("2026-11-22T10:15:30.123456Z"), "{\"event\":\"enquiry.created\"}", "req-42", null);
    }

    @Test
    void carriesTheIntakeRequestIdThroughTheDeliveriesTopic() {
        DeliveryRequest request = aFirstDelivery();

        DeliveryRequest read = JSON.readValue(JSON.writeValueAsString(request), DeliveryRequest.class);

        assertThat(read).isEqualTo(request);
        assertThat(read.requestId()).isEqualTo("req-42");
    }

    @Test
    void readsARecordWrittenBeforeRedeliveriesAsAFirstDelivery() {
        DeliveryRequest read = JSON.readValue("""
                {"subscriptionId":"7d2e4b1a-0c3f-4e5d-8a9b-1c2d3e4f5a6b","enquiryId":"0b7c9d7e-2f4a-4c1b-9e8d-5a6b7c8d9e0f",\
                "eventId":"3f1c9a52-6f0e-4a8e-9d51-2b7f0c4e8a11","webhookId":"msg_0123456789abcdef0123456789abcdef",\
                "sentAt":"2026-11-22T10:15:30.123456Z","payload":"{}","requestId":null}""", DeliveryRequest.class);

        assertThat(read.firstAttempt()).isNull();
        assertThat(read.isFirstDelivery()).isTrue();
        assertThat(read.attemptNumber(1)).isEqualTo(1);
        assertThat(read.attemptNumber(4)).isEqualTo(4);
    }

    @Test
    void writesAFirstDeliveryAsBeforeRedeliveries() {
        String written = JSON.writeValueAsString(aFirstDelivery());

        assertThat(JSON.readTree(written).propertyNames()).containsExactlyInAnyOrder(
                "subscriptionId", "enquiryId", "eventId", "webhookId", "sentAt", "payload", "requestId");
    }

    @Test
    void numbersADeliveryMadeAgainOnFromTheAttemptsLoggedWithTheSameWebhookId() {
        DeliveryRequest first = aFirstDelivery();

        DeliveryRequest again = first.again("portal-7", 4);

        assertThat(again.firstAttempt()).isEqualTo(5);
        assertThat(again.isFirstDelivery()).isFalse();
        assertThat(again.attemptNumber(1)).isEqualTo(5);
        assertThat(again.attemptNumber(3)).isEqualTo(7);
        assertThat(again.requestId()).isEqualTo("portal-7");
        assertThat(again).usingRecursiveComparison().ignoringFields("requestId", "firstAttempt").isEqualTo(first);
        assertThat(JSON.readValue(JSON.writeValueAsString(again), DeliveryRequest.class)).isEqualTo(again);
    }

    @Test
    void refusesARecordWithoutWhatADeliveryNeeds() {
        assertThatThrownBy(() -> JSON.readValue("{\"subscriptionId\":\"" + SUBSCRIPTION + "\"}", DeliveryRequest.class))
                .isInstanceOf(JacksonException.class);
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
