package com.holidaylistings.integration.api.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A real HTTPS client for the service under test, trusting only the test certificate. */
public final class ApiClient {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final HttpClient http;
    private final String baseUrl;
    private final Map<String, String> defaultHeaders;

    private ApiClient(HttpClient http, String baseUrl, Map<String, String> defaultHeaders) {
        this.http = http;
        this.baseUrl = baseUrl;
        this.defaultHeaders = defaultHeaders;
    }

    public static ApiClient https(int port) {
        HttpClient http = HttpClient.newBuilder()
                .sslContext(TestTls.trustingContext())
                .connectTimeout(Duration.ofSeconds(10))
                .build();
        return new ApiClient(http, "https://localhost:" + port, Map.of());
    }

    public static ApiClient plainHttp(int port) {
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        return new ApiClient(http, "http://localhost:" + port, Map.of());
    }

    /** The same client sending these headers on every request as well. */
    public ApiClient with(String header, String value) {
        Map<String, String> headers = new LinkedHashMap<>(defaultHeaders);
        headers.put(header, value);
        return new ApiClient(http, baseUrl, Map.copyOf(headers));
    }

    public ApiClient withToken(String token) {
        return with("Authorization", "Bearer " + token);
    }

    public Response get(String path) {
        return send("GET", path, null);
    }

    public Response post(String path, Object body) {
        return send("POST", path, body);
    }

    public Response patch(String path, Object body) {
        return send("PATCH", path, body);
    }

    public Response delete(String path, Object body) {
        return send("DELETE", path, body);
    }

    /** Sends a JSON body: a String is sent as it is, anything else is serialized. */
    public Response send(String method, String path, Object body) {
        String text = body == null ? null : body instanceof String raw ? raw : JSON.writeValueAsString(body);
        return send(method, path, text, "application/json");
    }

    public Response send(String method, String path, String body, String contentType) {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(Duration.ofSeconds(30));
        defaultHeaders.forEach(request::header);
        if (body != null) {
            request.header("Content-Type", contentType);
            request.method(method, HttpRequest.BodyPublishers.ofString(body));
        } else {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        }
        try {
            return new Response(http.send(request.build(), HttpResponse.BodyHandlers.ofString()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A response with its body parsed as JSON (null when it is not JSON). */
    public record Response(int status, String body, java.net.http.HttpHeaders headers, JsonNode json) {

        Response(HttpResponse<String> response) {
            this(response.statusCode(), response.body(), response.headers(), parse(response.body()));
        }

        public String header(String name) {
            return headers.firstValue(name).orElse(null);
        }

        private static JsonNode parse(String body) {
            try {
                return body == null || body.isEmpty() ? null : JSON.readTree(body);
            } catch (RuntimeException e) {
                return null;
            }
        }
    }
}
