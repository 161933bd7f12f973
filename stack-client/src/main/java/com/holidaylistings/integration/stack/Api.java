package com.holidaylistings.integration.stack;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Executors;
import javax.net.ssl.SSLContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Integration API and the internal API over HTTPS, trusting only the stack's certificate, as a
 * client outside the system sees them.
 */
public final class Api {

    public static final JsonMapper JSON = JsonMapper.builder().build();

    private static final HttpClient HTTP = HttpClient.newBuilder()
            .sslContext(trustingStackCertificate())
            .connectTimeout(Duration.ofSeconds(5))
            .executor(Executors.newVirtualThreadPerTaskExecutor())
            .build();

    private Api() {}

    /** An answer: its status, its headers and its JSON body (a missing node when the body is empty). */
    public record Answer(int status, HttpHeaders headers, JsonNode body) {

        /** The first value of the header {@code name}, or null. */
        public String header(String name) {
            return headers.firstValue(name).orElse(null);
        }

        public JsonNode expect(int expected) {
            if (status != expected) {
                throw new AssertionError("expected " + expected + " but got " + status + ": " + body);
            }
            return body;
        }
    }

    public static String internalBaseUrl() {
        return Stack.setting("INTERNAL_BASE_URL");
    }

    public static String apiBaseUrl() {
        return Stack.setting("API_BASE_URL");
    }

    /** A call to the internal API, authenticated with the admin key. */
    public static Answer internal(String method, String path, Object body) throws IOException {
        return internal(method, path, Map.of(), body);
    }

    /** A call to the internal API with these headers besides the admin key. */
    public static Answer internal(String method, String path, Map<String, String> headers, Object body)
            throws IOException {
        Map<String, String> all = new LinkedHashMap<>(headers);
        all.put("X-Admin-Key", Stack.setting("ADMIN_API_KEY"));
        return send(method, internalBaseUrl() + path, all, body);
    }

    /** A call to the Integration API at {@code baseUrl} with an owner's token. */
    public static Answer owner(String baseUrl, String token, String method, String path, Object body)
            throws IOException {
        return send(method, baseUrl + path, Map.of("Authorization", "Bearer " + token), body);
    }

    /**
     * One call to the listing site's intake: a guest's enquiry about {@code propertyId}, sent with
     * {@code idempotencyKey}. {@link Intake} sends it again until it is accepted.
     */
    public static Answer submitEnquiry(UUID propertyId, String subject, String idempotencyKey) throws IOException {
        return internal(
                "POST",
                "/enquiries",
                Map.of("Idempotency-Key", idempotencyKey),
                Map.of(
                        "property_id",
                        propertyId.toString(),
                        "subject",
                        subject,
                        "message",
                        "Is the house free that week? We would arrive in the afternoon.",
                        "user_name",
                        "Guest " + subject,
                        "user_email",
                        "guest@example.com",
                        "party_details",
                        Map.of("group_size", 4, "check_in", "2027-07-03", "check_out", "2027-07-10")));
    }

    private static Answer send(String method, String url, Map<String, String> headers, Object body) throws IOException {
        HttpRequest.BodyPublisher publisher = body == null
                ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body));
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(30))
                .method(method, publisher);
        headers.forEach(request::header);
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        try {
            HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
            JsonNode json = response.body().isEmpty() ? JSON.missingNode() : JSON.readTree(response.body());
            return new Answer(response.statusCode(), response.headers(), json);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    /** A TLS context that trusts the stack's own certificate and nothing else. */
    public static SSLContext trustingStackCertificate() {
        try {
            return StackCertificate.trusting(Path.of(Stack.setting("CA_CERT")));
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("cannot trust the stack's certificate " + Stack.setting("CA_CERT"), e);
        }
    }
}
