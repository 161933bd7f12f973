package com.holidaylistings.integration.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.signing.receiver.WebhookDelivery;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver.Answer;
import com.holidaylistings.integration.stack.Api;
import com.holidaylistings.integration.stack.Owner;
import com.holidaylistings.integration.stack.Stack;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * An owner rotates the webhook secret in the portal: the next delivery verifies with the old and
 * with the new secret (checked by the receiver's own HMAC with javax.crypto, not the dispatcher's code); once the overlap
 * is over (a dispatcher restarted with WEBHOOK_SECRET_OVERLAP=1s) only the new one verifies. A hook
 * given a secret of its own signs with it, while the owner's other hooks keep the owner's.
 */
class SecretRotationJourneyIT {

    private static final Duration DEADLINE = Duration.ofMinutes(1);

    @AfterAll
    static void defaultOverlap() {
        Stack.terminate("webhook-dispatcher");
        Stack.up();
    }

    @Test
    void aHookGivenItsOwnSecretSignsWithItWhileTheOwnersOtherHooksKeepTheirs() throws Exception {
        Owner owner = Owner.create("hook-secret");
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            String pms = owner.subscribe(receiver.url("/pms", Answer.status(204)))
                    .get("id")
                    .asString();
            String ipaas = owner.subscribe(receiver.url("/ipaas", Answer.status(204)))
                    .get("id")
                    .asString();
            String hooks = "/owners/" + owner.id() + "/hooks/";
            assertThat(Api.internal("GET", hooks + pms + "/secret", null)
                            .expect(200)
                            .get("secret")
                            .asString())
                    .as("a hook starts with its owner's secret")
                    .isEqualTo(owner.webhookSecret());

            String own = Api.internal("POST", hooks + pms + "/secret/rotate", null)
                    .expect(200)
                    .get("secret")
                    .asString();
            assertThat(own).startsWith("whsec_").isNotEqualTo(owner.webhookSecret());
            assertThat(Api.internal("GET", hooks + pms + "/secret", null)
                            .expect(200)
                            .get("secret")
                            .asString())
                    .isEqualTo(own);
            assertThat(Api.internal("GET", hooks + ipaas + "/secret", null)
                            .expect(200)
                            .get("secret")
                            .asString())
                    .isEqualTo(owner.webhookSecret());
            UUID enquiry = owner.enquiry("Signed per hook");

            await("both deliveries")
                    .atMost(DEADLINE)
                    .until(() -> receiver.firstDelivery("/pms", enquiry) != null
                            && receiver.firstDelivery("/ipaas", enquiry) != null);
            assertThat(receiver.firstDelivery("/pms", enquiry).signedWith(own)).isTrue();
            WebhookDelivery other = receiver.firstDelivery("/ipaas", enquiry);
            assertThat(other.signedWith(owner.webhookSecret())).isTrue();
            assertThat(other.signedWith(own))
                    .as("the other integration cannot forge the first one's deliveries")
                    .isFalse();
            assertThat(other.header("webhook-signature").split(" "))
                    .as("the owner's secret was not rotated")
                    .hasSize(1);
        }
    }

    @Test
    void aRotatedSecretSignsBesideTheOldOneDuringTheOverlapThenAlone() throws Exception {
        Owner owner = Owner.create("rotation");
        String oldSecret = owner.webhookSecret();
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            owner.subscribe(receiver.url("/rotating", Answer.status(204)));

            String newSecret = Api.internal("POST", "/owners/" + owner.id() + "/webhook-secret/rotate", null)
                    .expect(200)
                    .get("secret")
                    .asString();
            assertThat(newSecret).startsWith("whsec_").isNotEqualTo(oldSecret);
            UUID during = owner.enquiry("Delivered during the overlap");

            await("the delivery during the overlap")
                    .atMost(DEADLINE)
                    .until(() -> receiver.firstDelivery("/rotating", during) != null);
            WebhookDelivery signedTwice = receiver.firstDelivery("/rotating", during);
            assertThat(signedTwice.header("webhook-signature").split(" "))
                    .as(signedTwice.header("webhook-signature"))
                    .hasSize(2);
            assertThat(signedTwice.signedWith(oldSecret))
                    .as("a receiver that still has the old secret")
                    .isTrue();
            assertThat(signedTwice.signedWith(newSecret))
                    .as("a receiver given the new secret")
                    .isTrue();

            Stack.terminate("webhook-dispatcher");
            Stack.up(Map.of("WEBHOOK_SECRET_OVERLAP", "1s"));
            UUID after = owner.enquiry("Delivered after the overlap");

            await("the delivery after the overlap")
                    .atMost(DEADLINE)
                    .until(() -> receiver.firstDelivery("/rotating", after) != null);
            WebhookDelivery signedOnce = receiver.firstDelivery("/rotating", after);
            assertThat(signedOnce.header("webhook-signature").split(" "))
                    .as(signedOnce.header("webhook-signature"))
                    .hasSize(1);
            assertThat(signedOnce.signedWith(newSecret)).isTrue();
            assertThat(signedOnce.signedWith(oldSecret))
                    .as("the old secret no longer verifies")
                    .isFalse();
        }
    }
}
