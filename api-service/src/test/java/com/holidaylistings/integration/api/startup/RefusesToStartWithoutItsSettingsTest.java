package com.holidaylistings.integration.api.startup;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.holidaylistings.integration.api.ApiServiceApplication;
import com.holidaylistings.integration.settings.MissingSettings;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;

/**
 * api-service has the check of the module service-settings: started without its database login and
 * its Kafka settings, it refuses before any bean and names each (the rules are tested there).
 */
@Tag("security")
class RefusesToStartWithoutItsSettingsTest {

    @Test
    void refusesToStartWithoutItsDatabaseLoginAndKafkaSettings() {
        assertThatThrownBy(() -> new SpringApplicationBuilder(ApiServiceApplication.class)
                        .run()
                        .close())
                .isInstanceOf(MissingSettings.class)
                .hasMessageStartingWith(
                        "api-service cannot start without SPRING_DATASOURCE_URL (spring.datasource.url)")
                .hasMessageContaining("KAFKA_SECURITY_PROTOCOL");
    }
}
