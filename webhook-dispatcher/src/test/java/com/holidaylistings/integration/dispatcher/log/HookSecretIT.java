package com.holidaylistings.integration.dispatcher.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.dispatcher.DispatcherIntegrationTest;
import com.holidaylistings.integration.dispatcher.TestData;
import com.holidaylistings.integration.signing.receiver.WebhookDelivery;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A hook with a secret of its own (its secret rotated) is signed with it, and with the secret it
 * replaced during WEBHOOK_SECRET_OVERLAP (24 h here), while another hook of the same owner is signed
 * with the owner's secret alone.
 */
class HookSecretIT extends DispatcherIntegrationTest {

    private static final Duration DELIVERED = Duration.ofSeconds(30);

    @Test
    void signsAHookWithItsOwnSecretAndTheOwnersOtherHooksWithTheOwners() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID own = data.subscribe(owner, receiver.url("/own-secret", WebhookReceiver.Answer.ok()), null);
        data.subscribe(owner, receiver.url("/owners-secret", WebhookReceiver.Answer.ok()), null);
        String hookSecret = data.rotateHookSecret(owner, own, Duration.ZERO);

        events.enquiryOn(property);

        await().atMost(DELIVERED)
                .until(() -> receiver.requests("/own-secret").size() == 1
                        && receiver.requests("/owners-secret").size() == 1);
        WebhookDelivery toOwn = receiver.requests("/own-secret").getFirst();
        assertThat(toOwn.header("webhook-signature").split(" "))
                .as("the hook's own secret first, then the one it replaced, during the overlap")
                .containsExactly(toOwn.signatureBy(hookSecret), toOwn.signatureBy(owner.secret()));
        WebhookDelivery toOwners = receiver.requests("/owners-secret").getFirst();
        assertThat(toOwners.header("webhook-signature")).isEqualTo(toOwners.signatureBy(owner.secret()));
    }

    @Test
    void signsWithTheHooksOwnSecretAloneAfterTheOverlap() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID hook = data.subscribe(owner, receiver.url("/own-secret-long-ago", WebhookReceiver.Answer.ok()), null);
        String replaced = data.rotateHookSecret(owner, hook, Duration.ofHours(26));
        String current = data.rotateHookSecret(owner, hook, Duration.ofHours(25));

        events.enquiryOn(property);

        await().atMost(DELIVERED)
                .until(() -> receiver.requests("/own-secret-long-ago").size() == 1);
        WebhookDelivery request = receiver.requests("/own-secret-long-ago").getFirst();
        assertThat(request.header("webhook-signature"))
                .isEqualTo(request.signatureBy(current))
                .isNotEqualTo(request.signatureBy(replaced));
    }

    @Test
    void aRotationOfTheOwnersSecretLeavesAHookWithItsOwnSecret() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID hook = data.subscribe(owner, receiver.url("/own-secret-kept", WebhookReceiver.Answer.ok()), null);
        String hookSecret = data.rotateHookSecret(owner, hook, Duration.ofHours(25));
        data.rotateSecret(owner, Duration.ZERO);

        events.enquiryOn(property);

        await().atMost(DELIVERED)
                .until(() -> receiver.requests("/own-secret-kept").size() == 1);
        WebhookDelivery request = receiver.requests("/own-secret-kept").getFirst();
        assertThat(request.header("webhook-signature")).isEqualTo(request.signatureBy(hookSecret));
    }
}
