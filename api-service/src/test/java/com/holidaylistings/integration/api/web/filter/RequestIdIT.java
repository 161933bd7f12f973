package com.holidaylistings.integration.api.web.filter;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.Fixtures;
import com.holidaylistings.integration.api.support.TestWorld;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class RequestIdIT extends ApiIntegrationTest {

    @Test
    void givesEveryResponseARequestId() {
        TestWorld.Account account = world.newAccount();
        ApiClient owner = as(account);
        ApiClient admin = http.with("X-Admin-Key", TestWorld.ADMIN_KEY);

        List<ApiClient.Response> responses = List.of(
                owner.get("/integration/v1/auth"),
                owner.get("/integration/v1/enquiries?limit=0"),
                owner.get("/integration/v1/enquiries/" + UUID.randomUUID()),
                owner.get("/integration/v1/no-such-path"),
                owner.send("PUT", "/integration/v1/enquiries", "{}"),
                owner.send("POST", "/integration/v1/hooks/enquiries", "x", "text/plain"),
                owner.post("/integration/v1/hooks/enquiries", "{"),
                http.get("/integration/v1/auth"),
                http.get("/internal/v1/owners"),
                admin.post("/internal/v1/owners", Map.of("email", "bad")),
                admin.post("/internal/v1/enquiries", Fixtures.anEnquiry(account.propertyId())),
                http.get("/integration/v1/openapi.json"),
                http.get("/"));

        Set<String> ids = new HashSet<>();
        for (ApiClient.Response response : responses) {
            assertThat(response.header("X-Request-Id"))
                    .as("status %s: %s", response.status(), response.body())
                    .isNotBlank();
            ids.add(response.header("X-Request-Id"));
        }
        assertThat(ids).as("a new id for each request").hasSize(responses.size());
    }

    @Test
    void echoesASaneClientRequestId() {
        TestWorld.Account account = world.newAccount();

        for (String id :
                List.of("abc-123", "req_2027.08.01-XYZ", UUID.randomUUID().toString(), "x".repeat(64), "7")) {
            assertThat(as(account)
                            .with("X-Request-Id", id)
                            .get("/integration/v1/auth")
                            .header("X-Request-Id"))
                    .isEqualTo(id);
            assertThat(http.with("X-Request-Id", id).get("/integration/v1/auth").header("X-Request-Id"))
                    .isEqualTo(id);
        }
    }

    @Test
    void replacesAnInsaneClientRequestId() {
        TestWorld.Account account = world.newAccount();

        for (String id : List.of(
                "x".repeat(65),
                "y".repeat(200),
                "has spaces in it",
                "semi;colon",
                "quote\"d",
                "new\tline",
                "<script>",
                "é",
                "a/b",
                "%41")) {
            String echoed = as(account)
                    .with("X-Request-Id", id)
                    .get("/integration/v1/auth")
                    .header("X-Request-Id");

            assertThat(echoed).as(id).isNotBlank().isNotEqualTo(id).matches("^[A-Za-z0-9._-]{1,64}$");
        }
    }

    @Test
    void recordsTheRequestIdWithTheEnquiryEvent() {
        TestWorld.Account account = world.newAccount();
        String requestId = "intake-" + UUID.randomUUID();

        ApiClient.Response response = http.with("X-Admin-Key", TestWorld.ADMIN_KEY)
                .with("X-Request-Id", requestId)
                .post("/internal/v1/enquiries", Fixtures.anEnquiry(account.propertyId()));

        assertThat(response.status()).isEqualTo(201);
        assertThat(jdbc.sql("select request_id from outbox where aggregate_id = :id")
                        .param(
                                "id",
                                UUID.fromString(
                                        response.json().get("enquiry").get("id").asString()))
                        .query(String.class)
                        .single())
                .isEqualTo(requestId);
    }
}
