package com.holidaylistings.integration.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.mock.env.MockEnvironment;

/**
 * A service with this module refuses to start without its own database login or its Kafka settings,
 * and says which are missing: nothing falls back to a default login or to plain-text Kafka. The
 * failure comes before any bean, so no database or broker is needed here. Each service's own test
 * checks that it has the module.
 */
@Tag("security")
@ExtendWith(OutputCaptureExtension.class)
class RequiredSettingsTest {

    private static final String KAFKA = "--spring.kafka.bootstrap-servers=127.0.0.1:9";

    @Test
    void refusesToStartWithoutItsDatabaseLoginAndNamesEachMissingSetting(CapturedOutput output) {
        assertThatThrownBy(() -> start(KAFKA, "--spring.kafka.security.protocol=PLAINTEXT"))
                .isInstanceOf(MissingSettings.class)
                .hasMessage(
                        "webhook-dispatcher cannot start without SPRING_DATASOURCE_URL (spring.datasource.url),"
                                + " SPRING_DATASOURCE_USERNAME (spring.datasource.username), SPRING_DATASOURCE_PASSWORD (spring.datasource.password)");
        assertThat(output)
                .contains(
                        "APPLICATION FAILED TO START",
                        "was started without these settings",
                        "SPRING_DATASOURCE_USERNAME (spring.datasource.username)",
                        "Nothing falls back to a default login");
    }

    @Test
    void refusesPlainTextKafkaThatNobodyAskedFor() {
        assertThatThrownBy(() -> start(
                        KAFKA,
                        "--spring.datasource.url=jdbc:postgresql://127.0.0.1:9/x",
                        "--spring.datasource.username=webhook_dispatcher",
                        "--spring.datasource.password=secret"))
                .isInstanceOf(MissingSettings.class)
                .hasMessage(
                        "webhook-dispatcher cannot start without KAFKA_SECURITY_PROTOCOL (spring.kafka.security.protocol)");
    }

    @Test
    void anAuthenticatingProtocolNeedsTheServicesOwnPrincipal() {
        MockEnvironment environment = withDatabaseAndKafka().withProperty("spring.kafka.security.protocol", "SASL_SSL");
        assertThat(RequiredSettings.missing(environment))
                .map(Object::toString)
                .containsExactly("KAFKA_USERNAME", "KAFKA_PASSWORD");

        environment.withProperty("KAFKA_USERNAME", "webhook-dispatcher").withProperty("KAFKA_PASSWORD", "secret");
        assertThat(RequiredSettings.missing(environment)).isEmpty();
    }

    @Test
    void anEmptyValueCountsAsMissing() {
        MockEnvironment environment = withDatabaseAndKafka()
                .withProperty("spring.datasource.password", "")
                .withProperty("spring.kafka.security.protocol", "PLAINTEXT");
        assertThat(RequiredSettings.missing(environment))
                .map(RequiredSettings.Setting::variable)
                .containsExactly("SPRING_DATASOURCE_PASSWORD");
    }

    private static MockEnvironment withDatabaseAndKafka() {
        return new MockEnvironment()
                .withProperty("spring.datasource.url", "jdbc:postgresql://db/owner_integration")
                .withProperty("spring.datasource.username", "webhook_dispatcher")
                .withProperty("spring.datasource.password", "secret")
                .withProperty("spring.kafka.bootstrap-servers", "kafka:9092");
    }

    /** A service as each is: a Spring Boot application with auto-configuration. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class SomeService {}

    private static void start(String... arguments) {
        new SpringApplicationBuilder(SomeService.class)
                .web(WebApplicationType.NONE)
                .properties("spring.application.name=webhook-dispatcher")
                .run(arguments)
                .close();
    }
}
