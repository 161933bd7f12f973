package com.holidaylistings.integration.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;

import com.holidaylistings.integration.signing.receiver.WebhookDelivery;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver.Answer;
import com.holidaylistings.integration.stack.Api;
import com.holidaylistings.integration.stack.Owner;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

/**
 * A receiver that was down until its deliveries were abandoned gets them again: one through the
 * portal's redeliver operation (api-service records the request, webhook-dispatcher queues it; asked
 * again after its success, it is delivered once more), the others by
 * replaying the dead letters through the internal API (POST /internal/v1/dead-letters/replay, for
 * the hook). The dispatcher runs with
 * one-second retry delays for this class ({@link ShortRetryDelays}).
 */
@ExtendWith(ShortRetryDelays.class)
class RedeliveryJourneyIT {

    private static final Duration DEADLINE = Duration.ofMinutes(2);

    @Test
    void abandonedDeliveriesAreRedeliveredOnRequestAndByDeadLetterReplay() throws Exception {
        Owner owner = Owner.create("redelivery");
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            receiver.answerOthers(Answer.status(204));
            receiver.answerOthers(Answer.status(503));
            String hook = owner.subscribe(receiver.url("/down")).get("id").asString();
            UUID redelivered = owner.enquiry("Redelivered on request");
            UUID replayed = owner.enquiry("Replayed from the dead letters");
            String deliveries = "/owners/" + owner.id() + "/hooks/" + hook + "/deliveries";
            await("both abandoned after six attempts")
                    .atMost(DEADLINE)
                    .until(
                            () -> statuses(deliveries),
                            hasItems(redelivered + " 6 abandoned", replayed + " 6 abandoned"));
            String webhookId = receiver.requests("/down").stream()
                    .filter(delivery -> delivery.enquiryId().equals(redelivered))
                    .map(WebhookDelivery::webhookId)
                    .findFirst()
                    .orElseThrow();

            receiver.answerOthers(Answer.status(204));
            JsonNode queued = Api.internal("POST", deliveries + "/" + redelivered + "/redeliver", null)
                    .expect(202);
            assertThat(queued.get("status").asString()).isEqualTo("queued");
            await("the redelivery")
                    .atMost(DEADLINE)
                    .until(() -> statuses(deliveries), hasItem(redelivered + " 7 succeeded"));
            assertThat(receiver.requests("/down").getLast().webhookId())
                    .as("a redelivery keeps the event's webhook-id")
                    .isEqualTo(webhookId);
            // A receiver that lost what it got asks for it again: a delivered event is delivered once more.
            Api.internal("POST", deliveries + "/" + redelivered + "/redeliver", null)
                    .expect(202);
            await("the redelivery of a delivered event")
                    .atMost(DEADLINE)
                    .until(() -> statuses(deliveries), hasItem(redelivered + " 8 succeeded"));
            assertThat(receiver.requests("/down").stream()
                            .filter(delivery -> redelivered.equals(delivery.enquiryId()))
                            .skip(6)
                            .map(WebhookDelivery::webhookId))
                    .as("both redeliveries keep the event's webhook-id")
                    .containsExactly(webhookId, webhookId);

            JsonNode replay = replayDeadLetters(hook);
            assertThat(replay.get("queued").asInt()).isEqualTo(1);
            await("the replayed dead letter")
                    .atMost(DEADLINE)
                    .until(() -> statuses(deliveries), hasItem(replayed + " 7 succeeded"));
            assertThat(replayDeadLetters(hook).get("queued").asInt())
                    .as("a second replay finds nothing new")
                    .isZero();
            assertThat(Tally.invalidSignatures(receiver, owner.webhookSecret())).isZero();
        }
    }

    /** The hook's attempt log as "enquiry attempt status" lines (a timed-out wait shows the last of them). */
    private static List<String> statuses(String deliveries) throws IOException {
        JsonNode log =
                Api.internal("GET", deliveries + "?limit=100", null).expect(200).get("deliveries");
        return log.valueStream()
                .map(attempt -> attempt.get("enquiry_id").asString() + " "
                        + attempt.get("attempt").asInt() + " "
                        + attempt.get("status").asString())
                .toList();
    }

    /** POST /internal/v1/dead-letters/replay, for one hook. */
    private static JsonNode replayDeadLetters(String hook) throws IOException {
        return Api.internal("POST", "/dead-letters/replay", Map.of("hook_id", hook))
                .expect(202);
    }
}
