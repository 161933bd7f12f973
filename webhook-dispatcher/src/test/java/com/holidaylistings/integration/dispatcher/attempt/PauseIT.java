package com.holidaylistings.integration.dispatcher.attempt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.dispatcher.DispatcherIntegrationTest;
import com.holidaylistings.integration.dispatcher.Events;
import com.holidaylistings.integration.dispatcher.TestData;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A paused subscription receives nothing until resumed; a witness subscription shows when an event has been handled. */
class PauseIT extends DispatcherIntegrationTest {

    private static final Duration DONE = Duration.ofSeconds(30);

    @Test
    void receivesNothingWhilePausedAndTheNextEventAfterResuming() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID paused = data.subscribe(owner, receiver.url("/paused", WebhookReceiver.Answer.ok()), null);
        data.subscribe(owner, receiver.url("/witness", WebhookReceiver.Answer.ok()), null);
        data.setPaused(paused, true);

        Events.Published whilePaused = events.enquiryOn(property);

        await().atMost(DONE).until(() -> receiver.bodies("/witness").contains(whilePaused.payload()));
        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(receiver.requests("/paused")).isEmpty();
            assertThat(data.attempts(paused, whilePaused.enquiryId())).isEmpty();
        });
        assertThat(data.delivery(paused, whilePaused.enquiryId()))
                .as("no delivery to a paused subscription")
                .isEmpty();

        data.setPaused(paused, false);
        Events.Published afterResuming = events.enquiryOn(property);

        await().atMost(DONE).until(() -> receiver.bodies("/paused").contains(afterResuming.payload()));
        await().during(Duration.ofSeconds(3))
                .atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(receiver.bodies("/paused")).containsExactly(afterResuming.payload()));
        assertThat(data.attempts(paused, afterResuming.enquiryId()))
                .extracting(TestData.Attempt::outcome)
                .containsExactly("succeeded");
    }

    @Test
    void stopsRetryingADeliveryWhenPaused() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID subscription = data.subscribe(owner, receiver.url("/failing", WebhookReceiver.Answer.status(500)), null);
        Events.Published event = events.enquiryOn(property);
        await().atMost(DONE)
                .pollInterval(Duration.ofMillis(20))
                .until(() -> data.attempts(subscription, event.enquiryId()).size() == 1);

        data.setPaused(subscription, true);

        // The retries would come 1, 2 and 3 s after each failure: all within these 8 s.
        await().during(Duration.ofSeconds(8)).atMost(Duration.ofSeconds(15)).untilAsserted(() -> {
            assertThat(receiver.requests("/failing")).hasSize(1);
            assertThat(data.attempts(subscription, event.enquiryId())).hasSize(1);
        });
        // The retry found the subscription paused: skipped on its row (a recover may ask for it again), not attempted.
        assertThat(data.delivery(subscription, event.enquiryId()))
                .get()
                .extracting(TestData.Delivery::status, TestData.Delivery::attempts)
                .containsExactly("skipped", 1);
    }
}
