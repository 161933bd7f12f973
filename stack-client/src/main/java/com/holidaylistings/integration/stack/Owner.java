package com.holidaylistings.integration.stack;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * An owner made through the internal API, as the portal does it: one property, one token, and the
 * owner's webhook secret. Each test makes its own, so tests never see each other's data.
 */
public record Owner(UUID id, UUID propertyId, String token, String webhookSecret) {

    public static Owner create(String label) throws IOException {
        String unique = label + "-" + UUID.randomUUID().toString().substring(0, 8);
        UUID owner = UUID.fromString(Api.internal("POST", "/owners", Map.of("email", unique + "@example.com"))
                .expect(201)
                .get("id")
                .asString());
        UUID property = newProperty(owner, label);
        String token = Api.internal("POST", "/owners/" + owner + "/tokens", Map.of("name", unique))
                .expect(201)
                .get("token")
                .asString();
        String secret = Api.internal("GET", "/owners/" + owner + "/webhook-secret", null)
                .expect(200)
                .get("secret")
                .asString();
        return new Owner(owner, property, token, secret);
    }

    /** POST /hooks/enquiries for all the owner's properties; answers the subscription. */
    public JsonNode subscribe(String targetUrl) throws IOException {
        return call("POST", "/hooks/enquiries", Map.of("targetUrl", targetUrl)).expect(200);
    }

    /** POST /hooks/enquiries for one property; answers the subscription. */
    public JsonNode subscribe(String targetUrl, UUID property) throws IOException {
        return call("POST", "/hooks/enquiries", Map.of("targetUrl", targetUrl, "propertyId", property.toString()))
                .expect(200);
    }

    /** Another property of this owner, made through the internal API; answers its id. */
    public UUID addProperty(String label) throws IOException {
        return newProperty(id, label);
    }

    private static UUID newProperty(UUID owner, String label) throws IOException {
        String unique = label + "-" + UUID.randomUUID().toString().substring(0, 8);
        return UUID.fromString(Api.internal(
                        "POST",
                        "/owners/" + owner + "/properties",
                        Map.of(
                                "title",
                                "House " + unique,
                                "location",
                                "Whitby, Yorkshire",
                                "url_slug",
                                unique,
                                "unique_code",
                                unique.toUpperCase()))
                .expect(201)
                .get("id")
                .asString());
    }

    /** DELETE /hooks/enquiries of a subscription to all the owner's properties. */
    public void unsubscribe(String targetUrl) throws IOException {
        call("DELETE", "/hooks/enquiries", Map.of("targetUrl", targetUrl)).expect(200);
    }

    /** DELETE /hooks/enquiries of a subscription to one property. */
    public void unsubscribe(String targetUrl, UUID property) throws IOException {
        call("DELETE", "/hooks/enquiries", Map.of("targetUrl", targetUrl, "propertyId", property.toString()))
                .expect(200);
    }

    /** A call to the Integration API of the stack with this owner's token. */
    public Api.Answer call(String method, String path, Object body) throws IOException {
        return Api.owner(Api.apiBaseUrl(), token, method, path, body);
    }

    /** Submits a guest's enquiry about this owner's property, as the listing site does ({@link Intake}); answers its id. */
    public UUID enquiry(String subject) {
        return Intake.submit(propertyId, subject, Duration.ofMinutes(1)).enquiryId();
    }
}
