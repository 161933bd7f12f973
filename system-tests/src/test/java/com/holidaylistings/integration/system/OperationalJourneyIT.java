package com.holidaylistings.integration.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver.Answer;
import com.holidaylistings.integration.stack.Api;
import com.holidaylistings.integration.stack.Owner;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

/**
 * The owner is told when deliveries fail: a receiver down (503) until its event is abandoned gives
 * hook.failing and delivery.abandoned on webhook.operational, and the portal shows the hook Failed;
 * back up, recover (POST …/recover) delivers the abandoned event once, signed, which gives
 * hook.recovered, and the portal shows it Active. Each once. A receiver that answers
 * {@code webhook-delivery: abort-message} gets one request for the event, which is abandoned at once;
 * one that answers {@code webhook-delivery: disable} has its hook turned off, said in the hook's
 * status and in hook.disabled, until its owner resumes it. The dispatcher runs with one-second retry
 * delays for this class ({@link ShortRetryDelays}), so that a retry would show within seconds.
 */
@ExtendWith(ShortRetryDelays.class)
class OperationalJourneyIT {

    private static final Duration DEADLINE = Duration.ofMinutes(2);

    @Test
    void aReceiverDownUntilAnEventIsAbandonedIsAnnouncedFailingThenRecovered() throws Exception {
        Owner owner = Owner.create("operational");
        try (WebhookReceiver receiver = WebhookReceiver.start();
                OperationalTopic topic = new OperationalTopic()) {
            receiver.answerOthers(Answer.status(503));
            String url = receiver.url("/down");
            String hook = owner.subscribe(url).get("id").asString();
            Instant beforeTheOutage = Instant.now().minusSeconds(1);
            UUID lost = owner.enquiry("Abandoned while the receiver is down");

            await("hook.failing and delivery.abandoned")
                    .atMost(DEADLINE)
                    .until(() -> topic.types(hook).containsAll(List.of("hook.failing", "delivery.abandoned")));
            JsonNode abandoned = only(topic, hook, "delivery.abandoned");
            assertThat(abandoned.get("enquiry_id").asString()).isEqualTo(lost.toString());
            assertThat(abandoned.get("attempts").asInt()).isEqualTo(6);
            JsonNode failing = only(topic, hook, "hook.failing");
            assertThat(failing.get("last_http_status").asInt()).isEqualTo(503);
            assertThat(failing.get("consecutive_failures").asInt()).isGreaterThanOrEqualTo(4);
            for (JsonNode event : List.of(abandoned, failing)) {
                assertThat(event.get("owner_id").asString())
                        .isEqualTo(owner.id().toString());
                assertThat(event.get("targetUrl").asString()).isEqualTo(url);
                assertThat(event.get("propertyId").isNull()).isTrue();
            }
            assertThat(displayStatus(owner, hook)).isEqualTo("Failed");

            receiver.answerOthers(Answer.status(204));
            int whileDown = receiver.requests("/down").size();
            JsonNode recovered = Api.internal(
                            "POST",
                            "/owners/" + owner.id() + "/hooks/" + hook + "/recover",
                            Map.of("since", beforeTheOutage.toString()))
                    .expect(202);
            assertThat(recovered.get("queued").asInt()).isEqualTo(1);

            await("hook.recovered")
                    .atMost(DEADLINE)
                    .until(() -> topic.types(hook).contains("hook.recovered"));
            await("the recovered event").atMost(DEADLINE).until(() -> receiver.firstDelivery("/down", lost) != null);
            assertThat(receiver.requests("/down")).allMatch(delivery -> delivery.signedWith(owner.webhookSecret()));
            assertThat(displayStatus(owner, hook)).isEqualTo("Active");
            // Several polls of the outbox and the delivery requests: a duplicate would show meanwhile.
            await().during(Duration.ofSeconds(3))
                    .atMost(Duration.ofSeconds(10))
                    .until(() -> receiver.requests("/down").stream()
                                            .skip(whileDown)
                                            .filter(delivery -> lost.equals(delivery.enquiryId()))
                                            .count()
                                    == 1
                            && topic.types(hook).size() == 3);
            assertThat(topic.types(hook))
                    .containsExactlyInAnyOrder("hook.failing", "delivery.abandoned", "hook.recovered");
            assertThat(topic.of(hook).stream()
                            .map(event -> event.get("event_id").asString()))
                    .doesNotHaveDuplicates();
        }
    }

