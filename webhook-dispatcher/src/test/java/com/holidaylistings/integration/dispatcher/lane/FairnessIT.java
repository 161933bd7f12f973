package com.holidaylistings.integration.dispatcher.lane;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.dispatcher.DispatcherIntegrationTest;
import com.holidaylistings.integration.dispatcher.TestData;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * One owner's receivers all hang, and that owner has far more deliveries queued than the process
 * has slots; another owner's delivery, queued after all of them, is still sent at once, while the
 * first owner's lane holds at most its cap (64). Without a cap per owner the first owner takes all
 * of the process's 1,024 slots and the second owner's delivery waits for one to turn over, by which
 * time the hanging receivers have been sent hundreds of requests (16 at once to each of 30 URLs).
 */
class FairnessIT extends DispatcherIntegrationTest {

    private static final Logger log = LoggerFactory.getLogger(FairnessIT.class);
    private static final int NOISY_HOOKS = 30;
    private static final int NOISY_EVENTS = 100;

    @Autowired
    private OwnerLanes lanes;

    @Test
    void anotherOwnersDeliveryIsNotQueuedBehindAnOwnerWhoseReceiversHang() {
        TestData.Owner noisy = data.owner();
        UUID noisyProperty = data.property(noisy);
        List<UUID> noisyHooks = new ArrayList<>();
        for (int i = 0; i < NOISY_HOOKS; i++) {
            noisyHooks.add(data.subscribe(
                    noisy, receiver.url("/noisy/" + i, WebhookReceiver.Answer.hang(Duration.ofSeconds(30))), null));
        }
        TestData.Owner quiet = data.owner();
        UUID quietProperty = data.property(quiet);
        data.subscribe(quiet, receiver.url("/quiet", WebhookReceiver.Answer.ok()), null);
        try {
            for (int i = 0; i < NOISY_EVENTS; i++) {
                events.enquiryOn(noisyProperty); // 3,000 deliveries, each hanging until the 1 s timeout
            }
            await().atMost(Duration.ofSeconds(60)).until(() -> lanes.atCap().contains(OwnerId.of(noisy.id())));

            events.enquiryOn(quietProperty);

            await().atMost(Duration.ofSeconds(60))
                    .until(() -> receiver.requests("/quiet").size() == 1);
            int noisySent = receiver.arrivalsUnder("/noisy/");
            log.info(
                    "The quiet owner's delivery arrived after {} requests to the noisy owner's hanging receivers",
                    noisySent);
            assertThat(noisySent)
                    .as("requests to the noisy owner's receivers when the quiet owner's one arrived")
                    .isLessThan(NOISY_HOOKS * 10);
            assertThat(lanes.inFlight())
                    .as("the noisy owner holds no more than its cap")
                    .isLessThanOrEqualTo(64 + 8);
        } finally {
            noisyHooks.forEach(hook -> data.setPaused(hook, true)); // its backlog is skipped, not tried for minutes
        }
    }
}
