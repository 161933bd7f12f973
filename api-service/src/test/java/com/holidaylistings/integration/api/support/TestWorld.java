package com.holidaylistings.integration.api.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;

/** Builds owners, properties, tokens and enquiries through the internal API, as the portal and listing site do. */
public final class TestWorld {

    /** The admin key every test instance accepts; at least 32 characters, as every key must be. */
    public static final String ADMIN_KEY = "test-admin-key-0123456789abcdefghij";
    /** A second key the test instances accept beside it, as during a rotation. */
    public static final String NEXT_ADMIN_KEY = "test-admin-key-next-0123456789abcdefghij";

    private static final AtomicInteger SEQUENCE = new AtomicInteger();

    private final ApiClient client;
    private final ApiClient internal;

    public TestWorld(ApiClient client) {
        this.client = client;
        this.internal = client.with("X-Admin-Key", ADMIN_KEY);
    }

    /** An owner with one property and an all-scopes token. */
    public record Account(UUID ownerId, String email, UUID propertyId, String token) {}

    public record Owner(UUID id, String email) {}

    public Account newAccount() {
        Owner owner = newOwner();
        UUID property = newProperty(owner.id());
        return new Account(owner.id(), owner.email(), property, newToken(owner.id(), null));
    }

    public Owner newOwner() {
        String email = "owner-" + UUID.randomUUID() + "@example.com";
        ApiClient.Response response = internal.post("/internal/v1/owners", Map.of("email", email));
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return new Owner(UUID.fromString(response.json().get("id").asString()), email);
    }

    public UUID newProperty(UUID ownerId) {
        int n = SEQUENCE.incrementAndGet();
        String unique = UUID.randomUUID().toString().substring(0, 8);
        ApiClient.Response response = internal.post(
                "/internal/v1/owners/" + ownerId + "/properties",
                Map.of(
                        "title", "Cottage " + n,
                        "location", "Village " + n,
                        "url_slug", "cottage-" + unique + "-" + n,
                        "unique_code", "C" + unique + n));
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return UUID.fromString(response.json().get("id").asString());
    }

    /** A token with these scopes, or all of them when {@code scopes} is null. */
    public String newToken(UUID ownerId, List<String> scopes) {
        Map<String, Object> body = scopes == null ? Map.of("name", "test") : Map.of("name", "test", "scopes", scopes);
        ApiClient.Response response = internal.post("/internal/v1/owners/" + ownerId + "/tokens", body);
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.json().get("token").asString();
    }

    /**
     * A webhook subscription made by the account's integration ({@code POST /integration/v1/hooks/enquiries}),
     * to every property's enquiries when {@code propertyId} is null; its id.
     */
    public UUID subscribe(Account account, String targetUrl, UUID propertyId) {
        Map<String, Object> body = new HashMap<>();
        body.put("targetUrl", targetUrl);
        body.put("propertyId", propertyId == null ? null : propertyId.toString());
        ApiClient.Response response = client.withToken(account.token()).post("/integration/v1/hooks/enquiries", body);
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        return UUID.fromString(response.json().get("id").asString());
    }

    /** The id of a guest's enquiry on the account's property, submitted now through the intake. */
    public UUID newEnquiry(Account account) {
        return UUID.fromString(submitEnquiry(account.propertyId()).get("id").asString());
    }

    public JsonNode submitEnquiry(UUID propertyId) {
        return submitEnquiry(Fixtures.anEnquiry(propertyId));
    }

    public JsonNode submitEnquiry(Map<String, Object> body) {
        ApiClient.Response response = internal.post("/internal/v1/enquiries", body);
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.json().get("enquiry");
    }
}
