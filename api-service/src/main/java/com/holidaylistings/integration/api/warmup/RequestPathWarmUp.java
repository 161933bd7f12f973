package com.holidaylistings.integration.api.warmup;

import com.holidaylistings.integration.api.auth.InternalApiProperties;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.boot.web.server.Ssl;
import org.springframework.boot.web.server.autoconfigure.ServerProperties;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;

/**
 * Runs the listing site's intake path before the replica reports ready: Spring Boot reports
 * readiness only once every {@link ApplicationRunner} has returned, so a rolling deploy sends
 * traffic to code that has been run (classes loaded, methods compiled), not to a cold JVM. The
 * replica sends itself up to {@code WARM_UP_REQUESTS} intake requests over its own port (HTTPS, its
 * own certificate pinned; the admin key it accepts), {@code concurrency} kept-alive connections as a
 * listing site keeps them, each request a complete, valid enquiry with an {@code Idempotency-Key}:
 * TLS, the filters, JSON, validation, the property's query, the key's claim, the enquiry's and its
 * outbox row's inserts and the 201's JSON all run, in a transaction that is rolled back (the
 * intake's rehearsal, which the request's {@link WarmUpRequests} token asks for). Every sixteenth
 * request is invalid, so that the refusal's path runs too, and the server closes that connection
 * as it closes a refused one: the next request makes a new TLS handshake. The requests are observed
 * as every request is (the server span, the timer), so that that path is compiled too. Nothing is
 * committed, nothing is published, and nothing of theirs is seen: their spans are not exported,
 * the intake's {@code http.server.requests} meters are removed once the warm-up has ended (before
 * readiness, so that the first sample they count is a guest's), and the access log writes no line
 * for them ({@link WarmUpRequests}). Bounded by {@code WARM_UP_MAX_DURATION}; a warm-up that fails
 * is logged and readiness follows anyway.
 */
@Component
class RequestPathWarmUp implements ApplicationRunner {

    /** Published once the warm-up has ended (or was skipped), before readiness. */
    record WarmUpFinished(int sent, Map<Integer, Integer> answers, Duration took) {}

    private static final Logger log = LoggerFactory.getLogger(RequestPathWarmUp.class);
    private static final String PATH = "/internal/v1/enquiries";
    private static final String REQUESTS_METRIC = "http.server.requests";
    private static final String ADMIN_KEY_HEADER = "X-Admin-Key";
    private static final String IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
    private static final int INVALID_EVERY = 16;

    private final WarmUpProperties properties;
    private final InternalApiProperties internal;
    private final WarmUpRequests marked;
    private final WebServerApplicationContext context;
    private final ServerProperties server;
    private final SslBundles bundles;
    private final ApplicationEventPublisher events;
    private final MeterRegistry meters;

    RequestPathWarmUp(
            WarmUpProperties properties,
            InternalApiProperties internal,
            WarmUpRequests marked,
            WebServerApplicationContext context,
            ServerProperties server,
            SslBundles bundles,
            ApplicationEventPublisher events,
            MeterRegistry meters) {
        this.properties = properties;
        this.internal = internal;
        this.marked = marked;
        this.context = context;
        this.server = server;
        this.bundles = bundles;
        this.events = events;
        this.meters = meters;
    }

    @Override
    public void run(ApplicationArguments arguments) {
        long started = System.nanoTime();
        Map<Integer, Integer> answers = new ConcurrentHashMap<>();
        int sent = 0;
        if (properties.requests() == 0 || internal.keys().isEmpty()) {
            log.info(
                    "No warm-up before readiness ({})",
                    properties.requests() == 0 ? "WARM_UP_REQUESTS=0" : "the internal API is off");
        } else {
            try {
                sent = warmUp(answers, started);
                log.info(
                        "Warmed up the intake before readiness: {} requests in {} ms, answered {}",
                        sent,
                        (System.nanoTime() - started) / 1_000_000,
                        answers);
            } catch (Exception e) {
                log.warn("The warm-up before readiness failed; ready anyway: {}", e.toString());
            } finally {
                forgetSamples();
            }
        }
        events.publishEvent(
                new WarmUpFinished(sent, Map.copyOf(answers), Duration.ofNanos(System.nanoTime() - started)));
        if (properties.exitAfter()) {
            log.info("Stopping once warmed up (owner-api.warm-up.exit-after): a training run");
            System.exit(SpringApplication.exit(context));
        }
    }

    /** The intake's server-request meters hold the warm-up's samples alone: they start again at the first guest's. */
    private void forgetSamples() {
        meters.find(REQUESTS_METRIC).tag("uri", PATH).meters().forEach(meters::remove);
    }

    private int warmUp(Map<Integer, Integer> answers, long started) throws Exception {
        Ssl ssl = server.getSsl();
        boolean tls = Ssl.isEnabled(ssl);
        HttpClient.Builder builder =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(2));
        if (tls) {
            builder.sslContext(OwnCertificateTrust.context(
                    bundles.getBundle(ssl.getBundle()).getStores().getKeyStore()));
        }
        URI intake = URI.create((tls ? "https" : "http") + "://127.0.0.1:"
                + context.getWebServer().getPort() + PATH);
        String key = internal.keys().get(0);
        long deadline = started + properties.maxDuration().toNanos();
        AtomicInteger next = new AtomicInteger();
        LongAdder failures = new LongAdder();
        try (HttpClient client = builder.build();
                ExecutorService senders = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < properties.concurrency(); i++) {
                senders.execute(() -> {
                    int n;
                    while ((n = next.getAndIncrement()) < properties.requests()
                            && System.nanoTime() < deadline
                            && failures.sum() < properties.concurrency()) {
                        try {
                            HttpRequest.Builder request = HttpRequest.newBuilder(intake)
                                    .timeout(Duration.ofSeconds(5))
                                    .header("Content-Type", "application/json")
                                    .header(ADMIN_KEY_HEADER, key)
                                    .header(
                                            IDEMPOTENCY_KEY_HEADER,
                                            UUID.randomUUID().toString())
                                    .header(WarmUpRequests.HEADER, marked.token())
                                    .POST(HttpRequest.BodyPublishers.ofString(enquiry(n % INVALID_EVERY != 0)));
                            if (!tls) {
                                request.header("X-Forwarded-Proto", "https"); // as the proxy in front would say
                            }
                            int status = client.send(request.build(), HttpResponse.BodyHandlers.discarding())
                                    .statusCode();
                            answers.merge(status, 1, Integer::sum);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            return;
                        } catch (Exception e) {
                            failures.increment();
                            log.debug("A warm-up request failed: {}", e.toString());
                        }
                    }
                });
            }
        }
        return answers.values().stream().mapToInt(Integer::intValue).sum();
    }

    /**
     * A complete enquiry (the rehearsal puts it about a property of its own), or the same without
     * its subject, which the intake refuses before it reads anything.
     */
    private static String enquiry(boolean valid) {
        return """
                {"property_id":"%s",%s"message":"A warm-up request of the service itself.",
                 "user_name":"Warm Up","user_email":"warm-up@example.invalid",
                 "party_details":{"group_size":2,"check_in":"2030-01-01","check_out":"2030-01-08","occasion":"none"}}
                """.formatted(UUID.randomUUID(), valid ? "\"subject\":\"Warm-up\"," : "");
    }
}
