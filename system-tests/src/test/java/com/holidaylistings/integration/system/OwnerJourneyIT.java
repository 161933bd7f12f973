package com.holidaylistings.integration.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.signing.receiver.WebhookDelivery;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver.Answer;
import com.holidaylistings.integration.stack.Api;
import com.holidaylistings.integration.stack.Owner;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * An owner's whole journey through the running system: the portal creates the owner, property and
 * token; the owner's integration subscribes, receives a signed webhook for a guest's enquiry,
 * answers it, finds it in the list, unsubscribes and receives nothing more.
 */
class OwnerJourneyIT {

    private static final Duration DELIVERY_DEADLINE = Duration.ofSeconds(60);

    @Test
    void subscribeReceiveAnswerListUnsubscribe() throws Exception {
        Owner owner = Owner.create("journey");
        assertThat(owner.call("GET", "/auth", null).expect(200).toString())
                .contains(owner.id().toString());

        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            receiver.answerOthers(Answer.status(204));
            String journeyUrl = receiver.url("/journey");
            // A second subscription of the same owner shows when an event has gone through the pipeline.
            String controlUrl = receiver.url("/control");
            JsonNode hook = owner.subscribe(journeyUrl);
            assertThat(hook.get("targetUrl").asString()).isEqualTo(journeyUrl);
            owner.subscribe(controlUrl);

            UUID first = owner.enquiry("Journey");
            await("the signed webhook")
                    .atMost(DELIVERY_DEADLINE)
                    .until(() -> !receiver.requests("/journey").isEmpty());
            WebhookDelivery delivery = receiver.requests("/journey").getFirst();
            assertThat(delivery.signedWith(owner.webhookSecret()))
                    .as("signature verified with the owner's secret")
                    .isTrue();
            assertThat(delivery.webhookId()).startsWith("msg_");
            assertThat(delivery.enquiryId()).isEqualTo(first);
            JsonNode payload = Api.JSON.readTree(delivery.body());
            assertThat(payload.get("event").asString()).isEqualTo("enquiry.created");
            assertThat(payload.get("property_id").asString())
                    .isEqualTo(owner.propertyId().toString());
            assertThat(payload.get("status").asString()).isEqualTo("sent");
            assertThat(payload.get("user_name").asString()).isEqualTo("Guest Journey");

            JsonNode answered = owner.call("PATCH", "/enquiries/" + first, Map.of("status", "responded"))
                    .expect(200);
            assertThat(answered.get("enquiry").get("status").asString()).isEqualTo("responded");
            JsonNode listed =
                    owner.call("GET", "/enquiries?status=responded", null).expect(200);
            assertThat(listed.get("enquiries")
                            .valueStream()
                            .map(e -> e.get("id").asString())
                            .toList())
                    .containsExactly(first.toString());
            assertThat(owner.call("GET", "/enquiries/" + first, null)
                            .expect(200)
                            .get("enquiry")
                            .get("status")
                            .asString())
                    .isEqualTo("responded");

            JsonNode hooks = Api.internal("GET", "/owners/" + owner.id() + "/hooks", null)
                    .expect(200)
                    .get("hooks");
            assertThat(hooks.valueStream()
                            .map(h -> h.get("display_status").asString())
                            .toList())
                    .containsExactly("Active", "Active");

            owner.unsubscribe(journeyUrl);
            UUID second = owner.enquiry("After unsubscribing");
            await("the control subscription's webhook")
                    .atMost(DELIVERY_DEADLINE)
                    .until(() -> receiver.requests("/control").stream()
                            .anyMatch(d -> d.enquiryId().equals(second)));
            List<UUID> journeyEnquiries = receiver.requests("/journey").stream()
                    .map(WebhookDelivery::enquiryId)
                    .toList();
            assertThat(journeyEnquiries)
                    .as("nothing more arrives after unsubscribing")
                    .containsOnly(first);
            assertThat(Tally.invalidSignatures(receiver, owner.webhookSecret())).isZero();

            JsonNode attempts = Api.internal(
                            "GET",
                            "/owners/" + owner.id() + "/hooks/" + hook.get("id").asString() + "/deliveries",
                            null)
                    .expect(200)
                    .get("deliveries");
            assertThat(attempts.valueStream()
                            .map(a -> a.get("enquiry_id").asString() + " "
                                    + a.get("status").asString())
                            .toList())
                    .containsExactly(first + " succeeded");
        }
    }
}
