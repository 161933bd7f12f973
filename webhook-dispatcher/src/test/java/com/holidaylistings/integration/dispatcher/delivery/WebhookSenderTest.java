package com.holidaylistings.integration.dispatcher.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.testsupport.WebhookReceiver;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** One POST to a real receiver, checked where only the sender decides: where it connects, what it keeps, when it gives up. */
class WebhookSenderTest {

    private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    private static final String BODY = "{\"event\":\"enquiry.created\"}";

    private final WebhookReceiver receiver = WebhookReceiver.start();
    private WebhookSender sender;

    @AfterEach
    void tearDown() throws Exception {
        if (sender != null) {
            sender.destroy();
        }
        receiver.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "localhost", "0.0.0.0", "[::ffff:127.0.0.1]"})
    void refusesToConnectToAnInternalAddress(String host) {
        receiver.answer("/x", WebhookReceiver.Answer.ok());
        sender = new WebhookSender(Settings.withPrivateTargets(false));

        HttpOutcome outcome = sender.post("http://" + host + ":" + receiver.port() + "/x", BODY, "msg_1", SECRET);

        assertThat(outcome.status()).isNull();
        assertThat(outcome.error()).containsIgnoringCase("refused").containsIgnoringCase("internal");
        assertThat(outcome.succeeded()).isFalse();
        assertThat(receiver.requests("/x")).isEmpty();
    }

    @Test
    void refusesTheIpv6Loopback() {
        sender = new WebhookSender(Settings.withPrivateTargets(false));

        HttpOutcome outcome = sender.post("http://[::1]:" + receiver.port() + "/x", BODY, "msg_1", SECRET);

        assertThat(outcome.status()).isNull();
        assertThat(outcome.error()).containsIgnoringCase("internal");
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "localhost", "0.0.0.0", "[::ffff:127.0.0.1]"})
    void deliversToAnInternalAddressWhenAllowed(String host) {
        receiver.answer("/x", WebhookReceiver.Answer.ok());
        sender = new WebhookSender(Settings.withPrivateTargets(true));

        HttpOutcome outcome = sender.post("http://" + host + ":" + receiver.port() + "/x", BODY, "msg_1", SECRET);

        assertThat(outcome.status()).isEqualTo(200);
        assertThat(outcome.error()).isNull();
        assertThat(receiver.requests("/x")).hasSize(1);
        assertThat(receiver.requests("/x").get(0).body()).isEqualTo(BODY);
    }

    @Test
    void keepsTheFirstKibibyteOfTheResponseBody() {
        String url = receiver.url("/long", WebhookReceiver.Answer.status(500).withBody("x".repeat(5000)));
        sender = new WebhookSender(Settings.withPrivateTargets(true));

        HttpOutcome outcome = sender.post(url, BODY, "msg_1", SECRET);

        assertThat(outcome.status()).isEqualTo(500);
        assertThat(outcome.body()).isEqualTo("x".repeat(1024));
    }

    @Test
    void keepsOnlyWholeCharactersWithinTheKibibyte() {
        // 1 + 2 × 1000 bytes: the 1024th byte is the first half of an "é", which is dropped.
        String url = receiver.url("/accents", WebhookReceiver.Answer.status(500).withBody("a" + "é".repeat(1000)));
        sender = new WebhookSender(Settings.withPrivateTargets(true));

        HttpOutcome outcome = sender.post(url, BODY, "msg_1", SECRET);

        assertThat(outcome.body()).isEqualTo("a" + "é".repeat(511));
        assertThat(outcome.body().getBytes(StandardCharsets.UTF_8)).hasSizeLessThanOrEqualTo(1024);
    }

    @Test
    void givesUpAtTheTimeoutWhenTheReceiverHangs() {
        String url = receiver.url("/hanging", WebhookReceiver.Answer.hang(Duration.ofSeconds(5)));
        sender = new WebhookSender(Settings.withTimeout(Duration.ofSeconds(1)));

        HttpOutcome outcome = sender.post(url, BODY, "msg_1", SECRET);

        assertThat(outcome.status()).isNull();
        assertThat(outcome.error()).contains("timed out");
        assertThat(outcome.duration()).isBetween(Duration.ofMillis(900), Duration.ofMillis(3000));
    }

    @Test
    void doesNotFollowARedirect() {
        String elsewhere = receiver.url("/elsewhere", WebhookReceiver.Answer.ok());
        String url = receiver.url("/moved", WebhookReceiver.Answer.status(302).with("Location", elsewhere));
        sender = new WebhookSender(Settings.withPrivateTargets(true));

        HttpOutcome outcome = sender.post(url, BODY, "msg_1", SECRET);

        assertThat(outcome.status()).isEqualTo(302);
        assertThat(outcome.succeeded()).isFalse();
        assertThat(receiver.requests("/elsewhere")).isEmpty();
    }

    @Test
    void reportsARefusedConnectionAsAnError() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        sender = new WebhookSender(Settings.withPrivateTargets(true));

        HttpOutcome outcome = sender.post("http://127.0.0.1:" + closedPort + "/x", BODY, "msg_1", SECRET);

        assertThat(outcome.status()).isNull();
        assertThat(outcome.error()).isNotBlank();
    }
}
