package com.holidaylistings.integration.dispatcher.attempt;

import com.holidaylistings.integration.deliverylog.DeliveryOutcome;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import org.springframework.stereotype.Component;

/**
 * Attempts by outcome, their duration, the lag to the first attempt, how late retries run, and the
 * waits for a hook's throttle (counted apart from failures, and out of the lag and lateness), and
 * the records passed over.
 */
@Component
class DeliveryMetrics {

    private final MeterRegistry registry;
    private final Timer duration;
    private final Timer firstAttemptLag;
    private final Timer retryLateness;
    private final Counter abandoned;
    private final Timer throttledWaits;
    private final Timer latency;

    DeliveryMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.duration = Timer.builder("webhook.delivery.duration")
                .description("Time from sending a webhook to its answer (or failure)")
                .publishPercentiles(0.5, 0.99)
                .publishPercentileHistogram()
                .register(registry);
        this.firstAttemptLag = Timer.builder("webhook.delivery.first.attempt.lag")
                .description("From the enquiry's submission to the start of its first delivery attempt")
                .publishPercentiles(0.5, 0.99)
                .register(registry);
        this.retryLateness = Timer.builder("webhook.delivery.retry.lateness")
                .description("How long after its scheduled time a retry started")
                .publishPercentiles(0.5, 0.99)
                .register(registry);
        this.latency = Timer.builder("webhook.delivery.latency")
                .description("From an enquiry's submission to its delivery's 2xx, retries included (not redeliveries, "
                        + "test events, or deliveries that waited for their hook's throttle)")
                .publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofMillis(5))
                .maximumExpectedValue(Duration.ofHours(6))
                .register(registry);
        this.throttledWaits = Timer.builder("webhook.delivery.throttled")
                .description("Deliveries that waited for their hook's throttle (not failures), and how long")
                .register(registry);
        this.abandoned = Counter.builder("webhook.delivery.dead.letters")
                .description("Deliveries abandoned after the last retry")
                .register(registry);
    }

    /** An attempt, by outcome and the class of the receiver's status ({@code none} without an answer). */
    void attempted(DeliveryOutcome outcome, Integer httpStatus, Duration took) {
        registry.counter(
                        "webhook.delivery.attempts",
                        "outcome",
                        outcome.value(),
                        "status_class",
                        statusClass(httpStatus))
                .increment();
        duration.record(took);
    }

    /** A delivery's 2xx, {@code sinceSubmission} after its enquiry was submitted. */
    void delivered(Duration sinceSubmission) {
        latency.record(sinceSubmission.isNegative() ? Duration.ZERO : sinceSubmission);
    }

    static String statusClass(Integer httpStatus) {
        return httpStatus == null || httpStatus < 100 || httpStatus > 599 ? "none" : httpStatus / 100 + "xx";
    }

    void firstAttemptStarted(Duration sinceSubmission) {
        firstAttemptLag.record(sinceSubmission.isNegative() ? Duration.ZERO : sinceSubmission);
    }

    void retryStarted(Duration late) {
        retryLateness.record(late.isNegative() ? Duration.ZERO : late);
    }

    void throttled(Duration wait) {
        throttledWaits.record(wait);
    }

    void deadLettered() {
        abandoned.increment();
    }

    /**
     * A delivery record done without an attempt because it is not the one its delivery waits for:
     * {@code not_due} (its row moved on: a copy of an attempt made, a delivery parked or asked for
     * again) or {@code gone} (no row).
     */
    void passedOver(String reason) {
        registry.counter("webhook.delivery.records.passed.over", "reason", reason)
                .increment();
    }
}
