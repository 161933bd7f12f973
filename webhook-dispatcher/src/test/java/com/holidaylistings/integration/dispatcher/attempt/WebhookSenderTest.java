package com.holidaylistings.integration.dispatcher.attempt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.holidaylistings.integration.dispatcher.settings.Settings;
import com.holidaylistings.integration.dispatcher.transition.HttpOutcome;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
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

    @Test
    void reachesTheWarmUpsOwnLoopbackEndpointOnlyOnTheThreadAndPortItPermits() throws Exception {
        receiver.answer("/x", WebhookReceiver.Answer.ok());
        sender = new WebhookSender(Settings.withPrivateTargets(false));
        String url = "http://127.0.0.1:" + receiver.port() + "/x";
        InetSocketAddress endpoint = new InetSocketAddress(InetAddress.getLoopbackAddress(), receiver.port());
        InetSocketAddress otherPort = new InetSocketAddress(InetAddress.getLoopbackAddress(), receiver.port() + 1);
        CountDownLatch permitted = new CountDownLatch(1);
        CountDownLatch otherThreadDone = new CountDownLatch(1);

        CompletableFuture<HttpOutcome> whilePermittedOnAnotherThread = CompletableFuture.supplyAsync(() -> {
            try {
                permitted.await(10, TimeUnit.SECONDS);
                return sender.post(url, BODY, "msg_2", SECRET);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            } finally {
                otherThreadDone.countDown();
            }
        });
        GuardedDnsResolver.permitting(endpoint, () -> {
            permitted.countDown();
            try {
                return otherThreadDone.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        HttpOutcome forAnotherPort =
                GuardedDnsResolver.permitting(otherPort, () -> sender.post(url, BODY, "msg_3", SECRET));
        HttpOutcome within = GuardedDnsResolver.permitting(endpoint, () -> sender.post(url, BODY, "msg_1", SECRET));
        sender.closeIdleConnections(); // as the warm-up does once it ends: its connection is not kept
        HttpOutcome afterwards = sender.post(url, BODY, "msg_4", SECRET);

        assertThat(within.status()).isEqualTo(200);
        for (HttpOutcome refused :
                new HttpOutcome[] {whilePermittedOnAnotherThread.get(10, TimeUnit.SECONDS), forAnotherPort, afterwards
                }) {
            assertThat(refused.status()).isNull();
            assertThat(refused.error()).containsIgnoringCase("refused").containsIgnoringCase("internal");
        }
        assertThat(receiver.requests("/x")).hasSize(1);
        assertThat(receiver.requests("/x").get(0).webhookId()).isEqualTo("msg_1");
    }

    @Test
    void permitsNoEndpointOffTheLoopbackInterface() throws IOException {
        InetSocketAddress metadata = new InetSocketAddress(
                InetAddress.getByAddress(new byte[] {(byte) 169, (byte) 254, (byte) 169, (byte) 254}), 80);

        assertThatThrownBy(() -> GuardedDnsResolver.permitting(metadata, () -> "never"))
                .isInstanceOf(IllegalArgumentException.class);
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

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "localhost", "0.0.0.0"})
    void refusesToConnectToOneOfTheStacksOwnPortsEvenWherePrivateTargetsAreAllowed(String host) {
        receiver.answer("/x", WebhookReceiver.Answer.ok());
        sender = new WebhookSender(Settings.withRefusedPorts(Set.of(receiver.port())));

        HttpOutcome outcome = sender.post("http://" + host + ":" + receiver.port() + "/x", BODY, "msg_1", SECRET);

        assertThat(outcome.status()).isNull();
        assertThat(outcome.error()).contains("refused", "port " + receiver.port(), "one of the stack's own ports");
        assertThat(receiver.requests("/x")).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"169.254.169.254", "[fe80::1]", "[::ffff:169.254.169.254]"})
    void refusesToConnectToALinkLocalAddressEvenWherePrivateTargetsAreAllowed(String host) {
        sender = new WebhookSender(Settings.withPrivateTargets(true));

        HttpOutcome outcome = sender.post("http://" + host + "/latest/meta-data", BODY, "msg_1", SECRET);

        assertThat(outcome.status()).isNull();
        assertThat(outcome.error()).contains("refused", "a link-local address");
        assertThat(outcome.succeeded()).isFalse();
    }

    @Test
    void keepsTheFirst4KibOfTheResponseBodyAndSaysThereWasMore() {
        String url = receiver.url("/long", WebhookReceiver.Answer.status(500).withBody("x".repeat(5000)));
        sender = new WebhookSender(Settings.withPrivateTargets(true));

        HttpOutcome outcome = sender.post(url, BODY, "msg_1", SECRET);

        assertThat(outcome.status()).isEqualTo(500);
        assertThat(outcome.body()).isEqualTo("x".repeat(4096));
        assertThat(outcome.bodyTruncated()).isTrue();
    }

    @Test
    void keepsAShortBodyWhole() {
        String url =
                receiver.url("/short", WebhookReceiver.Answer.status(422).withBody("{\"error\":\"unknown property\"}"));
        sender = new WebhookSender(Settings.withPrivateTargets(true));

        HttpOutcome outcome = sender.post(url, BODY, "msg_1", SECRET);

        assertThat(outcome.status()).isEqualTo(422);
        assertThat(outcome.body()).isEqualTo("{\"error\":\"unknown property\"}");
        assertThat(outcome.bodyTruncated()).isFalse();
    }

    @Test
    void keepsABodyOfExactly4KibWholeAndAnEmptyOneAsNothing() {
        String exact = receiver.url("/exact", WebhookReceiver.Answer.ok().withBody("y".repeat(4096)));
        String empty = receiver.url("/empty", WebhookReceiver.Answer.status(204).withBody(""));
        sender = new WebhookSender(Settings.withPrivateTargets(true));

        HttpOutcome whole = sender.post(exact, BODY, "msg_1", SECRET);
        HttpOutcome none = sender.post(empty, BODY, "msg_2", SECRET);

        assertThat(whole.body()).isEqualTo("y".repeat(4096));
        assertThat(whole.bodyTruncated()).isFalse();
        assertThat(none.status()).isEqualTo(204);
        assertThat(none.body()).isNullOrEmpty();
        assertThat(none.bodyTruncated()).isFalse();
    }

    @Test
    void keepsOnlyWholeCharactersWithin4Kib() {
        // 1 + 2 × 3000 bytes: the 4096th byte is the first half of an "é", which is dropped.
        String url = receiver.url("/accents", WebhookReceiver.Answer.status(500).withBody("a" + "é".repeat(3000)));
        sender = new WebhookSender(Settings.withPrivateTargets(true));

        HttpOutcome outcome = sender.post(url, BODY, "msg_1", SECRET);

        assertThat(outcome.body()).isEqualTo("a" + "é".repeat(2047));
        assertThat(outcome.body().getBytes(StandardCharsets.UTF_8)).hasSizeLessThanOrEqualTo(4096);
        assertThat(outcome.bodyTruncated()).isTrue();
    }

    @Test
    void keepsThePrefixOfAMegabyteAnswerAndReturnsWithoutReadingTheRest() {
        String url = receiver.url("/megabyte", WebhookReceiver.Answer.ok().withBody("m".repeat(1 << 20)));
        sender = new WebhookSender(Settings.withTimeout(Duration.ofSeconds(10)));

        HttpOutcome outcome = sender.post(url, BODY, "msg_1", SECRET);

        assertThat(outcome.succeeded()).isTrue();
        assertThat(outcome.status()).isEqualTo(200);
        assertThat(outcome.error()).isNull();
        assertThat(outcome.body()).isEqualTo("m".repeat(4096));
        assertThat(outcome.bodyTruncated()).isTrue();
        assertThat(outcome.duration()).as("no read of the whole answer").isLessThan(Duration.ofSeconds(2));
    }

    @Test
    void sendsOnceMoreAtOnceWhenTheConnectionClosesWithoutAnAnswer() throws Exception {
        AtomicInteger answered = new AtomicInteger();
        // the first request's connection is closed unanswered (as a kept-alive one the receiver had just closed)
        try (RawHttpServer server = RawHttpServer.start(out -> {
            if (answered.getAndIncrement() > 0) {
                out.write("HTTP/1.1 204 No Content\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            }
        })) {
            sender = new WebhookSender(Settings.withTimeout(Duration.ofSeconds(5)));

            HttpOutcome outcome = sender.post(server.url("/drops-the-first"), BODY, "msg_1", SECRET);

            assertThat(outcome.succeeded()).isTrue();
            assertThat(outcome.status()).isEqualTo(204);
            assertThat(server.requests()).isEqualTo(2);
        }
    }

    @Test
    void sendsOnlyOnceMoreWhenNoConnectionIsAnswered() throws Exception {
        try (RawHttpServer server = RawHttpServer.start(out -> {})) {
            sender = new WebhookSender(Settings.withTimeout(Duration.ofSeconds(5)));

            HttpOutcome outcome = sender.post(server.url("/drops-all"), BODY, "msg_1", SECRET);

            assertThat(outcome.succeeded()).isFalse();
            assertThat(outcome.error()).startsWith("NoHttpResponseException");
            assertThat(server.requests()).isEqualTo(2);
        }
    }

    @Test
    void sendsUntilAFreshConnectionWhenTheReceiverClosedSeveralKeptAliveOnesAtOnce() throws Exception {
        AfterClosed after = sendAfterTheReceiverClosedKeptAliveConnections(3);

        assertThat(after.outcome().succeeded())
                .as("sent on the three closed ones, then on a fresh one")
                .isTrue();
        assertThat(after.requests()).as("the closed ones never read theirs").isEqualTo(4);
    }

    @Test
    void sendsAtMostEightTimesOnKeptAliveConnectionsThatAllFail() throws Exception {
        AfterClosed after = sendAfterTheReceiverClosedKeptAliveConnections(NoAnswerRetry.MAX_SENDS + 2);

        assertThat(after.outcome().succeeded()).isFalse();
        assertThat(after.outcome().error()).startsWith("NoHttpResponseException");
        assertThat(after.requests())
                .as("no fresh connection within the eight sends")
                .isEqualTo(NoAnswerRetry.MAX_SENDS + 2);
    }

    /** A delivery's outcome, and the requests the receiver read in all. */
    private record AfterClosed(HttpOutcome outcome, int requests) {}

    /** One delivery sent after the receiver closed {@code kept} kept-alive connections of the sender's pool. */
    private AfterClosed sendAfterTheReceiverClosedKeptAliveConnections(int kept) throws Exception {
        try (RawHttpServer server = RawHttpServer.start(answerEachOnceTheFirst(kept))) {
            sender = new WebhookSender(Settings.withTimeout(Duration.ofSeconds(5)));
            keepClosedConnections(server, kept);

            HttpOutcome outcome = sender.post(server.url("/after"), BODY, "msg_after", SECRET);
            return new AfterClosed(outcome, server.requests());
        }
    }

    /** Answers 204, keeping the connection alive as far as the sender knows, once the first {@code n} have all arrived. */
    private static RawHttpServer.Answer answerEachOnceTheFirst(int n) {
        CountDownLatch arrived = new CountDownLatch(n);
        return out -> {
            arrived.countDown();
            arrived.await(5, TimeUnit.SECONDS);
            out.write("HTTP/1.1 204 No Content\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        };
    }

    /**
     * Leaves {@code n} kept-alive connections in the sender's pool that the server has closed: {@code n}
     * deliveries at once, each answered on its own connection, which the server then closes (as one that
     * keeps only so many idle connections does), well within the second after which the pool checks one.
     */
    private void keepClosedConnections(RawHttpServer server, int n) throws Exception {
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<HttpOutcome>> sends = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                String id = "msg_" + i;
                sends.add(threads.submit(() -> sender.post(server.url("/before"), BODY, id, SECRET)));
            }
            for (Future<HttpOutcome> send : sends) {
                assertThat(send.get(10, TimeUnit.SECONDS).status()).isEqualTo(204);
            }
        }
        assertThat(server.requests()).isEqualTo(n);
        Thread.sleep(100); // the server's closes reach the sender's sockets
    }

    @Test
    void closesTheConnectionOnAMegabyteAnswerThatComesSlowlyInsteadOfDrainingIt() throws Exception {
        // 1 MiB announced, 64 KiB sent at once, then nothing for longer than the 10 s timeout.
        try (RawHttpServer server = RawHttpServer.start(out -> {
            out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: " + (1 << 20) + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.write("s".repeat(64 * 1024).getBytes(StandardCharsets.US_ASCII));
            out.flush();
            Thread.sleep(Duration.ofSeconds(15));
        })) {
            sender = new WebhookSender(Settings.withTimeout(Duration.ofSeconds(10)));

            HttpOutcome outcome = sender.post(server.url("/slow-megabyte"), BODY, "msg_1", SECRET);

            assertThat(outcome.succeeded()).isTrue();
            assertThat(outcome.error()).isNull();
            assertThat(outcome.body()).isEqualTo("s".repeat(4096));
            assertThat(outcome.bodyTruncated()).isTrue();
            assertThat(outcome.duration())
                    .as("returned once the prefix was in, not at the timeout")
                    .isLessThan(Duration.ofSeconds(2));
            assertThat(server.requests()).isEqualTo(1);
        }
    }

    @Test
    @Tag("security")
    void failsAnAnswerWithOversizedHeadersAtOnceAsTooLargeHoldingNoMoreThanTheLimit() throws Exception {
        // A hundred headers of 8 KiB each, then nothing for longer than the 10 s timeout.
        try (RawHttpServer server = RawHttpServer.start(out -> {
            out.write("HTTP/1.1 200 OK\r\n".getBytes(StandardCharsets.US_ASCII));
            for (int i = 0; i < 100; i++) {
                out.write(("X-Big-" + i + ": " + "b".repeat(8 * 1024) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            }
            out.flush();
            Thread.sleep(Duration.ofSeconds(15));
        })) {
            sender = new WebhookSender(Settings.withTimeout(Duration.ofSeconds(10)));

            HttpOutcome outcome = sender.post(server.url("/oversized"), BODY, "msg_1", SECRET);

            assertThat(outcome.status()).isNull();
            assertThat(outcome.succeeded()).isFalse();
            assertThat(outcome.error()).startsWith("answer too large");
            assertThat(outcome.duration())
                    .as("failed as the limit passed, not at the timeout")
                    .isLessThan(Duration.ofSeconds(5));
            assertThat(server.requests())
                    .as("not sent again: only a connection closed without an answer is")
                    .isEqualTo(1);
        }
    }

    @Test
    void failsAnAnswerWithMoreHeadersThanAllowedAsTooLarge() throws Exception {
        try (RawHttpServer server = RawHttpServer.start(out -> {
            StringBuilder head = new StringBuilder("HTTP/1.1 204 No Content\r\n");
            for (int i = 0; i <= AnswerHeadLimits.MAX_HEADERS; i++) {
                head.append("X-H").append(i).append(": v\r\n");
            }
            out.write(head.append("\r\n").toString().getBytes(StandardCharsets.US_ASCII));
            out.flush();
        })) {
            sender = new WebhookSender(Settings.withTimeout(Duration.ofSeconds(10)));

            HttpOutcome outcome = sender.post(server.url("/many-headers"), BODY, "msg_1", SECRET);

            assertThat(outcome.status()).isNull();
            assertThat(outcome.error()).isEqualTo(AnswerHeadLimits.TOO_LARGE);
        }
    }

    @Test
    void takesAnAnswerWithinTheHeadLimitsAsItCame() throws Exception {
        try (RawHttpServer server = RawHttpServer.start(out -> {
            StringBuilder head = new StringBuilder("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n");
            for (int i = 0; i < AnswerHeadLimits.MAX_HEADERS - 2; i++) {
                head.append("X-H")
                        .append(i)
                        .append(": ")
                        .append("v".repeat(200))
                        .append("\r\n");
            }
            out.write(head.append("\r\nok").toString().getBytes(StandardCharsets.US_ASCII));
            out.flush();
        })) {
            sender = new WebhookSender(Settings.withTimeout(Duration.ofSeconds(10)));

            HttpOutcome outcome = sender.post(server.url("/within"), BODY, "msg_1", SECRET);

            assertThat(outcome.status()).isEqualTo(200);
            assertThat(outcome.body()).isEqualTo("ok");
        }
    }

    @Test
    void countsA2xxWhoseBodyStallsPastTheTimeoutAsASuccess() throws Exception {
        // The status line and a little of the body at once, the rest never within the 1 s timeout.
        try (RawHttpServer server = RawHttpServer.start(out -> {
            out.write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"received\":"
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            Thread.sleep(Duration.ofSeconds(5));
        })) {
            sender = new WebhookSender(Settings.withTimeout(Duration.ofSeconds(1)));

            HttpOutcome outcome = sender.post(server.url("/stalling"), BODY, "msg_1", SECRET);

            assertThat(outcome.status()).isEqualTo(200);
            assertThat(outcome.succeeded()).isTrue();
            assertThat(outcome.error()).as("not \"timed out\"").isNull();
            assertThat(outcome.body()).as("what had arrived").isEqualTo("{\"received\":");
            assertThat(outcome.bodyTruncated()).isTrue();
            assertThat(outcome.duration()).isBetween(Duration.ofMillis(900), Duration.ofMillis(3000));
        }
    }

    @Test
    void countsA2xxWhoseBodyNeverStartsAsASuccess() throws Exception {
        // Chunked, and not one chunk before the timeout: the status line is the answer.
        try (RawHttpServer server = RawHttpServer.start(out -> {
            out.write(
                    "HTTP/1.1 202 Accepted\r\nTransfer-Encoding: chunked\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            Thread.sleep(Duration.ofSeconds(5));
        })) {
            sender = new WebhookSender(Settings.withTimeout(Duration.ofSeconds(1)));

            HttpOutcome outcome = sender.post(server.url("/silent"), BODY, "msg_1", SECRET);

            assertThat(outcome.status()).isEqualTo(202);
            assertThat(outcome.succeeded()).isTrue();
            assertThat(outcome.error()).isNull();
            assertThat(outcome.duration()).isLessThan(Duration.ofMillis(3000));
        }
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

    /**
     * A real HTTP/1.1 server on a loopback socket that answers every request by writing what
     * {@code answer} writes, byte for byte, then closes: for answers WebhookReceiver cannot give (a body
     * that stalls or trickles). It reads each request's headers and body first, as a receiver does.
     */
    private static final class RawHttpServer implements AutoCloseable {

        interface Answer {
            void write(OutputStream out) throws Exception;
        }

        private final ServerSocket socket;
        private final AtomicInteger requests = new AtomicInteger();

        private RawHttpServer(ServerSocket socket) {
            this.socket = socket;
        }

        static RawHttpServer start(Answer answer) throws IOException {
            RawHttpServer server = new RawHttpServer(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()));
            Thread.ofVirtual().start(() -> server.accept(answer));
            return server;
        }

        String url(String path) {
            return "http://127.0.0.1:" + socket.getLocalPort() + path;
        }

        int requests() {
            return requests.get();
        }

        private void accept(Answer answer) {
            while (!socket.isClosed()) {
                try {
                    Socket connection = socket.accept();
                    Thread.ofVirtual().start(() -> answer(connection, answer));
                } catch (IOException e) {
                    return; // closed
                }
            }
        }

        private void answer(Socket connection, Answer answer) {
            try (connection) {
                InputStream in = connection.getInputStream();
                int contentLength = readHeaders(in);
                in.readNBytes(contentLength);
                requests.incrementAndGet();
                answer.write(connection.getOutputStream());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                // the sender closed the connection: what it does is under test, not this
            }
        }

        /** Reads the request line and headers; answers the Content-Length. */
        private static int readHeaders(InputStream in) throws IOException {
            StringBuilder headers = new StringBuilder();
            int b;
            while ((b = in.read()) >= 0) {
                headers.append((char) b);
                if (headers.length() >= 4
                        && headers.substring(headers.length() - 4).equals("\r\n\r\n")) {
                    break;
                }
            }
            for (String line : headers.toString().split("\r\n")) {
                if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
                    return Integer.parseInt(
                            line.substring("content-length:".length()).trim());
                }
            }
            return 0;
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
