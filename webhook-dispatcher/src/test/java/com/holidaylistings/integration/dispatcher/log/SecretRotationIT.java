package com.holidaylistings.integration.dispatcher.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.dispatcher.DispatcherIntegrationTest;
import com.holidaylistings.integration.dispatcher.TestData;
import com.holidaylistings.integration.dispatcher.records.DeliveryTask;
import com.holidaylistings.integration.dispatcher.settings.Settings;
import com.holidaylistings.integration.dispatcher.settings.WebhookProperties;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import com.holidaylistings.integration.secrets.SecretNotDecryptable;
import com.holidaylistings.integration.signing.receiver.WebhookDelivery;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * After a rotation of the owner's secret, deliveries carry a signature with the new secret and one
 * with the previous secret for WEBHOOK_SECRET_OVERLAP (24 h here), then only the new one: checked as
 * a receiver checks it, every entry of the header against the secret it holds.
 */
class SecretRotationIT extends DispatcherIntegrationTest {

    private final List<Deliveries> readers = new ArrayList<>();

    private static final Duration DELIVERED = Duration.ofSeconds(30);

    @Test
    void signsWithTheNewAndThePreviousSecretDuringTheOverlap() {
        TestData.Owner before = data.owner();
        UUID property = data.property(before);
        data.subscribe(before, receiver.url("/rotated", WebhookReceiver.Answer.ok()), null);
        TestData.Owner after = data.rotateSecret(before, Duration.ZERO);

        events.enquiryOn(property);

        await().atMost(DELIVERED).until(() -> receiver.requests("/rotated").size() == 1);
        WebhookDelivery request = receiver.requests("/rotated").getFirst();
        String[] signatures = request.header("webhook-signature").split(" ");
        assertThat(signatures).hasSize(2);
        assertThat(signatures[0])
                .as("the new secret's signature comes first")
                .isEqualTo(request.signatureBy(after.secret()));
        assertThat(signatures[1]).isEqualTo(request.signatureBy(before.secret()));
        assertThat(request.signedWith(before.secret()))
                .as("a receiver that still has the old secret")
                .isTrue();
        assertThat(request.signedWith(after.secret()))
                .as("a receiver given the new secret")
                .isTrue();
        assertThat(request.signedWith(newOwnerSecret())).as("any other secret").isFalse();
    }

    @Test
    void signsWithTheNewSecretOnlyAfterTheOverlap() {
        TestData.Owner before = data.owner();
        UUID property = data.property(before);
        data.subscribe(before, receiver.url("/rotated-long-ago", WebhookReceiver.Answer.ok()), null);
        TestData.Owner after = data.rotateSecret(before, Duration.ofHours(25));

        events.enquiryOn(property);

        await().atMost(DELIVERED)
                .until(() -> receiver.requests("/rotated-long-ago").size() == 1);
        WebhookDelivery request = receiver.requests("/rotated-long-ago").getFirst();
        assertThat(request.header("webhook-signature")).isEqualTo(request.signatureBy(after.secret()));
        assertThat(request.signedWith(before.secret()))
                .as("the old secret no longer verifies")
                .isFalse();
    }

    @Test
    void readsThePreviousSecretOnlyWithinTheConfiguredOverlap() {
        TestData.Owner owner = data.owner();
        UUID subscription = data.subscribe(owner, "http://127.0.0.1:9/unused", null);
        Deliveries oneSecond = deliveries(Settings.withSecretOverlap(Duration.ofSeconds(1)));
        DeliveryTask task = aDelivery(owner, subscription);

        TestData.Owner rotated = data.rotateSecret(owner, Duration.ZERO);
        assertThat(oneSecond.forAttempt(task).orElseThrow().secrets())
                .containsExactly(rotated.secret(), owner.secret());

        TestData.Owner rotatedEarlier = data.rotateSecret(rotated, Duration.ofSeconds(2));
        assertThat(oneSecond.forAttempt(task).orElseThrow().secrets()).containsExactly(rotatedEarlier.secret());
    }

    @Test
    void signsWithOneSecretWhenTheOwnerNeverRotated() {
        TestData.Owner owner = data.owner();
        UUID subscription = data.subscribe(owner, "http://127.0.0.1:9/unused", null);

        assertThat(deliveries(Settings.documentedDefaults())
                        .forAttempt(aDelivery(owner, subscription))
                        .orElseThrow()
                        .secrets())
                .containsExactly(owner.secret());
    }

    @Test
    void signsWithASecretStoredBeforeEncryptionUntilItIsReEncrypted() {
        TestData.Owner owner = data.ownerWithPlainSecret();
        UUID property = data.property(owner);
        data.subscribe(owner, receiver.url("/stored-plain", WebhookReceiver.Answer.ok()), null);

        events.enquiryOn(property);

        await().atMost(DELIVERED).until(() -> receiver.requests("/stored-plain").size() == 1);
        WebhookDelivery request = receiver.requests("/stored-plain").getFirst();
        assertThat(request.header("webhook-signature")).isEqualTo(request.signatureBy(owner.secret()));
    }

    @Test
    void doesNotSignWithASecretMovedFromAnotherOwner() {
        TestData.Owner owner = data.owner();
        TestData.Owner other = data.owner();
        UUID subscription = data.subscribe(owner, "http://127.0.0.1:9/unused", null);
        jdbc.sql(
                        "update webhook_secrets set secret = (select secret from webhook_secrets where owner_id = :other) where owner_id = :owner")
                .param("other", other.id())
                .param("owner", owner.id())
                .update();
        Deliveries deliveries = deliveries(Settings.documentedDefaults());
        DeliveryTask task = aDelivery(owner, subscription);

        assertThatThrownBy(() -> deliveries.forAttempt(task))
                .isInstanceOf(SecretNotDecryptable.class)
                .hasMessageContaining(owner.id().toString())
                .hasMessageNotContaining(other.secret());
    }

    /** The rows as an attempt reads them, with these settings, read by the test's own reader (stopped after the test). */
    private Deliveries deliveries(WebhookProperties settings) {
        Deliveries deliveries = new Deliveries(
                new JdbcTemplate(ownerDataSource()),
                settings,
                TestData.CIPHER,
                tools.jackson.databind.json.JsonMapper.builder().build());
        deliveries.start();
        readers.add(deliveries);
        return deliveries;
    }

    @AfterEach
    void stopReaders() {
        readers.forEach(Deliveries::stop);
    }

    /** A delivery to the subscription, waiting on its row so that nothing attempts it meanwhile; its task. */
    private DeliveryTask aDelivery(TestData.Owner owner, UUID subscription) {
        UUID enquiry = UUID.randomUUID();
        Instant submitted = Instant.now().truncatedTo(ChronoUnit.MICROS);
        String webhookId = data.insertDelivery(
                owner,
                subscription,
                UUID.randomUUID(),
                enquiry,
                submitted,
                "{\"enquiry_id\":\"" + enquiry + "\"}",
                "waiting",
                0,
                1,
                Instant.now().plus(Duration.ofDays(1)),
                null);
        return new DeliveryTask(webhookId, submitted, SubscriptionId.of(subscription), OwnerId.of(owner.id()), 0);
    }

    private static String newOwnerSecret() {
        return "whsec_"
                + Base64.getEncoder()
                        .encodeToString(
                                UUID.randomUUID().toString().substring(0, 32).getBytes(StandardCharsets.UTF_8));
    }
}
