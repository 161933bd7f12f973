package com.holidaylistings.integration.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.stack.Owner;
import com.holidaylistings.integration.stack.Stack;
import com.holidaylistings.integration.testsupport.WebhookReceiver;
import com.holidaylistings.integration.testsupport.WebhookReceiver.Answer;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The fault journey: 500 enquiries streamed while enquiry-ingest, webhook-dispatcher and the Kafka
 * broker are each killed with SIGKILL and brought back with dev/up.sh, in turn. Every enquiry must
 * reach the receiver at least once.
 */
class FaultJourneyIT {

    private static final int ENQUIRIES = 500;
    private static final int PER_SECOND = 15;

    @AfterEach
    void restoreTheStack() {
        Stack.up();
    }

    @Test
    void everyEnquiryIsDeliveredThroughKillsOfIngestDispatcherAndBroker() throws Exception {
        Owner owner = Owner.create("fault");
        long since = System.currentTimeMillis();
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            receiver.answerOthers(Answer.status(204));
            UUID hook = UUID.fromString(owner.subscribe(receiver.url("/fault")).get("id").asString());
            try (EnquiryStream stream = EnquiryStream.start(owner.propertyId(), ENQUIRIES, PER_SECOND)) {
                streamThroughKills(stream, receiver, owner.webhookSecret(), hook, since);
            }
        }
    }

    private static void streamThroughKills(EnquiryStream stream, WebhookReceiver receiver, String secret, UUID hook,
            long since) {
        killAndRestartWhenStarted(stream, 60, "enquiry-ingest");
        killAndRestartWhenStarted(stream, 200, "webhook-dispatcher");
        killAndRestartWhenStarted(stream, 340, "kafka");

        Set<UUID> accepted = stream.awaitAccepted();
        System.out.println("fault journey: failed intake calls (each sent again): " + stream.failures());
        Tally tally = Tally.awaitSettled("fault journey", accepted, receiver, Map.of("/fault", hook), since,
                Duration.ofMinutes(5));
        assertThat(tally.accepted()).isEqualTo(ENQUIRIES);
        assertThat(tally.published()).isEqualTo(ENQUIRIES);
        assertThat(Tally.invalidSignatures(receiver, secret)).isZero();
    }

    private static void killAndRestartWhenStarted(EnquiryStream stream, int started, String process) {
        await().atMost(Duration.ofMinutes(2)).until(() -> stream.started() >= started);
        System.out.printf("fault journey: SIGKILL %s after %d enquiries%n", process, stream.started());
        Stack.kill(process);
        Stack.up();
        System.out.printf("fault journey: %s back after %d enquiries%n", process, stream.started());
    }
}
