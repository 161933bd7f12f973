package com.holidaylistings.integration.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver.Answer;
import com.holidaylistings.integration.stack.Owner;
import com.holidaylistings.integration.stack.Stack;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each service stopped with SIGTERM under load, as an orchestrator stops it: it exits within the
 * 30 s an orchestrator grants, its in-flight work finishes or is handed back, and once it is back
 * (dev/up.sh) every enquiry is delivered.
 */
class GracefulShutdownIT {

    /** What Kubernetes grants by default between SIGTERM and SIGKILL. */
    private static final Duration GRACE_PERIOD = Duration.ofSeconds(30);

    @AfterEach
    void restoreTheStack() {
        Stack.up();
    }

    @ParameterizedTest
    @ValueSource(strings = {"api-service", "enquiry-ingest", "webhook-dispatcher"})
    void stopsWithinTheGracePeriodAndLosesNothing(String service) throws Exception {
        Owner owner = Owner.create("shutdown-" + service);
        long since = System.currentTimeMillis();
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            receiver.answerOthers(Answer.status(204));
            UUID hook = UUID.fromString(
                    owner.subscribe(receiver.url("/shutdown")).get("id").asString());
            // Slow answers keep deliveries in flight when the dispatcher is told to stop.
            receiver.answerOthers(Answer.status(204).after(Duration.ofMillis(800)));
            try (EnquiryStream stream = EnquiryStream.start(owner.propertyId(), 200, 20)) {
                await().atMost(Duration.ofMinutes(1)).until(() -> stream.started() >= 60);
                int receiving = receiver.inFlight();
                Duration stop = Stack.terminate(service);
                System.out.printf(
                        "graceful shutdown: %s exited %d ms after SIGTERM (%d enquiries sent, %d deliveries in flight)%n",
                        service, stop.toMillis(), stream.started(), receiving);
                assertThat(stop).isLessThanOrEqualTo(GRACE_PERIOD);
                Stack.up();

                Set<UUID> accepted = stream.awaitAccepted();
                System.out.println("graceful shutdown: failed intake calls (each sent again): " + stream.failures());
                assertThat(stream.failures())
                        .as("no server errors while stopping")
                        .doesNotContainKeys("500");
                Tally tally = Tally.awaitSettled(
                        "graceful shutdown of " + service,
                        accepted,
                        receiver,
                        Map.of("/shutdown", hook),
                        since,
                        Duration.ofMinutes(3));
                assertThat(tally.accepted()).isEqualTo(200);
            }
        }
    }
}
