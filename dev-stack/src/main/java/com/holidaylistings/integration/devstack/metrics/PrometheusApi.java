package com.holidaylistings.integration.devstack.metrics;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** What the launcher asks a running Prometheus at {@code url}: whether it is ready, its rules, its reloads. */
final class PrometheusApi {

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final String url;

    PrometheusApi(String url) {
        this.url = url;
    }

    String url() {
        return url;
    }

    /** True when /-/ready answers 200. */
    boolean isReady() {
        return get("/-/ready", Duration.ofSeconds(2)).isPresent();
    }

    /** The alert names that /api/v1/rules lists; empty when it does not answer. */
    SortedSet<String> loadedAlerts() {
        SortedSet<String> names = new TreeSet<>();
        json("/api/v1/rules?type=alert").ifPresent(rules -> {
            for (JsonNode group : rules.path("data").path("groups")) {
                for (JsonNode rule : group.path("rules")) {
                    if (rule.path("name").isString()) {
                        names.add(rule.path("name").stringValue());
                    }
                }
            }
        });
        return names;
    }

    /** What /api/v1/status/runtimeinfo says of the last reload of the configuration. */
    record Reload(String lastConfigTime, Optional<Boolean> succeeded) {}

    Reload lastReload() {
        return json("/api/v1/status/runtimeinfo")
                .map(info -> info.path("data"))
                .map(data -> new Reload(
                        data.path("lastConfigTime").isString()
                                ? data.path("lastConfigTime").stringValue()
                                : "",
                        data.path("reloadConfigSuccess").isBoolean()
                                ? Optional.of(data.path("reloadConfigSuccess").booleanValue())
                                : Optional.empty()))
                .orElse(new Reload("", Optional.empty()));
    }

    private Optional<JsonNode> json(String path) {
        return get(path, Duration.ofSeconds(5)).flatMap(body -> {
            try {
                return Optional.of(JSON.readTree(body));
            } catch (JacksonException e) {
                return Optional.empty();
            }
        });
    }

    /** The body of a 2xx answer to GET {@code path}; empty when it answers otherwise or not at all. */
    private Optional<String> get(String path, Duration timeout) {
        try {
            HttpResponse<String> response = HTTP.send(
                    HttpRequest.newBuilder(URI.create(url + path))
                            .timeout(timeout)
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            return response.statusCode() / 100 == 2 ? Optional.of(response.body()) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
