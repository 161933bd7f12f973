package com.holidaylistings.integration.dispatcher.delivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.dispatcher.DispatcherIntegrationTest;
import com.holidaylistings.integration.dispatcher.Events;
import com.holidaylistings.integration.dispatcher.TestData;
import com.holidaylistings.integration.testsupport.WebhookReceiver;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The same enquiry.created record published again (as a relay does after a crash): not delivered
 * again once the first copy succeeded; copies in flight together carry one webhook-id.
 */
class DuplicatesIT extends DispatcherIntegrationTest {

    private static final Duration DONE = Duration.ofSeconds(30);

    @Test
    void deliversARecordPublishedAgainLaterOnlyOnce() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID subscription = data.subscribe(owner, receiver.url("/hook", WebhookReceiver.Answer.ok()), null);
        Events.Published event = events.enquiryOn(property);
        await().atMost(DONE).until(() -> data.attempts(subscription, event.enquiryId()).size() == 1);

        events.publishAgain(event);

        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(receiver.bodies("/hook")).containsExactly(event.payload());
            assertThat(data.attempts(subscription, event.enquiryId())).extracting(TestData.Attempt::outcome)
                    .containsExactly("succeeded");
        });
    }

    @Test
    void deliversARecordPublishedTwiceInARowOnlyOnce() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        data.subscribe(owner, receiver.url("/hook", WebhookReceiver.Answer.ok()), null);

        Events.Published event = events.enquiryOn(property);
        events.publishAgain(event);

        // The two copies share a webhook-id; the second waits for the first and finds it delivered.
        await().atMost(DONE).until(() -> !receiver.requests("/hook").isEmpty());
        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(receiver.bodies("/hook")).containsExactly(event.payload()));
    }
}
