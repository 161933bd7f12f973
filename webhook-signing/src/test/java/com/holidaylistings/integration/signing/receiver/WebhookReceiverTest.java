package com.holidaylistings.integration.signing.receiver;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.signing.WebhookSignature;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The receiver over real HTTP, as the dispatcher's requests reach it. */
class WebhookReceiverTest {

    private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    private static final String OLDER = "whsec_YW4gb2xkZXIgc2VjcmV0IG9mIDMyIGJ5dGVzISEhISE=";

    private final HttpClient client = HttpClient.newHttpClient();
    private final List<WebhookReceiver> receivers = new ArrayList<>();

    @AfterEach
    void close() {
        receivers.forEach(WebhookReceiver::close);
        client.close();
    }

    @Test
    void answersEachPathAsToldAndOthersWith404() throws Exception {
        WebhookReceiver receiver = started(WebhookReceiver.builder());
        receiver.url("/gone", WebhookReceiver.Answer.status(410).with("X-Why", "unsubscribed"));
        receiver.url("/flaky", WebhookReceiver.Answer.status(500), WebhookReceiver.Answer.ok());
        receiver.answerUnder("/slow/", WebhookReceiver.Answer.status(204).after(Duration.ofMillis(200)));

        HttpResponse<String> gone = post(receiver, "/gone", "{}", null);
        assertThat(gone.statusCode()).isEqualTo(410);
        assertThat(gone.headers().firstValue("X-Why")).hasValue("unsubscribed");
        assertThat(post(receiver, "/flaky", "{}", null).statusCode()).isEqualTo(500);
        assertThat(post(receiver, "/flaky", "{}", null).statusCode()).isEqualTo(200);
        assertThat(post(receiver, "/flaky", "{}", null).statusCode()).isEqualTo(200);
        assertThat(post(receiver, "/slow/1", "{}", null).statusCode()).isEqualTo(204);
        assertThat(post(receiver, "/elsewhere", "{}", null).statusCode()).isEqualTo(404);

        WebhookDelivery slow = receiver.requests("/slow/1").getFirst();
        assertThat(slow.answeredAt() - slow.arrivedAt())
                .isGreaterThanOrEqualTo(Duration.ofMillis(200).toNanos());
        assertThat(receiver.received()).isEqualTo(6);
        assertThat(receiver.answeredWith(200)).isEqualTo(2);
        assertThat(receiver.answeredWith(404)).isEqualTo(1);
    }

    @Test
    void recordsWhatItGotByPathWebhookIdAndFirstAcceptedEnquiry() throws Exception {
        WebhookReceiver receiver = started(WebhookReceiver.builder());
        receiver.answerOthers(WebhookReceiver.Answer.ok());
        UUID enquiry = UUID.randomUUID();
        String body = "{\"event\":\"enquiry.created\",\"enquiry_id\":\"" + enquiry + "\"}";

        post(receiver, "/hooks/a?token=x", body, "msg_1");
        post(receiver, "/hooks/a", body, "msg_1");

        assertThat(receiver.bodies("/hooks/a")).containsExactly(body, body);
        assertThat(receiver.withWebhookId("msg_1")).hasSize(2);
        WebhookDelivery first = receiver.firstDelivery("/hooks/a", enquiry);
        assertThat(first.uri()).isEqualTo("/hooks/a?token=x");
        assertThat(first.method()).isEqualTo("POST");
        assertThat(first.enquiryId()).isEqualTo(enquiry);
        assertThat(first.sequence()).isEqualTo(1);
        assertThat(first.header("Webhook-Id")).isEqualTo("msg_1");
        assertThat(receiver.repeats()).isEqualTo(1);
        assertThat(receiver.enquiriesAccepted()).isEqualTo(1);
    }

