package com.holidaylistings.integration.api.hookheaders;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.TestWorld;
import com.holidaylistings.integration.secrets.SecretCipher;
import com.holidaylistings.integration.testsupport.TestSecrets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * PUT …/hooks/{hookId}/headers: a hook's custom headers, set all at once, answered masked, stored
 * encrypted and bound to the owner; refused with fieldErrors (and nothing changed) for a name that
 * would override the delivery's own headers, one that is not a token, a value with control
 * characters or too long, more than ten. A hook removed keeps neither its headers nor its own secret.
 */
class HookHeadersIT extends ApiIntegrationTest {

    private static final String MASK = "\u2022\u2022\u2022\u2022";

    @Autowired
    private SecretCipher cipher;

    private TestWorld.Account owner;
    private UUID hook;

    @BeforeEach
    void anOwnerWithAHook() {
        owner = world.newAccount();
        hook = world.subscribe(owner, "https://93.184.215.14/headers/" + UUID.randomUUID(), null);
    }

    @Test
    void setsTheHeadersAndAnswersThemMasked() {
        ApiClient.Response response =
                put(hook, Map.of("Authorization", "Bearer receiver-token-1", "X-Tenant", "north-7"));

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertThat(response.json().propertyNames()).containsExactly("headers");
        assertThat(response.json().get("headers").properties())
                .extracting(Map.Entry::getKey)
                .containsExactlyInAnyOrder("Authorization", "X-Tenant");
        assertThat(response.json().get("headers").properties())
                .extracting(e -> e.getValue().asString())
                .containsOnly(MASK);
        assertThat(response.body()).doesNotContain("receiver-token-1", "north-7");
        assertThat(stored(hook)).isEqualTo(Map.of("Authorization", "Bearer receiver-token-1", "X-Tenant", "north-7"));
    }

    @Test
    void replacesEveryHeaderAtOnce() {
        put(hook, Map.of("Authorization", "Bearer old", "X-Tenant", "north-7"));

        ApiClient.Response response = put(hook, Map.of("Authorization", "Bearer new"));

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertThat(response.json().get("headers").propertyNames()).containsExactly("Authorization");
        assertThat(stored(hook)).isEqualTo(Map.of("Authorization", "Bearer new"));
    }

    @Test
    void aRemovedHookKeepsNeitherItsHeadersNorItsOwnSecret() {
        String target = "https://93.184.215.14/removed/" + UUID.randomUUID();
        UUID removed = world.subscribe(owner, target, null);
        put(removed, Map.of("Authorization", "Bearer receiver-token-2"));
        assertThat(admin().post("/internal/v1/owners/" + owner.ownerId() + "/hooks/" + removed + "/secret/rotate", null)
                        .status())
                .isEqualTo(200);
        put(hook, Map.of("X-Tenant", "north-7"));

        ApiClient.Response unsubscribed =
                as(owner).delete("/integration/v1/hooks/enquiries", Map.of("targetUrl", target));

        assertThat(unsubscribed.status()).as(unsubscribed.body()).isEqualTo(200);
        assertThat(rows(removed)).as("its custom headers").isZero();
        assertThat(jdbc.sql("select count(*) from hook_secrets where subscription_id = :hook")
                        .param("hook", removed)
                        .query(Integer.class)
                        .single())
                .as("its own secret")
                .isZero();
        assertThat(rows(hook)).as("the owner's other hook keeps its headers").isOne();
    }

    @Test
    void anEmptyObjectRemovesEveryHeader() {
        put(hook, Map.of("X-Tenant", "north-7"));

        ApiClient.Response response = put(hook, Map.of());

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("{\"headers\":{}}");
        assertThat(rows(hook)).isZero();
    }

    @Test
    void refusesEachClassOfBrokenHeaderWithFieldErrorsAndChangesNothing() {
        put(hook, Map.of("X-Tenant", "kept"));
        Map<String, String> refused = new LinkedHashMap<>();
        refused.put("webhook-signature", "v1,forged");
        refused.put("Content-Type", "text/plain");
        refused.put("Host", "internal.example");
        refused.put("Transfer-Encoding", "chunked");
        refused.put("Connection", "close");
        refused.put("User-Agent", "someone-else");
        refused.put("X Bad Name", "v");
        refused.put("X-Injected", "a\r\nX-Evil: 1");
        refused.put("X-Long", "v".repeat(1025));
        for (Map.Entry<String, String> header : refused.entrySet()) {
            ApiClient.Response response =
                    put(hook, Map.of("Authorization", "Bearer fine", header.getKey(), header.getValue()));

            assertThat(response.status()).as(header.getKey()).isEqualTo(400);
            JsonNode body = response.json();
            assertThat(body.get("error").asString()).isEqualTo("Invalid request");
            assertThat(body.get("details").get("fieldErrors").propertyNames())
                    .as(header.getKey())
                    .containsExactly("headers." + header.getKey());
            assertThat(stored(hook)).as("nothing changed").isEqualTo(Map.of("X-Tenant", "kept"));
        }
    }

