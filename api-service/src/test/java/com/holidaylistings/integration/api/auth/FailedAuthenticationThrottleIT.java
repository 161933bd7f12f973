package com.holidaylistings.integration.api.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiInstances;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.TestWorld;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Failed authentications throttled per client, on an instance with the default allowance (20
 * failures) in a window of an hour, that trusts a proxy on loopback: the tests play clients at
 * different addresses through {@code X-Forwarded-For}, as the proxy would pass them on. Only
 * failures are counted and refused; valid credentials always pass; the public and the internal API
 * count apart; IPv6 clients are counted per /64.
 */
@Tag("security")
class FailedAuthenticationThrottleIT extends ApiIntegrationTest {

    private static final int ALLOWANCE = 20;
    private static ApiInstances.Running throttled;

    @BeforeAll
    static void startThrottledInstance() {
        throttled = ApiInstances.start(Map.of(
                "owner-api.failed-authentications.max-per-address", Integer.toString(ALLOWANCE),
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

    /** A token of the right shape and checksum that no owner has: checked against the database. */
    private static String unknownToken() {
        return AccessTokenFormat.generate();
    }

    private static String tokensOf(UUID ownerId) {
        return "/internal/v1/owners/" + ownerId + "/tokens";
    }

    /** Uses up the client's allowance on the public API with wrong tokens, each answered 401. */
    private static void failWithTokens(String address) {
        for (int i = 0; i < ALLOWANCE; i++) {
            String token = i % 2 == 0 ? unknownToken() : "hpo_not-even-well-formed-" + i;
            assertThat(from(address)
                            .withToken(token)
                            .get("/integration/v1/auth")
                            .status())
                    .isEqualTo(401);
        }
    }

    /** Uses up the client's allowance on the internal API with wrong admin keys, each answered 401. */
    private static void failWithAdminKeys(String address, UUID ownerId) {
        for (int i = 0; i < ALLOWANCE; i++) {
            ApiClient client = i % 2 == 0 ? from(address).with("X-Admin-Key", TestWorld.ADMIN_KEY + i) : from(address);
            assertThat(client.get(tokensOf(ownerId)).status()).isEqualTo(401);
        }
    }

    @Test
    void letsAValidTokenThroughAfterTwentyWrongOnesFromTheSameAddressAndRefusesTheNextWrongOne() {
        TestWorld.Account account = world.newAccount();
        failWithTokens("203.0.113.10");

        ApiClient.Response valid =
                from("203.0.113.10").withToken(account.token()).get("/integration/v1/auth");
        assertThat(valid.status()).as(valid.body()).isEqualTo(200);
        assertThat(valid.header("X-RateLimit-Remaining"))
                .as("counted against the token's own limit")
                .isEqualTo("99");

        ApiClient.Response refused =
                from("203.0.113.10").withToken(unknownToken()).get("/integration/v1/auth");
        assertThat(refused.status()).as(refused.body()).isEqualTo(429);
        assertThat(Integer.parseInt(refused.header("Retry-After"))).isBetween(3500, 3600);
        assertThat(refused.json().get("error").asString()).isEqualTo("Too many failed authentications");
        assertThat(refused.json().get("retryAfter").asInt()).isEqualTo(Integer.parseInt(refused.header("Retry-After")));
        assertThat(from("203.0.113.10").get("/integration/v1/properties").status())
                .as("no token at all")
                .isEqualTo(429);

        assertThat(from("203.0.113.10")
                        .withToken(account.token())
                        .get("/integration/v1/properties")
                        .status())
                .as("still valid after the refusals")
                .isEqualTo(200);
        assertThat(from("203.0.113.11")
                        .withToken(unknownToken())
                        .get("/integration/v1/auth")
                        .status())
                .as("another address")
                .isEqualTo(401);
    }

    @Test
    void refusesARevokedTokenRepeatedInALoopEveryTime() {
        TestWorld.Account account = world.newAccount();
        UUID tokenId = UUID.fromString(http.with("X-Admin-Key", TestWorld.ADMIN_KEY)
                .get(tokensOf(account.ownerId()))
                .json()
                .get("tokens")
                .get(0)
                .get("id")
                .asString());
        assertThat(http.with("X-Admin-Key", TestWorld.ADMIN_KEY)
                        .delete(tokensOf(account.ownerId()) + "/" + tokenId, null)
                        .status())
                .isEqualTo(204);

        for (int i = 0; i < ALLOWANCE; i++) {
            assertThat(from("203.0.113.12")
                            .withToken(account.token())
                            .get("/integration/v1/auth")
                            .status())
                    .isEqualTo(401);
        }
        assertThat(from("203.0.113.12")
                        .withToken(account.token())
                        .get("/integration/v1/auth")
                        .status())
                .isEqualTo(429);
        assertThat(from("203.0.113.13")
                        .withToken(account.token())
                        .get("/integration/v1/auth")
                        .status())
                .isEqualTo(401);
    }

    @Test
    void countsIpv6ClientsPerSlash64() {
        TestWorld.Account account = world.newAccount();
        for (int i = 1; i <= ALLOWANCE; i++) {
            String address = "2001:db8:1:2::" + Integer.toHexString(i);
            assertThat(from(address)
                            .withToken(unknownToken())
                            .get("/integration/v1/auth")
                            .status())
                    .isEqualTo(401);
        }

        assertThat(from("2001:db8:1:2:ffff:ffff:ffff:ffff")
                        .withToken(unknownToken())
                        .get("/integration/v1/auth")
                        .status())
                .as("another address of the same /64")
                .isEqualTo(429);
        assertThat(from("2001:db8:1:3::1")
                        .withToken(unknownToken())
                        .get("/integration/v1/auth")
                        .status())
                .as("the next /64")
                .isEqualTo(401);
        assertThat(from("2001:db8:1:2::abc")
                        .withToken(account.token())
                        .get("/integration/v1/auth")
                        .status())
                .as("a valid token from the refused /64")
                .isEqualTo(200);
    }

    @Test
    void failuresOnThePublicApiNeverThrottleTheInternalApi() {
        TestWorld.Owner owner = world.newOwner();
        failWithTokens("203.0.113.20");
        assertThat(from("203.0.113.20")
                        .withToken(unknownToken())
                        .get("/integration/v1/auth")
                        .status())
                .isEqualTo(429);

        assertThat(from("203.0.113.20")
                        .with("X-Admin-Key", TestWorld.ADMIN_KEY)
                        .get(tokensOf(owner.id()))
                        .status())
                .isEqualTo(200);
        assertThat(from("203.0.113.20")
                        .with("X-Admin-Key", "wrong")
                        .get(tokensOf(owner.id()))
                        .status())
                .as("the internal API's own count")
                .isEqualTo(401);
    }

    @Test
    void failuresOnTheInternalApiNeverThrottleThePublicApi() {
        TestWorld.Account account = world.newAccount();
        failWithAdminKeys("203.0.113.21", account.ownerId());

        ApiClient.Response refused =
                from("203.0.113.21").with("X-Admin-Key", "wrong").get(tokensOf(account.ownerId()));
        assertThat(refused.status()).as(refused.body()).isEqualTo(429);
        assertThat(refused.header("Retry-After")).isNotBlank();
        assertThat(refused.json().get("error").asString()).isEqualTo("Too many failed authentications");
        assertThat(from("203.0.113.21")
                        .with("X-Admin-Key", TestWorld.ADMIN_KEY)
                        .get(tokensOf(account.ownerId()))
                        .status())
                .as("the right admin key still passes")
                .isEqualTo(200);

        assertThat(from("203.0.113.21")
                        .withToken(unknownToken())
                        .get("/integration/v1/auth")
                        .status())
                .as("the public API's own count")
                .isEqualTo(401);
        assertThat(from("203.0.113.21")
                        .withToken(account.token())
                        .get("/integration/v1/auth")
                        .status())
                .isEqualTo(200);
    }

    @Test
    void neverCountsSuccessfulRequests() {
        TestWorld.Account account = world.newAccount();
        ApiClient client = from("203.0.113.22");

        for (int i = 0; i < ALLOWANCE + 5; i++) {
            assertThat(client.withToken(account.token())
                            .get("/integration/v1/auth")
                            .status())
                    .isEqualTo(200);
            assertThat(client.with("X-Admin-Key", TestWorld.ADMIN_KEY)
                            .get(tokensOf(account.ownerId()))
                            .status())
                    .isEqualTo(200);
        }
        assertThat(client.withToken(unknownToken()).get("/integration/v1/auth").status())
                .isEqualTo(401);
        assertThat(client.with("X-Admin-Key", "wrong")
                        .get(tokensOf(account.ownerId()))
                        .status())
                .isEqualTo(401);
    }
}
