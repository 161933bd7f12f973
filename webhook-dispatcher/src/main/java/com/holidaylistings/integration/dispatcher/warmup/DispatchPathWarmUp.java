package com.holidaylistings.integration.dispatcher.warmup;

import com.holidaylistings.integration.dispatcher.attempt.DeliveryRehearsal;
import com.holidaylistings.integration.dispatcher.fanout.FanOutRehearsal;
import com.holidaylistings.integration.dispatcher.lane.OwnerLanes;
import com.holidaylistings.integration.dispatcher.records.DeliveryTask;
import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.PartyDetails;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.LivenessState;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.SmartLifecycle;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Runs the delivery path before the replica consumes anything: a started dispatcher is cold, and on
 * two cores compiling its path under the first traffic took half a core for a minute and a half
 * (docs/benchmarks/delivery-model.md). Started before the listener containers (a lower phase) and
 * before the row and operational pollers (scheduled once the context is refreshed), it holds them
 * and readiness until it ends, so that the partitions a rolling deploy hands to the new replica meet
 * run code; its liveness is UP meanwhile. It rehearses up to {@code WARM_UP_DELIVERIES} deliveries,
 * {@code concurrency} at a time in owners' lanes of its own, for at most {@code WARM_UP_MAX_DURATION}:
 * each through the owner's lane, its record, the read of its row (there is none), the signed POST to
 * a receiver of the process's own on the loopback interface ({@link #rehearsalReceiver()}) and what would
 * follow ({@link DeliveryRehearsal}); and every twentieth, the fan-out's reading of a batch of events
 * ({@link FanOutRehearsal}). Nothing is written, published, counted or traced. A warm-up that fails
 * is logged, and the consumers start anyway.
 */
