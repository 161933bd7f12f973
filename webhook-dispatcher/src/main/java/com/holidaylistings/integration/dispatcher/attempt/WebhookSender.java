package com.holidaylistings.integration.dispatcher.attempt;

import com.holidaylistings.integration.dispatcher.settings.WebhookProperties;
import com.holidaylistings.integration.dispatcher.transition.DeliveryControl;
import com.holidaylistings.integration.dispatcher.transition.HttpOutcome;
import com.holidaylistings.integration.signing.WebhookSignature;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.ManagedHttpClientConnectionFactory;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.io.entity.StringEntity;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * POSTs one webhook. The whole exchange, connecting included, must finish within the timeout or it
 * is cancelled. Redirects are not followed, nothing is retried here (retries follow the schedule)
 * but a request whose connection closed without an answer, once ({@link NoAnswerRetry}),
 * and the addresses it connects to are checked as it connects ({@link GuardedDnsResolver}). An
 * answer's status line and headers are bounded ({@link AnswerHeadLimits}), its body kept up to 4 KiB.
 */
@Component
class WebhookSender implements DisposableBean {

    static final String USER_AGENT = "HolidayListings-Webhooks/1.0 (+owner-integration)";
    /** The prefix of a receiver's answer that is kept; the connection is closed rather than read past it. */
    static final int KEPT_BODY_BYTES = 4096;

    private final CloseableHttpClient client;
    private final PoolingHttpClientConnectionManager connections;
    private final Duration timeout;
    /**
     * Cancels exchanges past the timeout. A deadline cancelled because its exchange ended in time leaves
     * the queue at once: kept until its time (the executor's default) each would hold its request, body
     * and headers for the whole timeout, 25,000 of them during a drain of 2,500 deliveries a second.
     */
    private final ScheduledThreadPoolExecutor deadlines = deadlineTimer();

    WebhookSender(WebhookProperties properties) {
        this.timeout = properties.timeout();
        Timeout limit = Timeout.of(timeout);
        PoolingHttpClientConnectionManagerBuilder pool = PoolingHttpClientConnectionManagerBuilder.create()
                .setMaxConnTotal(properties.maxConnectionsPerHost() * 8)
                .setMaxConnPerRoute(properties.maxConnectionsPerHost())
                .setDefaultConnectionConfig(ConnectionConfig.custom()
                        .setConnectTimeout(limit)
                        .setSocketTimeout(limit)
                        // a kept-alive connection the receiver has closed meanwhile is noticed before use
                        .setValidateAfterInactivity(TimeValue.ofSeconds(1))
                        .build());
        pool.setDnsResolver(new GuardedDnsResolver(properties.targetAddressRule()));
        pool.setConnectionFactory(ManagedHttpClientConnectionFactory.builder()
                .http1Config(AnswerHeadLimits.http1Config())
                .responseParserFactory(new AnswerHeadLimits())
                .build());
        this.connections = pool.build();
        this.client = HttpClients.custom()
                .setConnectionManager(connections)
                .setDefaultRequestConfig(RequestConfig.custom()
                        .setConnectionRequestTimeout(limit)
                        .setResponseTimeout(limit)
                        .setRedirectsEnabled(false)
                        .build())
                .disableRedirectHandling()
                .setRetryStrategy(new NoAnswerRetry())
                .disableCookieManagement()
                .disableAuthCaching()
                .setUserAgent(USER_AGENT)
                .evictIdleConnections(Timeout.ofSeconds(30))
                .build();
    }

    /**
     * Closes the kept-alive connections no exchange is using: the warm-up's to its own receiver once
     * it has ended, so that no connection made under its permission ({@link GuardedDnsResolver#permitting})
     * outlives it.
     */
    void closeIdleConnections() {
        connections.closeIdle(TimeValue.ZERO_MILLISECONDS);
    }

    private static ScheduledThreadPoolExecutor deadlineTimer() {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(
                1, Thread.ofPlatform().daemon().name("webhook-deadlines").factory());
        timer.setRemoveOnCancelPolicy(true);
        return timer;
    }

    HttpOutcome post(String targetUrl, String body, String webhookId, String secret) {
        return post(targetUrl, body, webhookId, List.of(secret), false);
    }

    HttpOutcome post(String targetUrl, String body, String webhookId, List<String> secrets, boolean test) {
        return post(targetUrl, body, webhookId, secrets, test, Map.of());
    }

