package com.holidaylistings.integration.api.owner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.TestWorld;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * A previous secret is erased by api-service, whose row it is, once WEBHOOK_SECRET_OVERLAP (24 h
 * here) has passed since the rotation; the secret and rotated_at stay. The erasure runs as the
 * service's own role.
 */
class PreviousSecretErasureIT extends ApiIntegrationTest {

    @Autowired
    private PreviousSecretErasure erasure;

    @Test
    void erasesThePreviousSecretOnceItsOverlapHasEnded() {
        UUID owner = rotated(Duration.ofHours(25));
        StoredSecrets before = stored(owner);

        erasure.eraseEnded();

        StoredSecrets after = stored(owner);
        assertThat(after.previousSecret()).isNull();
        assertThat(after.secret()).isEqualTo(before.secret());
        assertThat(after.rotatedAt()).isEqualTo(before.rotatedAt());
    }

    @Test
    void keepsThePreviousSecretDuringTheOverlap() {
        UUID owner = rotated(Duration.ofHours(23));
        StoredSecrets before = stored(owner);

        erasure.eraseEnded();

        assertThat(stored(owner)).isEqualTo(before);
        assertThat(before.previousSecret()).isNotNull();
    }

    @Test
    void erasesAHooksPreviousSecretOnceItsOverlapHasEnded() {
        TestWorld.Account account = world.newAccount();
        UUID ended = rotatedHook(account, Duration.ofHours(25));
        UUID recent = rotatedHook(account, Duration.ofHours(23));
        String secret = hookSecret(ended);

        erasure.eraseEnded();

        assertThat(hookPrevious(ended)).isNull();
        assertThat(hookSecret(ended)).isEqualTo(secret);
        assertThat(hookPrevious(recent)).isNotNull();
    }

    @Test
    void eachReplicaErasesOnItsSchedule() {
        UUID ended = rotated(Duration.ofHours(25));
        UUID recent = rotated(Duration.ZERO);

        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(stored(ended).previousSecret()).isNull());
        assertThat(stored(recent).previousSecret()).isNotNull();
    }

    /** A new owner whose secret was rotated through the internal API, {@code ago} before now. */
    private UUID rotated(Duration ago) {
        UUID owner = world.newOwner().id();
        ApiClient.Response response = http.with("X-Admin-Key", TestWorld.ADMIN_KEY)
                .post("/internal/v1/owners/" + owner + "/webhook-secret/rotate", null);
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        jdbc.sql("update webhook_secrets set rotated_at = now() - make_interval(secs => :ago) where owner_id = :owner")
                .param("ago", ago.toMillis() / 1000.0)
                .param("owner", owner)
                .update();
        return owner;
    }

    /** A new hook of the account whose own secret was rotated through the internal API, {@code ago} before now. */
    private UUID rotatedHook(TestWorld.Account account, Duration ago) {
        UUID hook = world.subscribe(account, "https://93.184.215.14/own-secret/" + UUID.randomUUID(), null);
        ApiClient.Response response = http.with("X-Admin-Key", TestWorld.ADMIN_KEY)
                .post("/internal/v1/owners/" + account.ownerId() + "/hooks/" + hook + "/secret/rotate", null);
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        jdbc.sql(
                        "update hook_secrets set rotated_at = now() - make_interval(secs => :ago) where subscription_id = :hook")
                .param("ago", ago.toMillis() / 1000.0)
                .param("hook", hook)
                .update();
        return hook;
    }

    private String hookSecret(UUID hook) {
        return jdbc.sql("select secret from hook_secrets where subscription_id = :hook")
                .param("hook", hook)
                .query(String.class)
                .single();
    }

    private String hookPrevious(UUID hook) {
        return jdbc.sql("select previous_secret from hook_secrets where subscription_id = :hook")
                .param("hook", hook)
                .query((rs, n) -> Optional.ofNullable(rs.getString("previous_secret")))
                .single()
                .orElse(null);
    }

    private record StoredSecrets(String secret, String previousSecret, Timestamp rotatedAt) {}

    private StoredSecrets stored(UUID owner) {
        return jdbc.sql("select secret, previous_secret, rotated_at from webhook_secrets where owner_id = :owner")
                .param("owner", owner)
                .query((rs, n) -> new StoredSecrets(
                        rs.getString("secret"), rs.getString("previous_secret"), rs.getTimestamp("rotated_at")))
                .single();
    }
}
