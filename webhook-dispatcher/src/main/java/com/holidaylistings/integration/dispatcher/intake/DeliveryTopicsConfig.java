package com.holidaylistings.integration.dispatcher.intake;

import com.holidaylistings.integration.dispatcher.lane.OwnerLanes;
import com.holidaylistings.integration.dispatcher.operational.OperationalTopic;
import com.holidaylistings.integration.dispatcher.retry.RetrySchedule;
import com.holidaylistings.integration.dispatcher.settings.WebhookProperties;
import com.holidaylistings.integration.dispatcher.transition.DeliveryTransitions;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.TopicBuilder;
import org.springframework.kafka.core.KafkaAdmin;

/**
 * The retry schedule of {@code WEBHOOK_RETRY_DELAYS}, the transitions it decides, the owners' lanes,
 * and the topics it needs, created at start with the configured partitions: {@code webhook.deliveries},
 * one retry topic per delay, the dead letters, and {@code webhook.operational} for the operational
 * events the transitions decide (created here, with the delivery topics' settings, so that the
 * operational package does not depend on this one).
 */
@Configuration(proxyBeanMethods = false)
class DeliveryTopicsConfig {

    @Bean
    RetrySchedule retrySchedule(WebhookProperties properties) {
        return properties.retrySchedule();
    }

    @Bean
    DeliveryTransitions deliveryTransitions(RetrySchedule schedule, WebhookProperties properties) {
        return new DeliveryTransitions(schedule, properties.failingAfter(), properties.disableAfter());
    }

    /** The owners' lanes, their deliveries run on virtual threads. */
    @Bean(destroyMethod = "shutdown")
    ExecutorService deliveryWorkers() {
        return Executors.newVirtualThreadPerTaskExecutor();
    }

    @Bean
    OwnerLanes ownerLanes(WebhookProperties properties, ExecutorService deliveryWorkers, MeterRegistry meters) {
        OwnerLanes lanes = new OwnerLanes(
                new OwnerLanes.Bounds(
                        properties.maxInFlight(),
                        properties.maxInFlightPerOwner(),
                        properties.maxInFlightPerHook(),
                        properties.maxQueuedPerOwner(),
                        properties.maxQueued()),
                deliveryWorkers);
        Gauge.builder("webhook.lanes.in.flight", lanes, OwnerLanes::inFlight)
                .description("Deliveries being attempted in this process")
                .register(meters);
        Gauge.builder("webhook.lanes.queued", lanes, OwnerLanes::queued)
                .description("Deliveries waiting in their owners' lanes for a slot")
                .register(meters);
        Gauge.builder("webhook.lanes.owners", lanes, OwnerLanes::lanes)
                .description("Owners with deliveries in flight or waiting in this process")
                .register(meters);
        Gauge.builder("webhook.lanes.owners.at.cap", lanes, l -> l.atCap().size())
                .description("Owners with WEBHOOK_MAX_IN_FLIGHT_PER_OWNER deliveries in flight in this process")
                .register(meters);
        return lanes;
    }

    @Bean
    KafkaAdmin.NewTopics deliveryTopics(RetrySchedule schedule, WebhookProperties properties) {
        return new KafkaAdmin.NewTopics(Stream.concat(schedule.topics().stream(), Stream.of(OperationalTopic.NAME))
                .map(name -> TopicBuilder.name(name)
                        .partitions(properties.topicPartitions())
                        .replicas(properties.topicReplicationFactor())
                        .build())
                .toArray(NewTopic[]::new));
    }
}