@Component
class DispatchPathWarmUp implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(DispatchPathWarmUp.class);
    private static final int EVENTS_PER_FAN_OUT = 20;
    private static final WebhookReceiver.Answer ACCEPTED =
            WebhookReceiver.Answer.ok().with("Content-Type", "application/json");
    private static final WebhookReceiver.Answer BUSY = WebhookReceiver.Answer.status(503)
            .with("Content-Type", "application/json")
            .with("Retry-After", "60")
            .withBody("{\"error\":\"busy, try again later\"}");

    private final WarmUpProperties properties;
    private final OwnerLanes lanes;
    private final DeliveryRehearsal deliveries;
    private final FanOutRehearsal fanOut;
    private final JsonMapper json;
    private final ApplicationEventPublisher events;
    private volatile boolean running;

    DispatchPathWarmUp(
            WarmUpProperties properties,
            OwnerLanes lanes,
            DeliveryRehearsal deliveries,
            FanOutRehearsal fanOut,
            JsonMapper json,
            ApplicationEventPublisher events) {
        this.properties = properties;
        this.lanes = lanes;
        this.deliveries = deliveries;
        this.fanOut = fanOut;
        this.json = json;
        this.events = events;
    }

    @Override
    public void start() {
        running = true;
        long started = System.nanoTime();
        Map<Integer, Integer> answers = new ConcurrentHashMap<>();
        AtomicInteger failed = new AtomicInteger();
        if (properties.deliveries() == 0) {
            log.info("No warm-up before the consumers start (WARM_UP_DELIVERIES=0)");
        } else {
            // Live while it warms up: the web server already answers probes, and a liveness probe that
            // said DOWN for these seconds would have an orchestrator restart a replica that is only starting.
            AvailabilityChangeEvent.publish(events, this, LivenessState.CORRECT);
            try {
                warmUp(answers, failed, started + properties.maxDuration().toNanos());
                log.info(
                        "Warmed up the delivery path before consuming: {} deliveries rehearsed in {} ms, answered {}, {} failed",
                        rehearsed(answers),
                        (System.nanoTime() - started) / 1_000_000,
                        answers,
                        failed.get());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                log.warn("The warm-up was interrupted; consuming anyway");
            } catch (RuntimeException e) {
                log.warn("The warm-up failed; consuming anyway: {}", e.toString());
            }
        }
        if (properties.exitAfter()) {
            log.info("Stopping once warmed up (dispatcher.warm-up.exit-after): a training run, no consumer started");
            // No shutdown hooks: the context is still starting, and closing it from here would start nothing
            // more but wait on its own start. The JVM still writes its class-data archive as it exits.
            Runtime.getRuntime().halt(0);
        }
    }

    private static int rehearsed(Map<Integer, Integer> answers) {
        return answers.values().stream().mapToInt(Integer::intValue).sum();
    }

    private void warmUp(Map<Integer, Integer> answers, AtomicInteger failed, long deadline)
            throws InterruptedException {
        int concurrency = properties.concurrency();
        Semaphore slots = new Semaphore(concurrency);
        String secret = "whsec_" + Base64.getEncoder().encodeToString(randomBytes(32));
        List<String> payloads = new ArrayList<>(EVENTS_PER_FAN_OUT);
        try (WebhookReceiver receiver = rehearsalReceiver()) {
            // the one target the rehearsed deliveries may reach
            InetSocketAddress endpoint = new InetSocketAddress(InetAddress.getLoopbackAddress(), receiver.port());
            for (int i = 0; i < properties.deliveries() && failed.get() < concurrency; i++) {
                if (!slots.tryAcquire(remaining(deadline), TimeUnit.NANOSECONDS)) {
                    break;
                }
                // spread over owners and hooks of the warm-up's own, each far under an owner's and a hook's cap
                OwnerId owner = OwnerId.of(new UUID(0, i % concurrency));
                SubscriptionId hook = SubscriptionId.of(new UUID(1, i % concurrency));
                EnquiryCreated enquiry = anEnquiry();
                String payload = json.writeValueAsString(enquiry);
                DeliveryTask task = new DeliveryTask("warm-up-" + UUID.randomUUID(), enquiry.sentAt(), hook, owner, 1);
                Runnable rehearsal = () -> {
                    try {
                        answers.merge(deliveries.rehearse(task, payload, secret, endpoint), 1, Integer::sum);
                    } catch (RuntimeException e) {
                        failed.incrementAndGet();
                        log.debug("A rehearsed delivery failed: {}", e.toString());
                    } finally {
                        slots.release();
                    }
                };
                if (!lanes.offer(owner, hook, rehearsal)) {
                    slots.release();
                }
                payloads.add(payload);
                if (payloads.size() == EVENTS_PER_FAN_OUT) {
                    fanOut.rehearse(payloads);
                    payloads.clear();
                }
            }
            // the rehearsals under way end before their receiver does
            if (slots.tryAcquire(
                    concurrency, remaining(deadline) + TimeUnit.SECONDS.toNanos(2), TimeUnit.NANOSECONDS)) {
                slots.release(concurrency);
            }
        } finally {
            deliveries.ended();
        }
    }

    /**
     * The warm-up's receiver, inside the process on the loopback interface: it reads each request
     * whole and answers as receivers do, most with {@code 200} and a short body, every tenth with
     * {@code 503} and {@code Retry-After}, so that both answers' paths run; it keeps counts only.
     * Nothing outside the process is ever sent a rehearsed delivery.
     */
    private static WebhookReceiver rehearsalReceiver() {
        WebhookReceiver receiver = WebhookReceiver.builder()
                .keeping(WebhookReceiver.Keeping.COUNTS)
                .start();
        receiver.answerOthers(delivery -> delivery.sequence() % 10 == 0 ? BUSY : ACCEPTED);
        return receiver;
    }

    private static long remaining(long deadline) {
        return Math.max(0, deadline - System.nanoTime());
    }

    private static EnquiryCreated anEnquiry() {
        return EnquiryCreated.of(
                UUID.randomUUID(),
                UUID.randomUUID(),
                "Warm-up Cottage",
                "https://www.holidaylistings.example/properties/warm-up",
                "warm-up@example.invalid",
                "A warm-up",
                "A delivery the dispatcher rehearses before it consumes.",
                Instant.now(),
                "Warm Up",
                "guest@example.invalid",
                new PartyDetails(2, LocalDate.of(2030, 1, 1), LocalDate.of(2030, 1, 8), "none"));
    }

    private static byte[] randomBytes(int length) {
        byte[] bytes = new byte[length];
        new SecureRandom().nextBytes(bytes);
        return bytes;
    }

    @Override
    public void stop() {
        running = false;
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /**
     * Before the listener containers (the fan-out's and the deliveries'), after the batches the
     * rehearsals read through and the web server (liveness answers meanwhile).
     */
    @Override
    public int getPhase() {
        return ConcurrentMessageListenerContainer.DEFAULT_PHASE - 100;
    }
}
