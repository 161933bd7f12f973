package com.holidaylistings.integration.api.database;

import javax.sql.DataSource;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Puts Spring Boot's pool behind {@link FailFastDataSource}, for everything that uses the DataSource. */
@Configuration(proxyBeanMethods = false)
class DatabaseConfig {

    @Bean
    static BeanPostProcessor failFastDataSource() {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String name) {
                return bean instanceof DataSource pool && !(bean instanceof FailFastDataSource)
                        ? new FailFastDataSource(pool)
                        : bean;
            }
        };
    }
}
