package com.holidaylistings.integration.dispatcher.startup;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.holidaylistings.integration.dispatcher.WebhookDispatcherApplication;
import com.holidaylistings.integration.settings.MissingSettings;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;

/**
 * webhook-dispatcher has the check of the module service-settings: started without its database login and
 * its Kafka settings, it refuses before any bean and names each (the rules are tested there).
 */
@Tag("security")
class RefusesToStartWithoutItsSettingsTest {

    @Test
    void refusesToStartWithoutItsDatabaseLoginAndKafkaSettings() {
        assertThatThrownBy(() -> new SpringApplicationBuilder(WebhookDispatcherApplication.class)
                        .run()
                        .close())
                .isInstanceOf(MissingSettings.class)
                .hasMessageStartingWith(
                        "webhook-dispatcher cannot start without SPRING_DATASOURCE_URL (spring.datasource.url)")
                .hasMessageContaining("KAFKA_SECURITY_PROTOCOL");
    }
}
