package com.holidaylistings.integration.devstack.demo;

import com.holidaylistings.integration.devstack.LocalStack;
import com.holidaylistings.integration.devstack.StackFailure;
import com.holidaylistings.integration.stack.StackCertificate;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.time.Duration;
import javax.net.ssl.SSLContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The internal API of the stack's api-service, as the listing site calls it: HTTPS, the admin key. */
final class InternalApi {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final HttpClient http;
    private final String adminKey;

    InternalApi(Path caCertificate, String adminKey) {
        this.http = HttpClient.newBuilder()
                .sslContext(trusting(caCertificate))
                .connectTimeout(Duration.ofSeconds(5))
                .build();
        this.adminKey = adminKey;
    }

    /** POSTs {@code body} to {@code path}; answers the status and the body. */
    Answer post(String path, String body) {
        HttpRequest request = HttpRequest.newBuilder(
                        URI.create("https://127.0.0.1:" + LocalStack.API_PORT + "/internal/v1" + path))
                .timeout(Duration.ofSeconds(30))
                .header("X-Admin-Key", adminKey)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            return new Answer(response.statusCode(), response.body());
        } catch (IOException e) {
            throw new StackFailure("seeding: POST /internal/v1" + path + " failed (" + e.getMessage() + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StackFailure("seeding: interrupted", e);
        }
    }

    record Answer(int status, String body) {

        /** The top-level text field {@code name} of the JSON body, or "" when there is none. */
        String field(String name) {
            try {
                JsonNode value = JSON.readTree(body).get(name);
                return value == null || value.isNull() ? "" : value.asString();
            } catch (RuntimeException e) {
                return "";
            }
        }
    }

    private static SSLContext trusting(Path caCertificate) {
        try {
            return StackCertificate.trusting(caCertificate);
        } catch (IOException | GeneralSecurityException e) {
            throw new StackFailure("cannot read the stack's certificate " + caCertificate + ": " + e.getMessage(), e);
        }
    }
}
