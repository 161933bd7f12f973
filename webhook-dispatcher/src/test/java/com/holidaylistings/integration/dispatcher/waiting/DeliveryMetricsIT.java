package com.holidaylistings.integration.dispatcher.waiting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.dispatcher.DispatcherIntegrationTest;
import com.holidaylistings.integration.dispatcher.Events;
import com.holidaylistings.integration.dispatcher.TestData;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.json.JsonMapper;

/**
 * The metrics a platform team alerts on, from real deliveries: the latency from submission to 2xx,
 * attempts by outcome and status class, and the backlog's size and age per stage.
 */
class DeliveryMetricsIT extends DispatcherIntegrationTest {

    private static final Duration DELIVERED = Duration.ofSeconds(30);

    @Autowired
    private MeterRegistry registry;

    @Autowired
    private DeliveryBacklog backlog;

    @Test
    void countsTheLatencyOfDeliveriesAndTheirAttemptsByStatusClass() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        data.subscribe(owner, receiver.url("/metered", WebhookReceiver.Answer.ok()), null);
        data.subscribe(owner, receiver.url("/refusing", WebhookReceiver.Answer.status(404)), null);
        Timer latency = registry.get("webhook.delivery.latency").timer();
        long deliveredBefore = latency.count();
        double notFoundBefore = attempts("failed", "4xx");

        events.enquiryOn(property);

        await().atMost(DELIVERED)
                .until(() -> latency.count() > deliveredBefore && attempts("failed", "4xx") > notFoundBefore);
        assertThat(attempts("succeeded", "2xx")).isPositive();
        // Other tests' deliveries share the registry (a retried one may have taken a minute or two), so
        // the bound tells seconds and minutes from the days an enquiry's age would add.
        assertThat(latency.max(java.util.concurrent.TimeUnit.HOURS))
                .as("minutes at most, not days")
                .isLessThan(1);
    }

    @Test
    void aTestEventIsNoDeliveryLatency() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID hook = data.subscribe(owner, receiver.url("/tested", WebhookReceiver.Answer.ok()), null);
        Timer latency = registry.get("webhook.delivery.latency").timer();
        // A test event of an enquiry submitted long ago would add its whole age if it counted.
        String payload = JsonMapper.builder().build().writeValueAsString(Events.anEnquiryOn(property));
        String webhookId = data.sendTest(owner, hook, Instant.now().minus(Duration.ofDays(3)), payload);

        await().atMost(DELIVERED).until(() -> !receiver.withWebhookId(webhookId).isEmpty());
        await().atMost(DELIVERED).until(() -> "succeeded".equals(data.deliveryStatusOf(webhookId)));
        assertThat(latency.max(java.util.concurrent.TimeUnit.HOURS)).isLessThan(1);
    }

    @Test
    void measuresTheBacklogPerStageFromTheRows() {
        TestData.Owner owner = data.owner();
        UUID hook = data.subscribe(owner, receiver.url("/backlogged", WebhookReceiver.Answer.ok()), null);
        data.setPaused(hook, true); // nothing attempts the rows below meanwhile
        // Pending and due for two minutes at stage 3, its record lost (put back only after five).
        data.insertDelivery(
                owner,
                hook,
                UUID.randomUUID(),
                UUID.randomUUID(),
                Instant.now(),
                "{}",
                "pending",
                2,
                3,
                Instant.now().minus(Duration.ofMinutes(2)),
                null);

        backlog.measure();

        assertThat(backlog.stage(3).due()).isPositive();
        assertThat(backlog.stage(3).oldestDueSeconds()).isGreaterThanOrEqualTo(119);
        assertThat(registry.get("webhook.deliveries.oldest.due.age")
                        .tag("stage", "3")
                        .gauge()
                        .value())
                .isGreaterThanOrEqualTo(119);
        assertThat(registry.get("webhook.deliveries.due")
                        .tag("stage", "3")
                        .gauge()
                        .value())
                .isPositive();
        assertThat(registry.find("webhook.deliveries.due").gauges())
                .as("one per stage of the schedule: 1, 2, 3 and 4")
                .hasSize(4);
        jdbc.sql("delete from deliveries where subscription_id = :hook")
                .param("hook", hook)
                .update();
    }

    private double attempts(String outcome, String statusClass) {
        var counter = registry.find("webhook.delivery.attempts")
                .tag("outcome", outcome)
                .tag("status_class", statusClass)
                .counter();
        return counter == null ? 0 : counter.count();
    }
}