    /**
     * Signed with each of {@code secrets}, the current one first (two during a rotation's overlap); a
     * test event sent from the portal says so in the header {@code webhook-test: true}. The hook's
     * custom {@code headers} go with it, as api-service checked them (no name of the request's own);
     * the {@code webhook-*} headers are set after them all the same, so that a signature is never
     * replaced. Their values are masked in the request headers the attempt log keeps.
     */
    HttpOutcome post(
            String targetUrl,
            String body,
            String webhookId,
            List<String> secrets,
            boolean test,
            Map<String, String> headers) {
        long timestamp = Instant.now().getEpochSecond();
        HttpPost post;
        try {
            post = new HttpPost(targetUrl);
        } catch (IllegalArgumentException e) {
            return HttpOutcome.notSent("invalid target URL");
        }
        post.setEntity(new StringEntity(body, ContentType.APPLICATION_JSON));
        headers.forEach(post::addHeader);
        post.setHeader("webhook-id", webhookId);
        post.setHeader("webhook-timestamp", Long.toString(timestamp));
        post.setHeader("webhook-signature", WebhookSignature.sign(secrets, webhookId, timestamp, body));
        if (test) {
            post.setHeader("webhook-test", "true");
        }
        long started = System.nanoTime();
        ScheduledFuture<?> deadline = deadlines.schedule(post::cancel, timeout.toMillis(), TimeUnit.MILLISECONDS);
        HttpClientContext context = HttpClientContext.create();
        ClassicHttpResponse response;
        try {
            response = client.executeOpen(null, post, context);
        } catch (IOException | RuntimeException e) {
            deadline.cancel(false);
            String error = post.isCancelled()
                    ? "timed out after " + timeout.toMillis() + " ms"
                    : e instanceof AnswerHeadLimits.AnswerTooLarge ? AnswerHeadLimits.TOO_LARGE : describe(e);
            return HttpOutcome.noAnswer(error, since(started), KeptHeaders.of(sent(context, post), headers.keySet()));
        }
        // The status line is in: a 2xx is a success whatever the body does after it.
        try {
            Body answer = readPrefix(response);
            if (answer.truncated()) {
                post.cancel(); // closes the connection instead of reading the rest (closing would drain it)
            }
            return new HttpOutcome(
                    response.getCode(),
                    answer.text(),
                    answer.truncated(),
                    null,
                    since(started),
                    retryAfter(response),
                    KeptHeaders.of(sent(context, post), headers.keySet()),
                    KeptHeaders.of(response.getHeaders()),
                    deliveryControl(response));
        } finally {
            deadline.cancel(false);
            closeQuietly(response);
        }
    }

    /**
     * The request's headers as they went out, those the client added included (host, content length,
     * user agent), once the exchange has got that far; else those set here.
     */
    private static Header[] sent(HttpClientContext context, HttpPost post) {
        HttpRequest request = context.getRequest();
        return request != null ? request.getHeaders() : post.getHeaders();
    }

    private static void closeQuietly(ClassicHttpResponse response) {
        try {
            response.close();
        } catch (IOException | RuntimeException e) {
            // an aborted connection may complain on close; the answer is already read
        }
    }

    /** The body's text, cut at {@link #KEPT_BODY_BYTES}. */
    private record Body(String text, boolean truncated) {}

    /**
     * Reads at most {@link #KEPT_BODY_BYTES} of the body, and one byte more to know whether there is
     * more. A body that stops coming (the deadline cancels the exchange) keeps what had arrived.
     */
    private static Body readPrefix(ClassicHttpResponse response) {
        if (response.getEntity() == null) {
            return new Body(null, false);
        }
        byte[] kept = new byte[KEPT_BODY_BYTES + 1];
        int read = 0;
        boolean cut = false;
        try {
            InputStream in = response.getEntity().getContent();
            int n;
            while (read < kept.length && (n = in.read(kept, read, kept.length - read)) >= 0) {
                read += n;
            }
        } catch (IOException | RuntimeException e) {
            cut = true;
        }
        int length = Math.min(read, KEPT_BODY_BYTES);
        return new Body(text(kept, length), cut || read > KEPT_BODY_BYTES);
    }

    /** A character cut off at the limit is dropped rather than replaced, so the text stays within 4 KiB. */
    private static String text(byte[] bytes, int length) {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.IGNORE)
                    .onUnmappableCharacter(CodingErrorAction.IGNORE)
                    .decode(ByteBuffer.wrap(bytes, 0, length))
                    .toString()
                    .replace('\u0000', ' ');
        } catch (CharacterCodingException e) {
            throw new IllegalStateException("Decoding that ignores errors cannot fail", e);
        }
    }

    private static DeliveryControl deliveryControl(ClassicHttpResponse response) {
        Header header = response.getFirstHeader(DeliveryControl.HEADER);
        return DeliveryControl.of(header == null ? null : header.getValue());
    }

    private static Duration retryAfter(ClassicHttpResponse response) {
        Header header = response.getFirstHeader("Retry-After");
        if (header == null) {
            return null;
        }
        try {
            return Duration.ofSeconds(
                    Math.max(0, Long.parseLong(header.getValue().trim())));
        } catch (NumberFormatException e) {
            return null; // an HTTP date is rare enough from webhook receivers to be ignored
        }
    }

    private static String describe(Exception e) {
        String message = e.getMessage();
        String type = e.getClass().getSimpleName();
        return message == null ? type : type + ": " + message;
    }

    private static Duration since(long startedNanos) {
        return Duration.ofNanos(System.nanoTime() - startedNanos);
    }

    @Override
    public void destroy() throws IOException {
        deadlines.shutdownNow();
        client.close();
    }
}
