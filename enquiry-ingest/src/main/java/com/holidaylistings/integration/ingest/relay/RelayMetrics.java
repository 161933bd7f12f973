package com.holidaylistings.integration.ingest.relay;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.stereotype.Component;

/** What operators watch: events published, publish failures, commit-to-publish lag, quiet time. */
@Component
public class RelayMetrics {

    private final Counter published;
    private final Counter publishFailures;
    private final Timer lag;
    private final AtomicReference<Instant> lastPublishedAt = new AtomicReference<>();

    RelayMetrics(MeterRegistry registry) {
        this.published = Counter.builder("enquiry.ingest.events.published")
                .description("Outbox events acknowledged by Kafka")
                .register(registry);
        this.publishFailures = Counter.builder("enquiry.ingest.publish.failures")
                .description("Batches Kafka did not acknowledge in time")
                .register(registry);
        this.lag = Timer.builder("enquiry.ingest.commit.to.publish.lag")
                .description("From the outbox row's commit to Kafka's acknowledgement")
                .publishPercentiles(0.5, 0.99)
                .publishPercentileHistogram()
                .register(registry);
        Gauge.builder("enquiry.ingest.seconds.since.last.event", this, RelayMetrics::secondsSinceLastEvent)
                .description("Seconds since the last event was published (NaN before the first)")
                .register(registry);
    }

    void published(Duration commitToPublish) {
        published.increment();
        lag.record(commitToPublish.isNegative() ? Duration.ZERO : commitToPublish);
        lastPublishedAt.set(Instant.now());
    }

    void publishFailed() {
        publishFailures.increment();
    }

    public Instant lastPublishedAt() {
        return lastPublishedAt.get();
    }

    double secondsSinceLastEvent() {
        Instant last = lastPublishedAt.get();
        return last == null ? Double.NaN : Duration.between(last, Instant.now()).toMillis() / 1000.0;
    }
}