    @Test
    void aReceiverThatAsksToAbortAMessageGetsItOnceAndItIsAbandonedAtOnce() throws Exception {
        Owner owner = Owner.create("abort-message");
        try (WebhookReceiver receiver = WebhookReceiver.start();
                OperationalTopic topic = new OperationalTopic()) {
            String hook = owner.subscribe(receiver.url(
                            "/refusing",
                            Answer.status(400)
                                    .withBody("{\"error\":\"unknown property\"}")
                                    .with("webhook-delivery", "abort-message")))
                    .get("id")
                    .asString();
            UUID refused = owner.enquiry("Refused for good");

            await("delivery.abandoned")
                    .atMost(DEADLINE)
                    .until(() -> topic.types(hook).contains("delivery.abandoned"));
            JsonNode abandoned = only(topic, hook, "delivery.abandoned");
            assertThat(abandoned.get("enquiry_id").asString()).isEqualTo(refused.toString());
            assertThat(abandoned.get("attempts").asInt()).isEqualTo(1);
            // With one-second retry delays a second attempt would come within seconds.
            await().during(Duration.ofSeconds(5))
                    .atMost(Duration.ofSeconds(15))
                    .until(() -> receiver.requests("/refusing").size() == 1);
            JsonNode abandonedDeliveries = Api.internal(
                            "GET", "/owners/" + owner.id() + "/hooks/" + hook + "/deliveries?status=abandoned", null)
                    .expect(200);
            assertThat(abandonedDeliveries.get("deliveries")).hasSize(1);
            assertThat(abandonedDeliveries
                            .get("deliveries")
                            .get(0)
                            .get("enquiry_id")
                            .asString())
                    .isEqualTo(refused.toString());
        }
    }

    @Test
    void aReceiverThatAsksToBeDisabledIsTurnedOffUntilItsOwnerResumesIt() throws Exception {
        Owner owner = Owner.create("disable");
        try (WebhookReceiver receiver = WebhookReceiver.start();
                OperationalTopic topic = new OperationalTopic()) {
            String hook = owner.subscribe(
                            receiver.url("/retired", Answer.status(200).with("webhook-delivery", "disable")))
                    .get("id")
                    .asString();
            UUID last = owner.enquiry("The last one it takes");

            await("hook.disabled")
                    .atMost(DEADLINE)
                    .until(() -> topic.types(hook).contains("hook.disabled"));
            assertThat(only(topic, hook, "hook.disabled").get("reason").asString())
                    .isEqualTo("receiver_asked");
            assertThat(receiver.firstDelivery("/retired", last)).isNotNull();
            // api-service applies the finding from the same topic, on its own consumer: a moment later
            await("the hook listed as inactive")
                    .atMost(DEADLINE)
                    .until(() -> listed(owner, hook).get("display_status").asString(), "Inactive"::equals);
            JsonNode listed = listed(owner, hook);
            assertThat(listed.get("status_reason").asString()).contains("the receiver asked to stop receiving");

            UUID whileOff = owner.enquiry("Not sent while the hook is off");
            await().during(Duration.ofSeconds(3))
                    .atMost(Duration.ofSeconds(10))
                    .until(() -> receiver.firstDelivery("/retired", whileOff) == null);

            receiver.answer("/retired", Answer.status(204));
            Api.internal("POST", "/owners/" + owner.id() + "/hooks/" + hook + "/resume", null)
                    .expect(200);
            UUID afterResume = owner.enquiry("Sent again once resumed");
            await("the delivery after the resume")
                    .atMost(DEADLINE)
                    .until(() -> receiver.firstDelivery("/retired", afterResume) != null);
            assertThat(listed(owner, hook).get("display_status").asString()).isEqualTo("Active");
        }
    }

    private static JsonNode only(OperationalTopic topic, String hook, String type) {
        List<JsonNode> found = topic.of(hook).stream()
                .filter(event -> event.get("type").asString().equals(type))
                .toList();
        assertThat(found).as(type).hasSize(1);
        return found.getFirst();
    }

    private static String displayStatus(Owner owner, String hook) throws IOException {
        return listed(owner, hook).get("display_status").asString();
    }

    private static JsonNode listed(Owner owner, String hook) throws IOException {
        for (JsonNode listed : Api.internal("GET", "/owners/" + owner.id() + "/hooks", null)
                .expect(200)
                .get("hooks")) {
            if (listed.get("id").asString().equals(hook)) {
                return listed;
            }
        }
        throw new AssertionError("hook " + hook + " not listed");
    }
}
