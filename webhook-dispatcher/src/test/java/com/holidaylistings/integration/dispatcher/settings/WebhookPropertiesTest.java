package com.holidaylistings.integration.dispatcher.settings;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.dispatcher.RetryPolicy;
import com.holidaylistings.integration.targets.TargetAddressRule;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

class WebhookPropertiesTest {

    @Test
    void makesOneAttemptMoreThanThereAreDelays() {
        assertThat(Settings.documentedDefaults().retrySchedule().attempts()).isEqualTo(6);
        assertThat(Settings.withRetryDelays(Duration.ofSeconds(1))
                        .retrySchedule()
                        .attempts())
                .isEqualTo(2);
    }

    @Test
    void defaultsToTheScheduleTheSpecificationGives() {
        WebhookProperties bound = bind(Map.of());

        assertThat(bound).isEqualTo(Settings.documentedDefaults());
        assertThat(bound.retrySchedule().attempts()).isEqualTo(6);
        assertThat(bound.retryDelays().get(4)).isEqualTo(Duration.ofHours(4));
        assertThat(bound.attemptLogRetry())
                .isEqualTo(new RetryPolicy(6, Duration.ofMillis(100), Duration.ofSeconds(3)));
        assertThat(bound.forwardRetry()).isEqualTo(new RetryPolicy(10, Duration.ofMillis(200), Duration.ofSeconds(10)));
    }

    @Test
    void readsDelaysWrittenAsTheEnvironmentGivesThem() {
        WebhookProperties bound = bind(Map.of("webhook.retry-delays", "500ms,10s,1m,4h", "webhook.timeout", "2s"));

        assertThat(bound.retryDelays())
                .containsExactly(
                        Duration.ofMillis(500), Duration.ofSeconds(10), Duration.ofMinutes(1), Duration.ofHours(4));
        assertThat(bound.retrySchedule().attempts()).isEqualTo(5);
        assertThat(bound.timeout()).isEqualTo(Duration.ofSeconds(2));
    }

    @Test
    void readsTheSecretOverlapAndTheFailingThreshold() {
        WebhookProperties defaults = bind(Map.of());
        assertThat(defaults.secretOverlap()).isEqualTo(Duration.ofHours(24));
        assertThat(defaults.failingAfter()).isEqualTo(4);

        WebhookProperties bound = bind(Map.of("webhook.secret-overlap", "1s", "webhook.failing-after", "2"));

        assertThat(bound.secretOverlap()).isEqualTo(Duration.ofSeconds(1));
        assertThat(bound.failingAfter()).isEqualTo(2);
    }

    @Test
    void refusesTheLocalStacksPortsByDefaultAndReadsAListOfPorts() {
        assertThat(bind(Map.of()).refusedPorts())
                .containsExactlyInAnyOrder(5432, 8081, 8082, 8083, 8443, 9092, 9093, 15432, 19092, 19093);

        WebhookProperties bound =
                bind(Map.of("webhook.refused-ports", "5432,9092", "webhook.allow-private-targets", "true"));

        assertThat(bound.refusedPorts()).containsExactlyInAnyOrder(5432, 9092);
        assertThat(bound.targetAddressRule()).isEqualTo(new TargetAddressRule(true, Set.of(5432, 9092)));
    }

    @Test
    void readsTheInfrastructureRetryPolicies() {
        WebhookProperties bound = bind(Map.of(
                "webhook.forward-retry.max-attempts",
                "3",
                "webhook.forward-retry.first-backoff",
                "50ms",
                "webhook.forward-retry.max-backoff",
                "1s"));

        assertThat(bound.forwardRetry()).isEqualTo(new RetryPolicy(3, Duration.ofMillis(50), Duration.ofSeconds(1)));
    }

    @Test
    void readsTheOwnersLanesAndTheRowPollSettings() {
        WebhookProperties defaults = bind(Map.of());
        assertThat(defaults.maxInFlight()).isEqualTo(1024);
        assertThat(defaults.maxInFlightPerOwner()).isEqualTo(64);
        assertThat(defaults.maxInFlightPerHook()).isEqualTo(32);
        assertThat(defaults.maxQueuedPerOwner()).isEqualTo(2_000);
        assertThat(defaults.maxQueued()).isEqualTo(2_000);
        assertThat(defaults.rowPollInterval()).isEqualTo(Duration.ofSeconds(1));
        assertThat(defaults.overdueAfter()).isEqualTo(Duration.ofMinutes(5));
        assertThat(defaults.infrastructureRetry()).isEqualTo(Duration.ofSeconds(5));

        WebhookProperties bound = bind(Map.of(
                "webhook.max-in-flight-per-owner",
                "8",
                "webhook.max-queued-per-owner",
                "16",
                "webhook.max-in-flight",
                "100",
                "webhook.row-poll-interval",
                "250ms",
                "webhook.overdue-after",
                "2m",
                "webhook.max-in-flight-per-hook",
                "4"));

        assertThat(bound.maxInFlightPerOwner()).isEqualTo(8);
        assertThat(bound.maxQueuedPerOwner()).isEqualTo(16);
        assertThat(bound.maxInFlight()).isEqualTo(100);
        assertThat(bound.maxInFlightPerHook()).isEqualTo(4);
        assertThat(bound.rowPollInterval()).isEqualTo(Duration.ofMillis(250));
        assertThat(bound.overdueAfter()).isEqualTo(Duration.ofMinutes(2));
    }

    private static WebhookProperties bind(Map<String, String> properties) {
        return new Binder(new MapConfigurationPropertySource(properties))
                .bindOrCreate("webhook", WebhookProperties.class);
    }
}
