package com.holidaylistings.integration.api.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiInstances;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.TestWorld;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Per-token limits held across two replicas (5 a minute, 8 an hour) sharing one database. */
class RateLimitIT extends ApiIntegrationTest {

    private static final int PER_MINUTE = 5;
    private static final int PER_HOUR = 8;

    private static ApiInstances.Running replicaA;
    private static ApiInstances.Running replicaB;

    @BeforeAll
    static void startReplicas() {
        Map<String, Object> limits = Map.of(
                "owner-api.rate-limit.per-minute", PER_MINUTE,
                "owner-api.rate-limit.per-hour", PER_HOUR);
        replicaA = ApiInstances.start(limits);
        replicaB = ApiInstances.start(limits);
    }

    @AfterAll
    static void stopReplicas() {
        if (replicaA != null) {
            replicaA.close();
        }
        if (replicaB != null) {
            replicaB.close();
        }
    }

    @Test
    void holdsTheMinuteLimitAcrossReplicas() {
        String token = world.newAccount().token();
        List<ApiClient> replicas = replicas(token);

        for (int i = 0; i < PER_MINUTE; i++) {
            ApiClient.Response response = replicas.get(i % 2).get("/integration/v1/auth");
            assertThat(response.status())
                    .as("request %s: %s", i + 1, response.body())
                    .isEqualTo(200);
            assertThat(response.header("X-RateLimit-Limit")).isEqualTo("5");
            assertThat(response.header("X-RateLimit-Remaining")).isEqualTo(Integer.toString(PER_MINUTE - 1 - i));
            assertResetSoon(response);
            assertThat(response.header("Retry-After")).isNull();
        }

        ApiClient.Response refused = replicas.get(1).get("/integration/v1/auth");
        assertRateLimited(refused, 1, 61);
        assertThat(refused.header("X-RateLimit-Limit")).isEqualTo("5");
        assertThat(refused.header("X-RateLimit-Remaining")).isEqualTo("0");
        assertResetSoon(refused);
        assertRateLimited(replicas.get(0).get("/integration/v1/auth"), 1, 61);
        assertRateLimited(replicas.get(0).get("/integration/v1/enquiries"), 1, 61);
    }

    @Test
    void countsEveryRequestWhateverItsAnswer() {
        TestWorld.Account account = world.newAccount();
        List<ApiClient> replicas = replicas(account.token());

        ApiClient.Response notFound = replicas.get(0).get("/integration/v1/no-such-path");
        ApiClient.Response invalid = replicas.get(1).get("/integration/v1/enquiries?limit=0");
        ApiClient.Response unknownEnquiry = replicas.get(0).get("/integration/v1/enquiries/" + UUID.randomUUID());

        assertThat(notFound.status()).isEqualTo(404);
        assertThat(notFound.header("X-RateLimit-Remaining")).isEqualTo("4");
        assertThat(invalid.status()).isEqualTo(400);
        assertThat(invalid.header("X-RateLimit-Remaining")).isEqualTo("3");
        assertThat(unknownEnquiry.status()).isEqualTo(404);
        assertThat(unknownEnquiry.header("X-RateLimit-Remaining")).isEqualTo("2");
    }

    @Test
    void leavesAnotherTokenOfTheSameOwnerUnaffected() {
        TestWorld.Account account = world.newAccount();
        String other = world.newToken(account.ownerId(), null);
        List<ApiClient> exhausted = replicas(account.token());
        for (int i = 0; i < PER_MINUTE; i++) {
            exhausted.get(i % 2).get("/integration/v1/auth");
        }
        assertRateLimited(exhausted.get(0).get("/integration/v1/auth"), 1, 61);

        List<ApiClient> fresh = replicas(other);
        ApiClient.Response first = fresh.get(0).get("/integration/v1/auth");
        ApiClient.Response second = fresh.get(1).get("/integration/v1/properties");

        assertThat(first.status()).isEqualTo(200);
        assertThat(first.header("X-RateLimit-Remaining")).isEqualTo("4");
        assertThat(second.status()).isEqualTo(200);
        assertThat(second.header("X-RateLimit-Remaining")).isEqualTo("3");
    }

