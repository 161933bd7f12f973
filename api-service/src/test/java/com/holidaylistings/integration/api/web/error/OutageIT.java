package com.holidaylistings.integration.api.web.error;

import static com.holidaylistings.integration.api.support.ErrorBodies.assertError;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiInstances;
import com.holidaylistings.integration.api.support.Fixtures;
import com.holidaylistings.integration.api.support.TestWorld;
import com.holidaylistings.integration.testsupport.StoppablePostgres;
import com.holidaylistings.integration.testsupport.TestPostgres;
import com.holidaylistings.integration.testsupport.TestSchema;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * PostgreSQL stopped under a running api-service: every API (and the owner portal's pages) answers
 * 503 with Retry-After (never 500), readiness goes DOWN, and both come back by themselves once PostgreSQL is back. The service
 * has a database of its own here, so that stopping it leaves the other tests' database alone.
 */
class OutageIT {

    private static final String INTAKE = "/internal/v1/enquiries";

    private static StoppablePostgres postgres;
    private static ApiInstances.Running service;

    @BeforeAll
    static void startTheServiceOnItsOwnDatabase() {
        postgres = StoppablePostgres.start();
        TestPostgres.Connection db = postgres.connection();
        TestSchema.migrateDispatcher(db); // the delivery log's views, which the portal's page reads
        service = ApiInstances.start(Map.of(
                "spring.datasource.url", db.jdbcUrl(),
                "spring.datasource.username", db.as("api_service").username(),
                "spring.datasource.password", db.as("api_service").password(),
                // no logical WAL on this server, and no relay to consume a slot
                "spring.flyway.placeholders.createReplicationSlot", "false"));
    }

    @AfterAll
    static void stopEverything() {
        if (service != null) {
            service.close();
        }
        if (postgres != null) {
            postgres.close();
        }
    }

    @Test
    void answers503WithRetryAfterWhilePostgresIsAwayAndRecoversWithoutARestart() {
        ApiClient http = ApiClient.https(service.port());
        ApiClient management = ApiClient.plainHttp(service.managementPort());
        TestWorld.Account account = new TestWorld(http).newAccount();
        ApiClient owner = http.withToken(account.token());
        ApiClient listingSite = http.with("X-Admin-Key", TestWorld.ADMIN_KEY);
        String key = UUID.randomUUID().toString();
        Map<String, Object> enquiry = Fixtures.anEnquiry(account.propertyId());
        assertThat(owner.get("/integration/v1/auth").status()).isEqualTo(200);
        ApiClient portal = http.with("Cookie", portalSession(http, listingSite, account));
        assertThat(portal.get("/portal/").status()).isEqualTo(200);
        assertReadiness(management, 200, "UP");

        postgres.stop();
        try {
            assertUnavailable(owner.get("/integration/v1/auth"));
            assertUnavailable(owner.get("/integration/v1/enquiries"));
            assertUnavailable(listingSite.get("/internal/v1/owners/" + account.ownerId() + "/tokens"));
            assertUnavailable(listingSite.post(INTAKE, enquiry));
            assertUnavailable(listingSite.with("Idempotency-Key", key).post(INTAKE, enquiry));
            assertUnavailable(listingSite.post("/internal/v1/guests/erasures", Map.of("email", "guest@example.org")));
            ApiClient.Response page = portal.get("/portal/");
            assertThat(page.status()).as("the portal's page").isEqualTo(503);
            assertThat(page.header("Retry-After")).isEqualTo(Integer.toString(Outage.RETRY_AFTER_SECONDS));
            assertThat(page.body()).contains("Temporarily unavailable");
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertReadiness(management, 503, "DOWN"));
            assertThat(management.get("/actuator/health/liveness").status()).isEqualTo(200);
        } finally {
            postgres.resume();
        }

        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertReadiness(management, 200, "UP"));
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() ->
                        assertThat(owner.get("/integration/v1/auth").status()).isEqualTo(200));
        assertThat(owner.get("/integration/v1/enquiries").status()).isEqualTo(200);
        assertThat(listingSite
                        .get("/internal/v1/owners/" + account.ownerId() + "/tokens")
                        .status())
                .isEqualTo(200);
        ApiClient.Response retried = listingSite.with("Idempotency-Key", key).post(INTAKE, enquiry);
        assertThat(retried.status()).as(retried.body()).isEqualTo(201);
        assertThat(retried.header("Idempotent-Replayed"))
                .as("the outage stored nothing under the key")
                .isNull();
        assertThat(owner.get("/integration/v1/enquiries").json().get("enquiries"))
                .hasSize(1);
        assertThat(portal.get("/portal/").status()).isEqualTo(200);
    }

    /** Opens a portal link for the account's owner; answers the session cookie. */
    private static String portalSession(ApiClient http, ApiClient listingSite, TestWorld.Account account) {
        ApiClient.Response link =
                listingSite.post("/internal/v1/owners/" + account.ownerId() + "/portal-sessions", null);
        assertThat(link.status()).as(link.body()).isEqualTo(201);
        URI url = URI.create(link.json().get("url").asString());
        ApiClient.Response opened = http.get(url.getRawPath() + "?" + url.getRawQuery());
        assertThat(opened.status()).isEqualTo(302);
        return opened.header("Set-Cookie").split(";")[0];
    }

    private static void assertUnavailable(ApiClient.Response response) {
        assertError(response, 503, "Service unavailable");
        assertThat(response.header("Retry-After")).isEqualTo(Integer.toString(Outage.RETRY_AFTER_SECONDS));
        assertThat(response.header("X-Request-Id")).isNotBlank();
    }

    private static void assertReadiness(ApiClient management, int status, String state) {
        ApiClient.Response readiness = management.get("/actuator/health/readiness");
        assertThat(readiness.status()).as(readiness.body()).isEqualTo(status);
        assertThat(readiness.json().get("status").asString()).isEqualTo(state);
    }
}
