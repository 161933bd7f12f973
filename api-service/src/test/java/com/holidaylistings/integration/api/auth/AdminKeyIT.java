package com.holidaylistings.integration.api.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiInstances;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.CommandRows;
import com.holidaylistings.integration.api.support.Fixtures;
import com.holidaylistings.integration.api.support.TestWorld;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The internal API's guard: X-Admin-Key, and no internal API at all when no key is configured. */
class AdminKeyIT extends ApiIntegrationTest {

    private static ApiInstances.Running withoutAdminKey;

    @BeforeAll
    static void startInstanceWithoutAdminKey() {
        withoutAdminKey = ApiInstances.start(Map.of("owner-api.internal.admin-api-key", ""));
    }

    @AfterAll
    static void stopInstanceWithoutAdminKey() {
        if (withoutAdminKey != null) {
            withoutAdminKey.close();
        }
    }

    @Test
    void refusesInternalRequestsWithoutTheAdminKey() {
        TestWorld.Account account = world.newAccount();
        UUID hook = world.subscribe(account, "https://93.184.215.14/admin-key/" + UUID.randomUUID(), null);
        String guest = "guest-" + UUID.randomUUID() + "@example.org";
        Map<String, Object> guestsEnquiry = Fixtures.anEnquiry(account.propertyId());
        guestsEnquiry.put("user_email", guest);
        ApiClient.Response submitted =
                http.with("X-Admin-Key", TestWorld.ADMIN_KEY).post("/internal/v1/enquiries", guestsEnquiry);
        assertThat(submitted.status()).as(submitted.body()).isEqualTo(201);

        for (ApiClient client :
                List.of(http, http.withToken(account.token()), http.with("X-API-Key", account.token()))) {
            assertUnauthorized(
                    client.post("/internal/v1/owners", Map.of("email", "x-" + UUID.randomUUID() + "@example.com")));
            assertUnauthorized(client.get("/internal/v1/owners/" + account.ownerId() + "/tokens"));
            assertUnauthorized(client.get("/internal/v1/owners/" + account.ownerId() + "/webhook-secret"));
            String hookPath = "/internal/v1/owners/" + account.ownerId() + "/hooks/" + hook;
            assertUnauthorized(client.get(hookPath + "/deliveries?status=failed"));
            assertUnauthorized(client.get(hookPath + "/attempts/1"));
            assertUnauthorized(client.post(hookPath + "/test", null));
            assertUnauthorized(client.get(hookPath + "/stats"));
            assertUnauthorized(client.send("PUT", hookPath + "/throttle", Map.of("per_second", 1)));
            assertUnauthorized(client.get(hookPath + "/secret"));
            assertUnauthorized(client.post(hookPath + "/secret/rotate", null));
            assertUnauthorized(client.send("PUT", hookPath + "/headers", Map.of("headers", Map.of("X-Tenant", "x"))));
            assertUnauthorized(client.post("/internal/v1/enquiries", Fixtures.anEnquiry(account.propertyId())));
            assertUnauthorized(client.post("/internal/v1/guests/erasures", Map.of("email", guest)));
            assertUnauthorized(client.get("/internal/v1/no-such-path"));
        }
        assertThat(jdbc.sql("select count(*) from enquiries where property_id = :p")
                        .param("p", account.propertyId())
                        .query(Integer.class)
                        .single())
                .as("only the guest's")
                .isOne();
        assertThat(jdbc.sql("select user_email from enquiries where property_id = :p")
                        .param("p", account.propertyId())
                        .query(String.class)
                        .single())
                .as("the guest not erased")
                .isEqualTo(guest);
        assertThat(new CommandRows(jdbc).of(hook)).as("no test event").isEmpty();
        assertThat(jdbc.sql("select throttle_per_second is null from webhook_subscriptions where id = :h")
                        .param("h", hook)
                        .query(Boolean.class)
                        .single())
                .as("no throttle")
                .isTrue();
        assertThat(jdbc.sql("select count(*) from hook_secrets where subscription_id = :h")
                        .param("h", hook)
                        .query(Integer.class)
                        .single())
                .as("no secret of its own")
                .isZero();
        assertThat(jdbc.sql("select count(*) from hook_headers where subscription_id = :h")
                        .param("h", hook)
                        .query(Integer.class)
                        .single())
                .as("no header set")
                .isZero();
    }

    @Test
    void refusesAWrongAdminKey() {
        TestWorld.Owner owner = world.newOwner();

        for (String key : List.of(
                "wrong",
                TestWorld.ADMIN_KEY + "x",
                TestWorld.ADMIN_KEY.substring(1),
                TestWorld.ADMIN_KEY.toUpperCase(),
                "")) {
            ApiClient client = http.with("X-Admin-Key", key);
            assertUnauthorized(client.get("/internal/v1/owners/" + owner.id() + "/tokens"));
            assertUnauthorized(client.post("/internal/v1/owners/" + owner.id() + "/tokens", Map.of("name", "x")));
        }
        assertThat(jdbc.sql("select count(*) from access_tokens where owner_id = :o")
                        .param("o", owner.id())
                        .query(Integer.class)
                        .single())
                .isZero();
    }

    @Test
    void acceptsTheAdminKey() {
        TestWorld.Owner owner = world.newOwner();

        ApiClient.Response response =
                http.with("X-Admin-Key", TestWorld.ADMIN_KEY).get("/internal/v1/owners/" + owner.id() + "/tokens");

        assertThat(response.status()).isEqualTo(200);
    }