    @Test
    void holdsTheHourLimitAcrossReplicas() {
        TestWorld.Owner owner = world.newOwner();
        ApiClient.Response created = http.with("X-Admin-Key", TestWorld.ADMIN_KEY)
                .post("/internal/v1/owners/" + owner.id() + "/tokens", Map.of("name", "hourly"));
        UUID tokenId = UUID.fromString(created.json().get("id").asString());
        // Four requests five minutes ago, so that the hour runs out before the minute does.
        jdbc.sql("""
                        insert into rate_limit_counters (token_id, hour)
                        values (:token, array[(floor(extract(epoch from clock_timestamp()) / 60)::bigint - 5, 4)::rate_slot])
                        """).param("token", tokenId).update();
        List<ApiClient> replicas = replicas(created.json().get("token").asString());

        for (int i = 0; i < PER_HOUR - 4; i++) {
            ApiClient.Response response = replicas.get(i % 2).get("/integration/v1/auth");
            assertThat(response.status()).as("request %s", i + 1).isEqualTo(200);
            assertThat(response.header("X-RateLimit-Limit")).isEqualTo("8");
            assertThat(response.header("X-RateLimit-Remaining")).isEqualTo(Integer.toString(PER_HOUR - 5 - i));
        }

        ApiClient.Response refused = replicas.get(0).get("/integration/v1/auth");
        // The four old requests leave the hour window 61 minutes after their minute began: 55 to 56 minutes from now.
        assertRateLimited(refused, 54 * 60, 56 * 60);
        assertThat(refused.header("X-RateLimit-Limit")).isEqualTo("8");
        assertThat(refused.header("X-RateLimit-Remaining")).isEqualTo("0");
        long reset = Long.parseLong(refused.header("X-RateLimit-Reset"));
        assertThat(reset - Instant.now().getEpochSecond()).isBetween(54L * 60, 56L * 60 + 1);
        assertRateLimited(replicas.get(1).get("/integration/v1/auth"), 54 * 60, 56 * 60);
    }

    @Test
    void unauthenticatedRequestsAreNotCounted() {
        TestWorld.Account account = world.newAccount();
        ApiClient anonymous = ApiClient.https(replicaA.port());
        for (int i = 0; i < 10; i++) {
            assertThat(anonymous.get("/integration/v1/auth").status()).isEqualTo(401);
        }

        ApiClient.Response response = replicas(account.token()).get(0).get("/integration/v1/auth");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("X-RateLimit-Remaining")).isEqualTo("4");
    }

    private static List<ApiClient> replicas(String token) {
        return List.of(
                ApiClient.https(replicaA.port()).withToken(token),
                ApiClient.https(replicaB.port()).withToken(token));
    }

    private static void assertResetSoon(ApiClient.Response response) {
        long now = Instant.now().getEpochSecond();
        long reset = Long.parseLong(response.header("X-RateLimit-Reset"));
        assertThat(reset).as("X-RateLimit-Reset").isBetween(now, now + 62);
    }

    private static void assertRateLimited(ApiClient.Response response, int minRetryAfter, int maxRetryAfter) {
        assertThat(response.status()).as(response.body()).isEqualTo(429);
        assertThat(response.json().propertyNames()).containsExactlyInAnyOrder("error", "retryAfter");
        assertThat(response.json().get("error").asString()).isEqualTo("Rate limit exceeded");
        assertThat(response.json().get("retryAfter").isInt()).isTrue();
        int retryAfter = response.json().get("retryAfter").asInt();
        assertThat(retryAfter).isBetween(minRetryAfter, maxRetryAfter);
        assertThat(response.header("Retry-After")).isEqualTo(Integer.toString(retryAfter));
        assertThat(response.header("X-RateLimit-Limit")).isNotNull();
        assertThat(response.header("X-RateLimit-Remaining")).isEqualTo("0");
        assertThat(response.header("X-RateLimit-Reset")).isNotNull();
        assertThat(response.header("X-Request-Id")).isNotBlank();
        assertThat(response.header("Content-Type")).startsWith("application/json");
    }
}
