package com.holidaylistings.integration.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.holidaylistings.integration.signing.receiver.WebhookDelivery;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver.Answer;
import com.holidaylistings.integration.stack.Api;
import com.holidaylistings.integration.stack.Owner;
import com.holidaylistings.integration.stack.Stack;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * One enquiry is one trace in Zipkin (a stack started with {@code DEV_TRACING=1 dev/up.sh}): the
 * intake's server span, the relay's publish, the dispatcher's fan-out and the delivery attempt,
 * each under the one before it, while the receiver is told nothing of the trace.
 */
class TraceJourneyIT {

    private static final Duration DELIVERY_DEADLINE = Duration.ofSeconds(60);
    /** Spans reach Zipkin in batches, a few seconds after they end. */
    private static final Duration EXPORT_DEADLINE = Duration.ofSeconds(60);

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void oneEnquiryIsOneTraceThroughTheThreeServices() throws Exception {
        String zipkin = Stack.optionalSetting("ZIPKIN_URL").orElse(null);
        assumeTrue(
                zipkin != null,
                "ZIPKIN_URL is not in " + Stack.DIR.resolve("stack.env")
                        + ": the stack runs without Zipkin; start it with DEV_TRACING=1 dev/up.sh (after dev/down.sh) to run this test");
        Owner owner = Owner.create("traces");
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            receiver.answerOthers(Answer.status(204));
            owner.subscribe(receiver.url("/traced"));

            UUID enquiry = owner.enquiry("Traced");

            await("the webhook")
                    .atMost(DELIVERY_DEADLINE)
                    .until(() -> receiver.requests("/traced").stream().anyMatch(d -> enquiry.equals(d.enquiryId())));
            WebhookDelivery delivery = receiver.firstDelivery("/traced", enquiry);
            assertThat(delivery.headers().keySet().stream().map(name -> name.toLowerCase(Locale.ROOT)))
                    .as("no trace context for the receiver")
                    .doesNotContain("traceparent", "tracestate", "baggage", "b3", "x-b3-traceid");
            // the attempt's span is tagged with the webhook-id the receiver got: Zipkin finds the trace by it
            List<JsonNode> trace = await("the trace in Zipkin")
                    .atMost(EXPORT_DEADLINE)
                    .pollInterval(Duration.ofSeconds(2))
                    .until(() -> traceWith(zipkin, delivery.webhookId()), TraceJourneyIT::complete);

            JsonNode intake = span(
                    trace,
                    "api-service",
                    s -> "SERVER".equals(text(s, "kind")) && text(s, "name").contains("post"));
            JsonNode relay = span(trace, "enquiry-ingest", s -> text(s, "name").equals("outbox relay"));
            JsonNode publish = span(trace, "enquiry-ingest", s -> "PRODUCER".equals(text(s, "kind")));
            JsonNode fanOut =
                    span(trace, "webhook-dispatcher", s -> text(s, "name").equals("enquiry fan-out"));
            JsonNode attempt =
                    span(trace, "webhook-dispatcher", s -> text(s, "name").equals("webhook delivery"));
            assertThat(text(relay, "parentId"))
                    .as("the relay continues the intake request")
                    .isEqualTo(text(intake, "id"));
            assertThat(text(publish, "parentId")).isEqualTo(text(relay, "id"));
            assertThat(text(fanOut, "parentId"))
                    .as("the fan-out continues the relay's publish")
                    .isEqualTo(text(publish, "id"));
            assertThat(text(attempt, "parentId"))
                    .as("the attempt's record carries the fan-out's context")
                    .isEqualTo(text(fanOut, "id"));
            assertThat(text(attempt, "kind")).isEqualTo("CLIENT");
            assertThat(attempt.path("tags").path("webhook.attempt").asString()).isEqualTo("1");
            assertThat(attempt.path("tags").path("http.response.status_code").asString())
                    .isEqualTo("204");
            assertThat(List.of(intake, relay, fanOut, attempt).stream()
                            .map(s -> s.get("timestamp").asLong())
                            .toList())
                    .as("intake, relay, fan-out, attempt in this order")
                    .isSorted();
        }
    }

    /** The trace whose dispatcher spans include the attempt with {@code webhookId}; empty until Zipkin has it. */
    private static List<JsonNode> traceWith(String zipkin, String webhookId) throws Exception {
        String query = "serviceName=webhook-dispatcher&lookback=3600000&limit=10&annotationQuery="
                + URLEncoder.encode("webhook.id=" + webhookId, StandardCharsets.UTF_8);
        HttpResponse<String> answer = HTTP.send(
                HttpRequest.newBuilder(URI.create(zipkin + "/api/v2/traces?" + query))
                        .timeout(Duration.ofSeconds(10))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        JsonNode traces = Api.JSON.readTree(answer.body());
        return traces.isEmpty() ? List.of() : traces.get(0).valueStream().toList();
    }

    /** Zipkin has the spans of all three services (they arrive in separate batches). */
    private static boolean complete(List<JsonNode> trace) {
        return trace.stream()
                                .map(s -> s.path("localEndpoint")
                                        .path("serviceName")
                                        .asString())
                                .distinct()
                                .count()
                        == 3
                && trace.stream().anyMatch(s -> text(s, "name").equals("webhook delivery"))
                && trace.stream().anyMatch(s -> "SERVER".equals(text(s, "kind")));
    }

    private static JsonNode span(List<JsonNode> trace, String service, Predicate<JsonNode> wanted) {
        List<JsonNode> found = trace.stream()
                .filter(s -> service.equals(
                        s.path("localEndpoint").path("serviceName").asString()))
                .filter(wanted)
                .toList();
        assertThat(found).as("the span of " + service + " in " + trace).hasSize(1);
        return found.get(0);
    }

    private static String text(JsonNode span, String field) {
        return span.path(field).asString("");
    }
}
