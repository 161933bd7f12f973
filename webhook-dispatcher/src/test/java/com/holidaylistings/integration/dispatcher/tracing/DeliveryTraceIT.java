package com.holidaylistings.integration.dispatcher.tracing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.dispatcher.DispatcherIntegrationTest;
import com.holidaylistings.integration.dispatcher.Events;
import com.holidaylistings.integration.dispatcher.SpanCapture;
import com.holidaylistings.integration.dispatcher.TestData;
import com.holidaylistings.integration.signing.receiver.WebhookDelivery;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The dispatcher's part of an enquiry's one trace: the fan-out continues the relay's span (the
 * record's traceparent header), each attempt is a client span under the record that asked for it,
 * a retry's under the attempt before it, and receivers are told nothing of the trace.
 */
class DeliveryTraceIT extends DispatcherIntegrationTest {

    private static final String FAN_OUT = "enquiry fan-out";
    private static final String ATTEMPT = "webhook delivery";

    @Autowired
    private SpanCapture spans;

    @Test
    void continuesTheRelaysTraceThroughTheFanOutAndEveryAttempt() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        data.subscribe(
                owner, receiver.url("/traced", WebhookReceiver.Answer.status(503), WebhookReceiver.Answer.ok()), null);
        String relay = spans.newTrace();

        events.publishInTrace(Events.anEnquiryOn(property), relay);

        await().atMost(Duration.ofSeconds(30))
                .until(() -> receiver.requests("/traced").size() == 2);
        String webhookId = receiver.requests("/traced").get(0).webhookId();
        SpanData fanOut = spans.awaitSpan(relay, span -> span.getName().equals(FAN_OUT));
        assertThat(fanOut.getKind()).isEqualTo(SpanKind.CONSUMER);
        assertThat(fanOut.getParentSpanId()).as("a child of the relay's span").isEqualTo(relay.split("-")[2]);
        SpanData first = spans.awaitSpan(relay, attempt(1));
        SpanData second = spans.awaitSpan(relay, attempt(2));
        for (SpanData attempt : List.of(first, second)) {
            assertThat(attempt.getKind()).isEqualTo(SpanKind.CLIENT);
            assertThat(attribute(attempt, "webhook.id")).isEqualTo(webhookId);
        }
        assertThat(attribute(first, "http.response.status_code")).isEqualTo("503");
        assertThat(attribute(second, "http.response.status_code")).isEqualTo("200");
        // the first attempt directly under the fan-out (its record carries the fan-out's context, with no
        // span per record); the second under the send of the first's forward to a retry topic
        assertThat(first.getParentSpanId()).isEqualTo(fanOut.getSpanId());
        assertThat(parent(relay, second).getKind()).isEqualTo(SpanKind.PRODUCER);
        assertThat(parent(relay, second).getParentSpanId()).isEqualTo(first.getSpanId());
    }

    @Test
    void sendsReceiversNoTraceContext() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        data.subscribe(owner, receiver.url("/untraced", WebhookReceiver.Answer.ok()), null);
        String relay = spans.newTrace();

        events.publishInTrace(Events.anEnquiryOn(property), relay);

        await().atMost(Duration.ofSeconds(30))
                .until(() -> receiver.requests("/untraced").size() == 1);
        WebhookDelivery delivery = receiver.requests("/untraced").get(0);
        assertThat(delivery.headers().keySet().stream().map(name -> name.toLowerCase(Locale.ROOT)))
                .doesNotContain("traceparent", "tracestate", "baggage", "b3", "x-b3-traceid")
                .contains("webhook-id");
        assertThat(spans.awaitSpan(relay, attempt(1))).isNotNull();
    }

    @Test
    void aDeliveryPutBackFromItsRowContinuesTheFanOutsTrace() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        // a Retry-After beyond the schedule: the retry waits on its row and is put back from it
        data.subscribe(
                owner,
                receiver.url(
                        "/later",
                        WebhookReceiver.Answer.status(503).with("Retry-After", "4"),
                        WebhookReceiver.Answer.ok()),
                null);
        String relay = spans.newTrace();

        events.publishInTrace(Events.anEnquiryOn(property), relay);

        await().atMost(Duration.ofSeconds(30))
                .until(() -> receiver.requests("/later").size() == 2);
        SpanData fanOut = spans.awaitSpan(relay, span -> span.getName().equals(FAN_OUT));
        SpanData second = spans.awaitSpan(relay, attempt(2));
        assertThat(second.getParentSpanId())
                .as("the row keeps the fan-out's context, the record put back carries it")
                .isEqualTo(fanOut.getSpanId());
    }

    private static java.util.function.Predicate<SpanData> attempt(int number) {
        return span ->
                span.getName().equals(ATTEMPT) && Integer.toString(number).equals(attribute(span, "webhook.attempt"));
    }

    private SpanData parent(String trace, SpanData span) {
        return spans.awaitSpan(trace, candidate -> candidate.getSpanId().equals(span.getParentSpanId()));
    }

    private static String attribute(SpanData span, String key) {
        return span.getAttributes().get(AttributeKey.stringKey(key));
    }
}
