package com.holidaylistings.integration.settings;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.context.annotation.Bean;

/** Gives every service that has this module the check of {@link RequiredSettings}. */
@AutoConfiguration
public class RequiredSettingsAutoConfiguration {

    /** Static: a bean factory post-processor is made before the configuration class itself. */
    @Bean
    static RequiredSettings requiredSettings() {
        return new RequiredSettings();
    }
}
