package com.holidaylistings.integration.api.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.TestWorld;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

class ScopeIT extends ApiIntegrationTest {

    private static final List<String> ALL_SCOPES =
            List.of("properties:read", "enquiries:read", "enquiries:write", "hooks:read", "hooks:write");

    /** One request to each public endpoint, and the scopes that each let it through (empty: it needs none). */
    private record Endpoint(String name, Set<String> scopes, Function<ApiClient, ApiClient.Response> call) {

        Endpoint(String name, String scope, Function<ApiClient, ApiClient.Response> call) {
            this(name, Set.of(scope), call);
        }
    }

    @Test
    void readOnlyEnquiryTokenIsForbiddenEverythingElse() {
        TestWorld.Account account = world.newAccount();
        String enquiryId = world.submitEnquiry(account.propertyId()).get("id").asString();
        ApiClient readOnly = http.withToken(world.newToken(account.ownerId(), List.of("enquiries:read")));

        assertForbidden(readOnly.get("/integration/v1/properties"));
        assertForbidden(readOnly.patch("/integration/v1/enquiries/" + enquiryId, Map.of("status", "archived")));
        assertForbidden(
                readOnly.post("/integration/v1/hooks/enquiries", Map.of("targetUrl", "https://93.184.215.14/hooks/a")));
        assertForbidden(readOnly.delete(
                "/integration/v1/hooks/enquiries", Map.of("targetUrl", "https://93.184.215.14/hooks/a")));
        assertForbidden(readOnly.get("/integration/v1/hooks/enquiries"));

        assertThat(readOnly.get("/integration/v1/auth").status()).isEqualTo(200);
        assertThat(readOnly.get("/integration/v1/enquiries").status()).isEqualTo(200);
        assertThat(readOnly.get("/integration/v1/enquiries/" + enquiryId).status())
                .isEqualTo(200);
    }

