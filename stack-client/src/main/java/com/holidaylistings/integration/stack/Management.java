package com.holidaylistings.integration.stack;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A service's management port: its health. */
public final class Management {

    /** The stack's management ports (dev/up.sh). */
    public static final int API_SERVICE = 8081;

    public static final int ENQUIRY_INGEST = 8082;
    public static final int WEBHOOK_DISPATCHER = 8083;

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private Management() {}

    public static boolean isReady(int port) {
        return get(port, "/actuator/health/readiness").contains("\"status\":\"UP\"");
    }

    /** Whether the liveness probe says UP: the process runs, whether or not it takes traffic yet. */
    public static boolean isLive(int port) {
        return get(port, "/actuator/health/liveness").contains("\"status\":\"UP\"");
    }

    /** The full health document, or "" when nothing answers. */
    public static String health(int port) {
        return get(port, "/actuator/health");
    }

    /** The Prometheus scrape, or "" when nothing answers. */
    public static String prometheus(int port) {
        return get(port, "/actuator/prometheus");
    }

    private static String get(int port, String path) {
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                    .timeout(Duration.ofSeconds(5))
                    .build();
            return HTTP.send(request, HttpResponse.BodyHandlers.ofString()).body();
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }
}
