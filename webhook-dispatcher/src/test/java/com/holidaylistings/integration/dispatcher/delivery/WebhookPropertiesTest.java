package com.holidaylistings.integration.dispatcher.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

class WebhookPropertiesTest {

    @Test
    void makesOneAttemptMoreThanThereAreDelays() {
        assertThat(Settings.documentedDefaults().maxAttempts()).isEqualTo(6);
        assertThat(Settings.withRetryDelays(Duration.ofSeconds(1)).maxAttempts()).isEqualTo(2);
    }

    @Test
    void waitsTheNthDelayAfterTheNthFailedAttempt() {
        WebhookProperties properties = Settings.withRetryDelays(
                Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(3));

        assertThat(properties.delayAfter(1)).isEqualTo(Duration.ofSeconds(1));
        assertThat(properties.delayAfter(2)).isEqualTo(Duration.ofSeconds(2));
        assertThat(properties.delayAfter(3)).isEqualTo(Duration.ofSeconds(3));
    }

    @Test
    void hasNoDelayAfterTheLastAttempt() {
        WebhookProperties properties = Settings.withRetryDelays(Duration.ofSeconds(1), Duration.ofSeconds(2));

        assertThat(properties.delayAfter(3)).isNull();
        assertThat(properties.delayAfter(4)).isNull();
    }

    @Test
    void defaultsToTheScheduleTheSpecificationGives() {
        WebhookProperties bound = bind(Map.of());

        assertThat(bound).isEqualTo(Settings.documentedDefaults());
        assertThat(bound.maxAttempts()).isEqualTo(6);
        assertThat(bound.delayAfter(5)).isEqualTo(Duration.ofHours(4));
    }

    @Test
    void readsDelaysWrittenAsTheEnvironmentGivesThem() {
        WebhookProperties bound = bind(Map.of("webhook.retry-delays", "500ms,10s,1m,4h", "webhook.timeout", "2s"));

        assertThat(bound.retryDelays()).containsExactly(
                Duration.ofMillis(500), Duration.ofSeconds(10), Duration.ofMinutes(1), Duration.ofHours(4));
        assertThat(bound.maxAttempts()).isEqualTo(5);
        assertThat(bound.timeout()).isEqualTo(Duration.ofSeconds(2));
    }

    private static WebhookProperties bind(Map<String, String> properties) {
        return new Binder(new MapConfigurationPropertySource(properties)).bindOrCreate("webhook", WebhookProperties.class);
    }
}