    @Test
    void forbiddenRequestsChangeNothing() {
        TestWorld.Account account = world.newAccount();
        String enquiryId = world.submitEnquiry(account.propertyId()).get("id").asString();
        ApiClient readOnly = http.withToken(world.newToken(account.ownerId(), List.of("enquiries:read")));

        readOnly.patch("/integration/v1/enquiries/" + enquiryId, Map.of("status", "archived"));
        readOnly.post("/integration/v1/hooks/enquiries", Map.of("targetUrl", "https://93.184.215.14/hooks/forbidden"));

        assertThat(jdbc.sql("select status from enquiries where id = :id")
                        .param("id", UUID.fromString(enquiryId))
                        .query(String.class)
                        .single())
                .isEqualTo("sent");
        assertThat(jdbc.sql("select count(*) from webhook_subscriptions where owner_id = :owner")
                        .param("owner", account.ownerId())
                        .query(Integer.class)
                        .single())
                .isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"properties:read", "enquiries:read", "enquiries:write", "hooks:read", "hooks:write"})
    void eachScopeGrantsExactlyItsEndpoints(String scope) {
        TestWorld.Account account = world.newAccount();
        String enquiryId = world.submitEnquiry(account.propertyId()).get("id").asString();
        ApiClient client = http.withToken(world.newToken(account.ownerId(), List.of(scope)));
        // The hook to delete exists, so that DELETE succeeds whenever it is allowed.
        String target = "https://93.184.215.14/hooks/" + UUID.randomUUID();
        assertThat(as(account)
                        .post("/integration/v1/hooks/enquiries", Map.of("targetUrl", target))
                        .status())
                .isEqualTo(200);
        String newTarget = "https://93.184.215.14/hooks/" + UUID.randomUUID();

        List<Endpoint> endpoints = List.of(
                new Endpoint("GET /auth", Set.of(), c -> c.get("/integration/v1/auth")),
                new Endpoint("GET /properties", "properties:read", c -> c.get("/integration/v1/properties")),
                new Endpoint("GET /enquiries", "enquiries:read", c -> c.get("/integration/v1/enquiries")),
                new Endpoint(
                        "GET /enquiries/:id", "enquiries:read", c -> c.get("/integration/v1/enquiries/" + enquiryId)),
                new Endpoint(
                        "PATCH /enquiries/:id",
                        "enquiries:write",
                        c -> c.patch("/integration/v1/enquiries/" + enquiryId, Map.of("status", "responded"))),
                new Endpoint(
                        "POST /hooks/enquiries",
                        "hooks:write",
                        c -> c.post("/integration/v1/hooks/enquiries", Map.of("targetUrl", newTarget))),
                new Endpoint(
                        "GET /hooks/enquiries",
                        Set.of("hooks:read", "hooks:write"),
                        c -> c.get("/integration/v1/hooks/enquiries")),
                new Endpoint(
                        "DELETE /hooks/enquiries",
                        "hooks:write",
                        c -> c.delete("/integration/v1/hooks/enquiries", Map.of("targetUrl", target))));

        for (Endpoint endpoint : endpoints) {
            ApiClient.Response response = endpoint.call().apply(client);
            if (endpoint.scopes().isEmpty() || endpoint.scopes().contains(scope)) {
                assertThat(response.status())
                        .as(endpoint.name() + " with " + scope + ": " + response.body())
                        .isEqualTo(200);
            } else {
                assertThat(response.status())
                        .as(endpoint.name() + " with " + scope)
                        .isEqualTo(403);
                assertThat(response.body()).as(endpoint.name()).isEqualTo("{\"error\":\"Forbidden\"}");
            }
        }
    }

    @Test
    void tokenWithAllScopesReachesEveryEndpoint() {
        TestWorld.Account account = world.newAccount();
        ApiClient client = http.withToken(world.newToken(account.ownerId(), ALL_SCOPES));

        assertThat(client.get("/integration/v1/properties").status()).isEqualTo(200);
        assertThat(client.get("/integration/v1/enquiries").status()).isEqualTo(200);
        assertThat(client.post(
                                "/integration/v1/hooks/enquiries",
                                Map.of("targetUrl", "https://93.184.215.14/hooks/" + UUID.randomUUID()))
                        .status())
                .isEqualTo(200);
    }

    @Test
    void hooksReadTokenListsSubscriptionsButCannotChangeThem() {
        TestWorld.Account account = world.newAccount();
        String target = "https://93.184.215.14/hooks/" + UUID.randomUUID();
        assertThat(as(account)
                        .post("/integration/v1/hooks/enquiries", Map.of("targetUrl", target))
                        .status())
                .isEqualTo(200);
        ApiClient reader = http.withToken(world.newToken(account.ownerId(), List.of("hooks:read")));

        ApiClient.Response listed = reader.get("/integration/v1/hooks/enquiries");

        assertThat(listed.status()).as(listed.body()).isEqualTo(200);
        assertThat(listed.json().get("hooks").get(0).get("targetUrl").asString())
                .isEqualTo(target);
        assertForbidden(reader.post("/integration/v1/hooks/enquiries", Map.of("targetUrl", target + "/2")));
        assertForbidden(reader.delete("/integration/v1/hooks/enquiries", Map.of("targetUrl", target)));
        assertThat(as(account)
                        .get("/integration/v1/hooks/enquiries")
                        .json()
                        .get("hooks")
                        .size())
                .isEqualTo(1);
    }

    @Test
    void tokenCreatedWithoutScopesHasAllOfThem() {
        TestWorld.Owner owner = world.newOwner();

        ApiClient.Response created =
                admin().post("/internal/v1/owners/" + owner.id() + "/tokens", Map.of("name", "all"));

        assertThat(created.status()).isEqualTo(201);
        assertThat(strings(created.json().get("scopes"))).containsExactlyInAnyOrderElementsOf(ALL_SCOPES);
        ApiClient client = http.withToken(created.json().get("token").asString());
        assertThat(client.get("/integration/v1/properties").status()).isEqualTo(200);
        assertThat(client.get("/integration/v1/enquiries").status()).isEqualTo(200);
        assertThat(client.get("/integration/v1/hooks/enquiries").status()).isEqualTo(200);
    }

    @Test
    void tokenCreatedWithNullScopesHasAllOfThem() {
        TestWorld.Owner owner = world.newOwner();

        ApiClient.Response created =
                admin().post("/internal/v1/owners/" + owner.id() + "/tokens", "{\"name\":\"all\",\"scopes\":null}");

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(strings(created.json().get("scopes"))).containsExactlyInAnyOrderElementsOf(ALL_SCOPES);
    }

    @Test
    void tokenCreatedWithSomeScopesHasExactlyThose() {
        TestWorld.Owner owner = world.newOwner();

        ApiClient.Response created = admin().post(
                        "/internal/v1/owners/" + owner.id() + "/tokens",
                        Map.of("name", "two", "scopes", List.of("hooks:write", "enquiries:read", "hooks:write")));

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(strings(created.json().get("scopes"))).containsExactlyInAnyOrder("enquiries:read", "hooks:write");
    }

    @Test
    void refusesUnknownScopeAndCreatesNoToken() {
        TestWorld.Owner owner = world.newOwner();

        for (Object scopes :
                List.of(List.of("enquiries:read", "admin"), List.of("ENQUIRIES:READ"), List.of("enquiries:*"))) {
            ApiClient.Response response = admin().post(
                            "/internal/v1/owners/" + owner.id() + "/tokens", Map.of("name", "bad", "scopes", scopes));

            assertThat(response.status()).as(scopes.toString()).isEqualTo(400);
            assertThat(response.json().get("error").asString()).isEqualTo("Invalid request");
            assertThat(response.json().get("details").get("fieldErrors").propertyNames())
                    .containsExactly("scopes");
            assertThat(response.json()
                            .get("details")
                            .get("fieldErrors")
                            .get("scopes")
                            .size())
                    .isPositive();
        }
        assertThat(tokenRows(owner.id())).isZero();
    }

    @Test
    void refusesEmptyScopeListAndCreatesNoToken() {
        TestWorld.Owner owner = world.newOwner();

        ApiClient.Response response = admin().post(
                        "/internal/v1/owners/" + owner.id() + "/tokens", Map.of("name", "none", "scopes", List.of()));

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("error").asString()).isEqualTo("Invalid request");
        assertThat(response.json().get("details").get("fieldErrors").propertyNames())
                .containsExactly("scopes");
        assertThat(tokenRows(owner.id())).isZero();
    }

    @Test
    void refusesScopesThatAreNotAListOfStrings() {
        TestWorld.Owner owner = world.newOwner();

        ApiClient.Response notAList = admin().post(
                        "/internal/v1/owners/" + owner.id() + "/tokens",
                        "{\"name\":\"x\",\"scopes\":\"enquiries:read\"}");
        ApiClient.Response notStrings =
                admin().post("/internal/v1/owners/" + owner.id() + "/tokens", "{\"name\":\"x\",\"scopes\":[1]}");
        ApiClient.Response nullEntry =
                admin().post("/internal/v1/owners/" + owner.id() + "/tokens", "{\"name\":\"x\",\"scopes\":[null]}");

        for (ApiClient.Response response : List.of(notAList, notStrings, nullEntry)) {
            assertThat(response.status()).as(response.body()).isEqualTo(400);
            assertThat(response.json()
                            .get("details")
                            .get("fieldErrors")
                            .propertyNames()
                            .iterator()
                            .next())
                    .startsWith("scopes");
        }
        assertThat(tokenRows(owner.id())).isZero();
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(node -> values.add(node.asString()));
        return values;
    }

    private int tokenRows(UUID ownerId) {
        return jdbc.sql("select count(*) from access_tokens where owner_id = :owner")
                .param("owner", ownerId)
                .query(Integer.class)
                .single();
    }

    private ApiClient admin() {
        return http.with("X-Admin-Key", TestWorld.ADMIN_KEY);
    }

    private static void assertForbidden(ApiClient.Response response) {
        assertThat(response.status()).as(response.body()).isEqualTo(403);
        assertThat(response.body()).isEqualTo("{\"error\":\"Forbidden\"}");
        assertThat(response.header("Content-Type")).startsWith("application/json");
    }
}
