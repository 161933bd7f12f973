package com.holidaylistings.integration.dispatcher.delivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.dispatcher.DispatcherIntegrationTest;
import com.holidaylistings.integration.dispatcher.TestData;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A previous secret is erased once WEBHOOK_SECRET_OVERLAP (24 h here) has passed since the rotation; rotated_at stays. */
class PreviousSecretErasureIT extends DispatcherIntegrationTest {

    @Test
    void erasesThePreviousSecretOnceItsOverlapHasEnded() {
        TestData.Owner owner = data.rotateSecret(data.owner(), Duration.ofHours(25));
        TestData.StoredSecrets before = data.storedSecrets(owner);
        PreviousSecretErasure erasure = new PreviousSecretErasure(jdbc, Settings.documentedDefaults(),
                new SecretsProperties(null, Duration.ofMinutes(1)));

        erasure.eraseEnded();

        TestData.StoredSecrets after = data.storedSecrets(owner);
        assertThat(after.previousSecret()).isNull();
        assertThat(after.secret()).isEqualTo(before.secret());
        assertThat(after.rotatedAt()).isEqualTo(before.rotatedAt());
    }

    @Test
    void keepsThePreviousSecretDuringTheOverlap() {
        TestData.Owner owner = data.rotateSecret(data.owner(), Duration.ofHours(23));
        TestData.StoredSecrets before = data.storedSecrets(owner);
        PreviousSecretErasure erasure = new PreviousSecretErasure(jdbc, Settings.documentedDefaults(),
                new SecretsProperties(null, Duration.ofMinutes(1)));

        erasure.eraseEnded();

        assertThat(data.storedSecrets(owner)).isEqualTo(before);
        assertThat(before.previousSecret()).isNotNull();
    }

    @Test
    void eachReplicaErasesOnItsSchedule() {
        TestData.Owner ended = data.rotateSecret(data.owner(), Duration.ofHours(25));
        TestData.Owner recent = data.rotateSecret(data.owner(), Duration.ZERO);

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                assertThat(data.storedSecrets(ended).previousSecret()).isNull());
        assertThat(data.storedSecrets(recent).previousSecret()).isNotNull();
    }
}
