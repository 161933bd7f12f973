package com.holidaylistings.integration.api.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiInstances;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.TestWorld;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Failed authentications throttled per client address, on an instance that allows 3 failures a
 * minute and trusts a proxy on loopback: the tests play clients at different addresses through
 * {@code X-Forwarded-For}, as the proxy would pass them on.
 */
class FailedAuthenticationThrottleIT extends ApiIntegrationTest {

    private static final String WRONG_TOKEN = "hpo_" + "0".repeat(36);
    private static ApiInstances.Running throttled;

    @BeforeAll
    static void startThrottledInstance() {
        throttled = ApiInstances.start(Map.of(
                "owner-api.failed-authentications.max-per-address", "3",
                "owner-api.failed-authentications.window", "1h",
                "server.tomcat.remoteip.internal-proxies", "127.0.0.0/8, ::1/128"));
    }

    @AfterAll
    static void stopThrottledInstance() {
        if (throttled != null) {
            throttled.close();
        }
    }

    private static ApiClient from(String address) {
        return ApiClient.https(throttled.port()).with("X-Forwarded-For", address);
    }

    @Test
    void answers429WithoutCheckingTheTokenAfterTooManyFailuresFromOneAddress() {
        TestWorld.Account account = world.newAccount();
        ApiClient attacker = from("203.0.113.10");

        assertThat(attacker.withToken(WRONG_TOKEN).get("/integration/v1/auth").status()).isEqualTo(401);
        assertThat(attacker.get("/integration/v1/properties").status()).as("no token at all").isEqualTo(401);
        assertThat(attacker.withToken(WRONG_TOKEN.replace('0', '1')).get("/integration/v1/auth").status()).isEqualTo(401);

        ApiClient.Response blocked = attacker.withToken(account.token()).get("/integration/v1/auth");

        assertThat(blocked.status()).as(blocked.body()).isEqualTo(429);
        assertThat(Integer.parseInt(blocked.header("Retry-After"))).isBetween(3500, 3600);
        assertThat(blocked.json().get("error").asString()).isEqualTo("Too many failed authentications");
        assertThat(blocked.json().get("retryAfter").asInt()).isEqualTo(Integer.parseInt(blocked.header("Retry-After")));
        assertThat(blocked.header("X-RateLimit-Remaining")).as("the token was not looked at").isNull();
        ApiClient.Response elsewhere = from("203.0.113.11").withToken(account.token()).get("/integration/v1/auth");
        assertThat(elsewhere.status()).isEqualTo(200);
        assertThat(elsewhere.header("X-RateLimit-Remaining")).as("the blocked request counted against no limit")
                .isEqualTo("99");
    }

    @Test
    void countsWrongAdminKeysAndBlocksTheInternalApiForThatAddress() {
        TestWorld.Owner owner = world.newOwner();
        String tokens = "/internal/v1/owners/" + owner.id() + "/tokens";
        ApiClient attacker = from("2001:db8::10");

        for (String key : new String[] {"wrong", TestWorld.ADMIN_KEY + "x", ""}) {
            assertThat(attacker.with("X-Admin-Key", key).get(tokens).status()).isEqualTo(401);
        }

        ApiClient.Response blocked = attacker.with("X-Admin-Key", TestWorld.ADMIN_KEY).get(tokens);
        assertThat(blocked.status()).as(blocked.body()).isEqualTo(429);
        assertThat(blocked.header("Retry-After")).isNotBlank();
        assertThat(blocked.json().get("error").asString()).isEqualTo("Too many failed authentications");
        assertThat(attacker.withToken(world.newAccount().token()).get("/integration/v1/auth").status())
                .as("one count per address for tokens and admin keys").isEqualTo(429);
        assertThat(from("2001:db8::11").with("X-Admin-Key", TestWorld.ADMIN_KEY).get(tokens).status()).isEqualTo(200);
    }

    @Test
    void neverCountsSuccessfulRequests() {
        TestWorld.Account account = world.newAccount();
        ApiClient client = from("203.0.113.12");

        for (int i = 0; i < 10; i++) {
            assertThat(client.withToken(account.token()).get("/integration/v1/auth").status()).isEqualTo(200);
            assertThat(client.with("X-Admin-Key", TestWorld.ADMIN_KEY)
                    .get("/internal/v1/owners/" + account.ownerId() + "/tokens").status()).isEqualTo(200);
        }
    }
}