    @Test
    void refusesElevenHeaders() {
        Map<String, String> eleven = new LinkedHashMap<>();
        for (int i = 1; i <= 11; i++) {
            eleven.put("X-Header-" + i, "v" + i);
        }

        ApiClient.Response response = put(hook, eleven);

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json()
                        .get("details")
                        .get("fieldErrors")
                        .get("headers")
                        .get(0)
                        .asString())
                .isEqualTo("must hold at most 10 headers");
        assertThat(rows(hook)).isZero();
        eleven.remove("X-Header-11");
        assertThat(put(hook, eleven).status()).isEqualTo(200);
    }

    @Test
    void refusesABodyWithoutAHeadersObject() {
        for (Object body :
                List.of(Map.of(), Map.of("headers", List.of("X-Tenant")), Map.of("headers", "X-Tenant: 1"))) {
            ApiClient.Response response = admin().send("PUT", path(owner.ownerId(), hook), body);
            assertThat(response.status()).as(response.body()).isEqualTo(400);
            assertThat(response.json().get("details").get("fieldErrors").propertyNames())
                    .containsExactly("headers");
        }
        ApiClient.Response notJson =
                admin().send("PUT", path(owner.ownerId(), hook), "{\"headers\":", "application/json");
        assertThat(notJson.status()).isEqualTo(400);
        assertThat(rows(hook)).isZero();
    }

    @Test
    void anotherOwnersHookOrAnUnknownOneIsNotFound() {
        TestWorld.Account other = world.newAccount();
        for (String hookId : List.of(hook.toString(), UUID.randomUUID().toString(), "not-a-uuid")) {
            ApiClient.Response response = admin().send(
                            "PUT",
                            "/internal/v1/owners/" + other.ownerId() + "/hooks/" + hookId + "/headers",
                            Map.of("headers", Map.of("X-Tenant", "intruder")));
            assertThat(response.status()).as(hookId).isEqualTo(404);
            assertThat(response.body()).isEqualTo("{\"error\":\"Not found\"}");
        }
        assertThat(rows(hook)).isZero();
    }

    @Test
    void needsTheAdminKey() {
        for (ApiClient client : List.of(http, http.with("X-Admin-Key", "wrong"), http.withToken(owner.token()))) {
            ApiClient.Response response =
                    client.send("PUT", path(owner.ownerId(), hook), Map.of("headers", Map.of("X-Tenant", "x")));
            assertThat(response.status()).isEqualTo(401);
        }
        assertThat(rows(hook)).isZero();
    }

    private ApiClient.Response put(UUID hookId, Map<String, String> headers) {
        return admin().send("PUT", path(owner.ownerId(), hookId), Map.of("headers", headers));
    }

    private static String path(UUID ownerId, UUID hookId) {
        return "/internal/v1/owners/" + ownerId + "/hooks/" + hookId + "/headers";
    }

    private int rows(UUID hookId) {
        return jdbc.sql("select count(*) from hook_headers where subscription_id = :hook")
                .param("hook", hookId)
                .query(Integer.class)
                .single();
    }

    /** The hook's stored headers, which are encrypted with the current key and bound to the owner, decrypted. */
    private Map<String, String> stored(UUID hookId) {
        String stored = jdbc.sql("select headers from hook_headers where subscription_id = :hook")
                .param("hook", hookId)
                .query(String.class)
                .single();
        assertThat(stored).as("stored encrypted").startsWith("v1." + TestSecrets.CURRENT_KEY_ID + ".");
        return new tools.jackson.databind.json.JsonMapper()
                .readValue(
                        cipher.decrypt(stored, owner.ownerId()),
                        new tools.jackson.core.type.TypeReference<Map<String, String>>() {});
    }

    private ApiClient admin() {
        return http.with("X-Admin-Key", TestWorld.ADMIN_KEY);
    }
}
