package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.signing.WebhookSignature;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import com.holidaylistings.integration.stack.Api;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;

/**
 * The ceiling the dispatcher is compared with: the same signed webhook requests sent by a plain
 * JDK HttpClient from one process, as fast as the receiver takes them.
 */
record PlainClientRun(int requests, int answered, double seconds) {

    double perSecond() {
        return answered / seconds;
    }

    Map<String, Object> asMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("requests", requests);
        map.put("answered", answered);
        map.put("seconds", Latencies.round(seconds));
        map.put("per_second", Math.round(perSecond()));
        return map;
    }

    static PlainClientRun send(int requests, int inFlight) throws Exception {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        String secret = WebhookSignature.SECRET_PREFIX + Base64.getEncoder().encodeToString(key);
        Semaphore slots = new Semaphore(inFlight);
        List<CompletableFuture<HttpResponse<Void>>> answers = new ArrayList<>(requests);
        try (WebhookReceiver receiver = BenchTargets.receiver();
                HttpClient client = HttpClient.newBuilder()
                        .version(HttpClient.Version.HTTP_1_1)
                        .executor(Executors.newVirtualThreadPerTaskExecutor())
                        .connectTimeout(Duration.ofSeconds(5))
                        .build()) {
            long started = System.nanoTime();
            for (int i = 0; i < requests; i++) {
                slots.acquire();
                answers.add(client.sendAsync(
                                signed(receiver.url("/ok/plain-" + (i % 10)), secret),
                                HttpResponse.BodyHandlers.discarding())
                        .whenComplete((response, failure) -> slots.release()));
            }
            int answered = 0;
            for (CompletableFuture<HttpResponse<Void>> answer : answers) {
                try {
                    if (answer.get().statusCode() == 204) {
                        answered++;
                    }
                } catch (Exception e) {
                    // counted as not answered
                }
            }
            return new PlainClientRun(requests, answered, (System.nanoTime() - started) / 1e9);
        }
    }

    /** A request as the dispatcher sends it: the event's JSON, signed as Standard Webhooks says. */
    private static HttpRequest signed(String url, String secret) throws Exception {
        UUID enquiry = UUID.randomUUID();
        String body = Api.JSON.writeValueAsString(BenchEvents.enquiry(enquiry, UUID.randomUUID(), Instant.now()));
        String id = "msg_" + enquiry.toString().replace("-", "");
        long timestamp = Instant.now().getEpochSecond();
        return HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json")
                .header("webhook-id", id)
                .header("webhook-timestamp", Long.toString(timestamp))
                .header("webhook-signature", WebhookSignature.sign(secret, id, timestamp, body))
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
    }
}
