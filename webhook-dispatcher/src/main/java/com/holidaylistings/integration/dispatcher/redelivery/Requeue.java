package com.holidaylistings.integration.dispatcher.redelivery;

import com.holidaylistings.integration.dispatcher.DeliveryTopics;
import com.holidaylistings.integration.dispatcher.delivery.DeliveryRequest;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Puts a delivery back on {@code webhook.deliveries}, keyed by subscription as the fan-out keys
 * it, without retry headers: it starts the retry schedule from the beginning.
 */
@Component
class Requeue {

    /** Why a delivery was queued again, the tag of the metric {@code webhook.delivery.requeued}. */
    enum Source {
        REDELIVERY("redelivery"), DEAD_LETTER_REPLAY("dead-letter-replay");

        private final String tag;

        Source(String tag) {
            this.tag = tag;
        }
    }

    private final KafkaTemplate<String, String> kafka;
    private final JsonMapper json;
    private final MeterRegistry registry;

    Requeue(KafkaTemplate<String, String> kafka, JsonMapper json, MeterRegistry registry) {
        this.kafka = kafka;
        this.json = json;
        this.registry = registry;
    }

    CompletableFuture<?> send(DeliveryRequest delivery, Source source) {
        return kafka.send(DeliveryTopics.DELIVERIES, delivery.subscriptionId().toString(), json.writeValueAsString(delivery))
                .thenRun(() -> registry.counter("webhook.delivery.requeued", "source", source.tag).increment());
    }

    /** Returns once Kafka has acknowledged every send; throws if one failed or took over 30 s. */
    static void awaitAcks(List<CompletableFuture<?>> sends) {
        try {
            CompletableFuture.allOf(sends.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("Kafka did not acknowledge every delivery queued again", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while queuing deliveries again", e);
        }
    }
}