    @Test
    void acceptsEachOfTheConfiguredKeysDuringARotation() {
        TestWorld.Owner owner = world.newOwner();

        for (String key : List.of(TestWorld.ADMIN_KEY, TestWorld.NEXT_ADMIN_KEY)) {
            ApiClient.Response response =
                    http.with("X-Admin-Key", key).get("/internal/v1/owners/" + owner.id() + "/tokens");

            assertThat(response.status()).as(response.body()).isEqualTo(200);
        }
        assertUnauthorized(http.with("X-Admin-Key", TestWorld.ADMIN_KEY + "," + TestWorld.NEXT_ADMIN_KEY)
                .get("/internal/v1/owners/" + owner.id() + "/tokens"));
    }

    @Test
    void refusesToStartWithAnAdminKeyShorterThan32Characters() {
        assertThatThrownBy(() -> ApiInstances.start(
                                Map.of("owner-api.internal.admin-api-key", TestWorld.ADMIN_KEY + ",local-admin-key"))
                        .close())
                .rootCause()
                .hasMessageContaining(
                        "ADMIN_API_KEY: every key must be at least 32 characters long, but key 2 of 2 has 15");
    }

    @Test
    void hidesTheWholeInternalApiWhenNoKeyIsConfigured() {
        TestWorld.Account account = world.newAccount();
        ApiClient off = ApiClient.https(withoutAdminKey.port());
        String owner = "/internal/v1/owners/" + account.ownerId();

        for (ApiClient client :
                List.of(off, off.with("X-Admin-Key", TestWorld.ADMIN_KEY), off.with("X-Admin-Key", ""))) {
            assertNotFound(
                    client.post("/internal/v1/owners", Map.of("email", "off-" + UUID.randomUUID() + "@example.com")));
            assertNotFound(client.post(
                    owner + "/properties",
                    Map.of(
                            "title",
                            "t",
                            "location",
                            "l",
                            "url_slug",
                            "s-" + UUID.randomUUID(),
                            "unique_code",
                            "U" + UUID.randomUUID())));
            assertNotFound(client.post(owner + "/tokens", Map.of("name", "x")));
            assertNotFound(client.get(owner + "/tokens"));
            assertNotFound(client.delete(owner + "/tokens/" + UUID.randomUUID(), null));
            assertNotFound(client.get(owner + "/webhook-secret"));
            assertNotFound(client.get(owner + "/hooks"));
            assertNotFound(client.get(owner + "/hooks/" + UUID.randomUUID() + "/stats"));
            assertNotFound(client.post(owner + "/hooks/" + UUID.randomUUID() + "/test", null));
            assertNotFound(
                    client.send("PUT", owner + "/hooks/" + UUID.randomUUID() + "/throttle", Map.of("per_second", 1)));
            assertNotFound(client.get(owner + "/hooks/" + UUID.randomUUID() + "/secret"));
            assertNotFound(client.post(owner + "/hooks/" + UUID.randomUUID() + "/secret/rotate", null));
            assertNotFound(client.send(
                    "PUT",
                    owner + "/hooks/" + UUID.randomUUID() + "/headers",
                    Map.of("headers", Map.of("X-Tenant", "x"))));
            assertNotFound(client.get(owner + "/hooks/" + UUID.randomUUID() + "/attempts/1"));
            assertNotFound(client.post("/internal/v1/enquiries", Fixtures.anEnquiry(account.propertyId())));
            assertNotFound(client.post("/internal/v1/guests/erasures", Map.of("email", account.email())));
            assertNotFound(client.get("/internal/v1"));
            assertNotFound(client.get("/internal/v1/no-such-path"));
        }
        assertThat(jdbc.sql("select count(*) from access_tokens where owner_id = :o")
                        .param("o", account.ownerId())
                        .query(Integer.class)
                        .single())
                .isEqualTo(1);
        assertThat(jdbc.sql("select count(*) from enquiries where property_id = :p")
                        .param("p", account.propertyId())
                        .query(Integer.class)
                        .single())
                .isZero();
    }

    @Test
    void servesThePublicApiWhenNoAdminKeyIsConfigured() {
        TestWorld.Account account = world.newAccount();
        ApiClient off = ApiClient.https(withoutAdminKey.port()).withToken(account.token());

        ApiClient.Response auth = off.get("/integration/v1/auth");
        ApiClient.Response properties = off.get("/integration/v1/properties");

        assertThat(auth.status()).isEqualTo(200);
        assertThat(auth.json().get("id").asString()).isEqualTo(account.ownerId().toString());
        assertThat(properties.status()).isEqualTo(200);
        assertThat(properties.json().get("properties").get(0).get("id").asString())
                .isEqualTo(account.propertyId().toString());
        assertThat(ApiClient.https(withoutAdminKey.port())
                        .get("/integration/v1/auth")
                        .status())
                .isEqualTo(401);
    }

    private static void assertUnauthorized(ApiClient.Response response) {
        assertThat(response.status()).as(response.body()).isEqualTo(401);
        assertThat(response.body()).isEqualTo("{\"error\":\"Unauthorized\"}");
        assertThat(response.header("Content-Type")).startsWith("application/json");
    }

    private static void assertNotFound(ApiClient.Response response) {
        assertThat(response.status()).as(response.body()).isEqualTo(404);
        assertThat(response.body()).isEqualTo("{\"error\":\"Not found\"}");
    }
}
