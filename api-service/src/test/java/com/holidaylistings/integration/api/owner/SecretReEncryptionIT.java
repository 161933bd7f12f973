package com.holidaylistings.integration.api.owner;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.TestWorld;
import com.holidaylistings.integration.secrets.EncryptionKeys;
import com.holidaylistings.integration.secrets.SecretCipher;
import com.holidaylistings.integration.testsupport.TestSecrets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The re-encryption api-service runs at start: plain secrets from before encryption, and secrets of a
 * key that is no longer the first, end up encrypted with the first key, still the same secrets.
 */
class SecretReEncryptionIT extends ApiIntegrationTest {

    private static final String CURRENT = "v1." + TestSecrets.CURRENT_KEY_ID + ".";

    @Autowired
    private SecretReEncryption reEncryption;

    @Autowired
    private SecretCipher cipher;

    @Autowired
    private TransactionTemplate transactions;

    @Test
    void reEncryptsPlainSecretsWithTheFirstKey() {
        UUID owner = world.newOwner().id();
        String secret = aSecret();
        String previous = aSecret();
        store(owner, secret, previous);

        reEncryption.reEncryptAll();

        assertThat(raw(owner)).allSatisfy(value -> assertThat(value).startsWith(CURRENT));
        assertThat(decrypted(owner)).containsExactly(secret, previous);
        assertThat(shown(owner)).isEqualTo(secret);
    }

    @Test
    void reEncryptsSecretsOfAnOlderKeyWithTheFirstKey() {
        UUID owner = world.newOwner().id();
        SecretCipher retired = new SecretCipher(EncryptionKeys.parse(TestSecrets.RETIRED_KEY));
        String secret = aSecret();
        String previous = aSecret();
        store(owner, retired.encrypt(secret, owner), retired.encrypt(previous, owner));
        assertThat(shown(owner)).as("readable while its key is listed").isEqualTo(secret);

        reEncryption.reEncryptAll();

        assertThat(raw(owner)).allSatisfy(value -> assertThat(value).startsWith(CURRENT));
        assertThat(decrypted(owner)).containsExactly(secret, previous);
    }

    @Test
    void reEncryptsAHooksOwnSecretsOfAnOlderKeyWithTheFirstKey() {
        TestWorld.Account account = world.newAccount();
        UUID hook = world.subscribe(account, "https://93.184.215.14/own-secret/" + UUID.randomUUID(), null);
        SecretCipher retired = new SecretCipher(EncryptionKeys.parse(TestSecrets.RETIRED_KEY));
        String secret = aSecret();
        String previous = aSecret();
        jdbc.sql("""
                        insert into hook_secrets (subscription_id, secret, previous_secret, rotated_at)
                        values (:hook, :secret, :previous, now())
                        """)
                .param("hook", hook)
                .param("secret", retired.encrypt(secret, account.ownerId()))
                .param("previous", retired.encrypt(previous, account.ownerId()))
                .update();

        reEncryption.reEncryptAll();

        List<String> raw = jdbc.sql("select secret, previous_secret from hook_secrets where subscription_id = :hook")
                .param("hook", hook)
                .query((rs, n) -> List.of(rs.getString("secret"), rs.getString("previous_secret")))
                .single();
        assertThat(raw).allSatisfy(value -> assertThat(value).startsWith(CURRENT));
        assertThat(raw.stream().map(value -> cipher.decrypt(value, account.ownerId())))
                .containsExactly(secret, previous);
        assertThat(admin().get("/internal/v1/owners/" + account.ownerId() + "/hooks/" + hook + "/secret")
                        .json()
                        .get("secret")
                        .asString())
                .isEqualTo(secret);
    }

