package com.holidaylistings.integration.api.hookfindings;

import java.time.Duration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.listener.CommonErrorHandler;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.util.backoff.ExponentialBackOff;

@Configuration(proxyBeanMethods = false)
class HookFindingsConfig {

    /**
     * A record whose finding could not be stored (the database is away) is tried again, from half a
     * second up to every 10 s, for as long as it takes: Spring Kafka's default gives up after ten tries
     * and skips the record, which would lose the finding. Malformed records never get here
     * ({@link HookFindingsListener} skips them).
     */
    @Bean
    CommonErrorHandler hookFindingsErrorHandler() {
        ExponentialBackOff backOff = new ExponentialBackOff(500, 2.0);
        backOff.setMaxInterval(Duration.ofSeconds(10).toMillis());
        return new DefaultErrorHandler(backOff);
    }
}