    @Test
    void keepsArrivalsOnlyUnderLoadAndCountsOnlyWhenAskedTo() throws Exception {
        WebhookReceiver arrivals = started(WebhookReceiver.builder().keeping(WebhookReceiver.Keeping.ARRIVALS));
        WebhookReceiver counts = started(WebhookReceiver.builder().keeping(WebhookReceiver.Keeping.COUNTS));
        List<WebhookDelivery> heard = new ArrayList<>();
        WebhookReceiver listened = started(WebhookReceiver.builder()
                .keeping(WebhookReceiver.Keeping.COUNTS)
                .onDelivery(heard::add));

        post(arrivals, "/a", "{\"x\":1}", "msg_a");
        post(counts, "/a", "{\"x\":1}", "msg_a");
        post(listened, "/a", "{\"x\":1}", "msg_a");

        WebhookDelivery arrived = arrivals.requests("/a").getFirst();
        assertThat(arrived.webhookId()).isEqualTo("msg_a");
        assertThat(arrived.body()).isNull();
        assertThat(arrived.headers()).isEmpty();
        assertThat(counts.deliveries()).isEmpty();
        assertThat(counts.received()).isEqualTo(1);
        assertThat(counts.answeredWith(404)).isEqualTo(1);
        assertThat(heard)
                .singleElement()
                .satisfies(delivery -> assertThat(delivery.body()).isEqualTo("{\"x\":1}"));
    }

    @Test
    void answersEveryNthRequestAcrossPathsAsToldAndTheOthersOtherwise() throws Exception {
        WebhookReceiver receiver = started(WebhookReceiver.builder().keeping(WebhookReceiver.Keeping.COUNTS));
        receiver.answerOthers(delivery -> delivery.sequence() % 3 == 0
                ? WebhookReceiver.Answer.ok()
                : WebhookReceiver.Answer.status(503).with("Retry-After", "60"));

        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            statuses.add(post(receiver, "/n/" + i, "{}", null).statusCode());
        }

        assertThat(statuses).containsExactly(503, 503, 200, 503, 503, 200);
        assertThat(receiver.answeredWith(503)).isEqualTo(4);
        assertThat(receiver.peakInFlight()).isGreaterThanOrEqualTo(1);
    }

    @Test
    void checksSignaturesWithItsSecretsAndTellsWhichOneVerified() throws Exception {
        WebhookReceiver receiver = started(WebhookReceiver.builder().verifyingWith(List.of(SECRET, OLDER)));
        receiver.answerOthers(WebhookReceiver.Answer.status(204));
        String body = "{\"event\":\"enquiry.created\"}";
        long now = 1_700_000_000L;

        send(receiver, "/new", body, "msg_n", now, WebhookSignature.sign(SECRET, "msg_n", now, body));
        send(receiver, "/old", body, "msg_o", now, WebhookSignature.sign(OLDER, "msg_o", now, body));
        send(receiver, "/forged", body, "msg_f", now, WebhookSignature.sign(SECRET, "msg_other", now, body));

        assertThat(receiver.requests("/new").getFirst().signature().describe()).isEqualTo("valid (secret 1 of 2)");
        assertThat(receiver.requests("/old").getFirst().signature().describe()).isEqualTo("valid (secret 2 of 2)");
        assertThat(receiver.requests("/forged").getFirst().signature().describe())
                .isEqualTo("INVALID");
        assertThat(receiver.requests("/new").getFirst().signedWith(SECRET)).isTrue();
        assertThat(receiver.requests("/new").getFirst().signedWith(OLDER)).isFalse();
    }

    @Test
    void checksNothingWithoutSecrets() throws Exception {
        WebhookReceiver receiver = started(WebhookReceiver.builder());

        post(receiver, "/a", "{}", "msg_a");

        assertThat(receiver.requests("/a").getFirst().signature().describe())
                .isEqualTo("not checked (no secret given)");
    }

    @Test
    void describesOneSecretsVerdictPlainly() {
        assertThat(new SignatureCheck(1, 0).describe()).isEqualTo("valid");
        assertThat(new SignatureCheck(1, -1).describe()).isEqualTo("INVALID");
    }

    private WebhookReceiver started(WebhookReceiver.Builder builder) {
        WebhookReceiver receiver = builder.start();
        receivers.add(receiver);
        return receiver;
    }

    private HttpResponse<String> post(WebhookReceiver receiver, String path, String body, String webhookId)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(receiver.url(path)))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (webhookId != null) {
            request.header("webhook-id", webhookId);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private void send(WebhookReceiver receiver, String path, String body, String id, long timestamp, String signature)
            throws Exception {
        client.send(
                HttpRequest.newBuilder(URI.create(receiver.url(path)))
                        .header("webhook-id", id)
                        .header("webhook-timestamp", Long.toString(timestamp))
                        .header("webhook-signature", signature)
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build(),
                HttpResponse.BodyHandlers.discarding());
    }
}