    @Test
    void reEncryptsAHooksCustomHeadersOfAnOlderKeyWithTheFirstKey() {
        TestWorld.Account account = world.newAccount();
        UUID hook = world.subscribe(account, "https://93.184.215.14/own-headers/" + UUID.randomUUID(), null);
        SecretCipher retired = new SecretCipher(EncryptionKeys.parse(TestSecrets.RETIRED_KEY));
        String headers = "{\"Authorization\":\"Bearer " + aSecret() + "\"}";
        jdbc.sql("insert into hook_headers (subscription_id, headers) values (:hook, :headers)")
                .param("hook", hook)
                .param("headers", retired.encrypt(headers, account.ownerId()))
                .update();

        reEncryption.reEncryptAll();

        String raw = jdbc.sql("select headers from hook_headers where subscription_id = :hook")
                .param("hook", hook)
                .query(String.class)
                .single();
        assertThat(raw).startsWith(CURRENT);
        assertThat(cipher.decrypt(raw, account.ownerId())).isEqualTo(headers);
    }

    @Test
    void leavesSecretsOfTheFirstKeyAsTheyAre() {
        UUID owner = world.newOwner().id();
        admin().post("/internal/v1/owners/" + owner + "/webhook-secret/rotate", null);
        List<String> before = raw(owner);

        reEncryption.reEncryptAll();

        assertThat(raw(owner)).isEqualTo(before);
    }

    @Test
    void reEncryptsEveryRowInBatches() {
        List<UUID> owners =
                IntStream.range(0, 7).mapToObj(i -> world.newOwner().id()).toList();
        owners.forEach(owner -> store(owner, aSecret(), null));
        SecretReEncryption inTwos = new SecretReEncryption(
                jdbc,
                transactions,
                cipher,
                new SecretsProperties(null, 2, Duration.ofHours(24), Duration.ofMinutes(1)));

        SecretReEncryption.Outcome outcome = inTwos.reEncryptAll();

        assertThat(outcome.reEncrypted()).isGreaterThanOrEqualTo(owners.size());
        owners.forEach(
                owner -> assertThat(raw(owner)).singleElement().asString().startsWith(CURRENT));
        assertThat(inTwos.reEncryptAll().reEncrypted()).as("a second run").isZero();
    }

    @Test
    void leavesAndReportsSecretsThatNoListedKeyDecrypts() {
        UUID owner = world.newOwner().id();
        String unknownKey = "lost:" + Base64.getEncoder().encodeToString(random(32));
        String stored = new SecretCipher(EncryptionKeys.parse(unknownKey)).encrypt(aSecret(), owner);
        store(owner, stored, null);
        try {
            SecretReEncryption.Outcome outcome = reEncryption.reEncryptAll();

            assertThat(outcome.undecryptable()).contains(owner);
            assertThat(outcome.remaining()).isPositive();
            assertThat(raw(owner)).containsExactly(stored);
        } finally {
            jdbc.sql("delete from owners where id = :owner")
                    .param("owner", owner)
                    .update();
        }
    }

    private void store(UUID owner, String secret, String previous) {
        jdbc.sql("""
                        update webhook_secrets
                           set secret = :secret, previous_secret = :previous,
                               rotated_at = case when :rotated then now() end
                         where owner_id = :owner
                        """)
                .param("secret", secret)
                .param("previous", previous)
                .param("rotated", previous != null)
                .param("owner", owner)
                .update();
    }

    /** secret and, if any, previous_secret as stored. */
    private List<String> raw(UUID owner) {
        return jdbc.sql("select secret, previous_secret from webhook_secrets where owner_id = :owner")
                .param("owner", owner)
                .query((rs, n) -> rs.getString("previous_secret") == null
                        ? List.of(rs.getString("secret"))
                        : List.of(rs.getString("secret"), rs.getString("previous_secret")))
                .single();
    }

    private List<String> decrypted(UUID owner) {
        return raw(owner).stream().map(value -> cipher.decrypt(value, owner)).toList();
    }

    private String shown(UUID owner) {
        ApiClient.Response response = admin().get("/internal/v1/owners/" + owner + "/webhook-secret");
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        return response.json().get("secret").asString();
    }

    private ApiClient admin() {
        return http.with("X-Admin-Key", TestWorld.ADMIN_KEY);
    }

    private static String aSecret() {
        return "whsec_" + Base64.getEncoder().encodeToString(random(32));
    }

    private static byte[] random(int bytes) {
        byte[] value = new byte[bytes];
        new SecureRandom().nextBytes(value);
        return value;
    }
}
