package com.holidaylistings.integration.api.hook;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.TestWorld;
import com.holidaylistings.integration.secrets.SecretCipher;
import com.holidaylistings.integration.testsupport.TestSecrets;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * A hook's own signing secret: GET …/hooks/{hookId}/secret and POST …/hooks/{hookId}/secret/rotate.
 * A hook signs with its owner's secret until its own is rotated; then with its own, while the
 * owner's other hooks keep the owner's.
 */
class HookSecretIT extends ApiIntegrationTest {

    @Autowired
    private SecretCipher cipher;

    private TestWorld.Account owner;
    private UUID hook;
    private UUID otherHook;

    @BeforeEach
    void anOwnerWithTwoHooks() {
        owner = world.newAccount();
        hook = world.subscribe(owner, "https://93.184.215.14/pms/" + UUID.randomUUID(), null);
        otherHook = world.subscribe(owner, "https://93.184.215.14/ipaas/" + UUID.randomUUID(), null);
    }

    @Test
    void aHookSignsWithItsOwnersSecretUntilItsOwnIsRotated() {
        ApiClient.Response response = admin().get(secretPath(hook));

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertThat(response.json().propertyNames()).containsExactly("secret");
        assertThat(response.json().get("secret").asString())
                .startsWith("whsec_")
                .isEqualTo(ownersSecret());
        assertThat(storedRows(hook)).isZero();
    }

    @Test
    void rotatingAHooksSecretChangesThatHookAlone() {
        String ownersSecret = ownersSecret();

        ApiClient.Response response = admin().post(secretPath(hook) + "/rotate", null);

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertThat(response.json().propertyNames()).containsExactly("secret");
        String rotated = response.json().get("secret").asString();
        assertThat(rotated).startsWith("whsec_").isNotEqualTo(ownersSecret);
        assertThat(secretOf(hook)).isEqualTo(rotated);
        assertThat(secretOf(otherHook))
                .as("the owner's other hook keeps the owner's")
                .isEqualTo(ownersSecret);
        assertThat(ownersSecret()).as("the owner's secret is unchanged").isEqualTo(ownersSecret);
        Stored stored = stored(hook);
        assertThat(stored.secret()).isEqualTo(rotated);
        assertThat(stored.previousSecret())
                .as("the owner's keeps signing through the overlap")
                .isEqualTo(ownersSecret);
        assertThat(storedRows(otherHook)).isZero();
    }

    @Test
    void rotatingAgainKeepsTheHooksReplacedSecretAsThePreviousOne() {
        String first = admin().post(secretPath(hook) + "/rotate", null)
                .json()
                .get("secret")
                .asString();

        String second = admin().post(secretPath(hook) + "/rotate", null)
                .json()
                .get("secret")
                .asString();

        assertThat(second).isNotEqualTo(first);
        assertThat(secretOf(hook)).isEqualTo(second);
        assertThat(stored(hook)).isEqualTo(new Stored(second, first));
    }

    @Test
    void rotatingTheOwnersSecretLeavesAHookWithItsOwnSecret() {
        String own = admin().post(secretPath(hook) + "/rotate", null)
                .json()
                .get("secret")
                .asString();

        String ownersNew = admin().post("/internal/v1/owners/" + owner.ownerId() + "/webhook-secret/rotate", null)
                .json()
                .get("secret")
                .asString();

        assertThat(secretOf(hook)).isEqualTo(own);
        assertThat(secretOf(otherHook)).isEqualTo(ownersNew);
    }

    @Test
    void anotherOwnersHookOrAnUnknownOneIsNotFound() {
        TestWorld.Account other = world.newAccount();
        String othersPath = "/internal/v1/owners/" + other.ownerId() + "/hooks/";
        for (String hookId : List.of(hook.toString(), UUID.randomUUID().toString(), "not-a-uuid")) {
            for (ApiClient.Response response : List.of(
                    admin().get(othersPath + hookId + "/secret"),
                    admin().post(othersPath + hookId + "/secret/rotate", null))) {
                assertThat(response.status()).as(hookId).isEqualTo(404);
                assertThat(response.body()).isEqualTo("{\"error\":\"Not found\"}");
            }
        }
        assertThat(storedRows(hook)).isZero();
    }

    @Test
    void needsTheAdminKey() {
        for (ApiClient client : List.of(http, http.with("X-Admin-Key", "wrong"), http.withToken(owner.token()))) {
            assertThat(client.get(secretPath(hook)).status()).isEqualTo(401);
            assertThat(client.post(secretPath(hook) + "/rotate", null).status()).isEqualTo(401);
        }
        assertThat(storedRows(hook)).isZero();
    }

    private String secretPath(UUID hookId) {
        return "/internal/v1/owners/" + owner.ownerId() + "/hooks/" + hookId + "/secret";
    }

    private String secretOf(UUID hookId) {
        ApiClient.Response response = admin().get(secretPath(hookId));
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        return response.json().get("secret").asString();
    }

    private String ownersSecret() {
        return admin().get("/internal/v1/owners/" + owner.ownerId() + "/webhook-secret")
                .json()
                .get("secret")
                .asString();
    }

    private int storedRows(UUID hookId) {
        return jdbc.sql("select count(*) from hook_secrets where subscription_id = :hook")
                .param("hook", hookId)
                .query(Integer.class)
                .single();
    }

    private record Stored(String secret, String previousSecret) {}

    /** The hook's row, its secrets (stored encrypted with the current key, bound to the owner) decrypted. */
    private Stored stored(UUID hookId) {
        return jdbc.sql("select secret, previous_secret from hook_secrets where subscription_id = :hook")
                .param("hook", hookId)
                .query((rs, n) ->
                        new Stored(decrypted(rs.getString("secret")), decrypted(rs.getString("previous_secret"))))
                .single();
    }

    private String decrypted(String stored) {
        assertThat(stored).as("stored encrypted").startsWith("v1." + TestSecrets.CURRENT_KEY_ID + ".");
        return cipher.decrypt(stored, owner.ownerId());
    }

    private ApiClient admin() {
        return http.with("X-Admin-Key", TestWorld.ADMIN_KEY);
    }
}
