package com.holidaylistings.integration.api.tracing;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.otlp.OtlpTracingAutoConfiguration;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.otlp.OtlpTracingConnectionDetails;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.otlp.Transport;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/** OTEL_EXPORTER_OTLP_ENDPOINT names the collector as the OpenTelemetry SDKs read it; unset, nothing is exported. */
class OtlpEndpointFromEnvironmentTest {

    private final ApplicationContextRunner context = new ApplicationContextRunner()
            .withUserConfiguration(OtlpEndpointFromEnvironment.class)
            .withConfiguration(AutoConfigurations.of(OtlpTracingAutoConfiguration.class));

    @Test
    void exportsToTheTracesPathOfTheCollectorsBaseAddress() {
        context.withInitializer(environment("http://collector:4318/")).run(app -> {
            assertThat(app.getBean(OtlpTracingConnectionDetails.class).getUrl(Transport.HTTP))
                    .isEqualTo("http://collector:4318/v1/traces");
            assertThat(app.getBean(OtlpTracingConnectionDetails.class).getUrl(Transport.GRPC))
                    .isEqualTo("http://collector:4318");
            assertThat(app).hasSingleBean(OtlpHttpSpanExporter.class);
        });
    }

    @Test
    void exportsNothingWithoutAnEndpoint() {
        context.run(app -> assertThat(app).doesNotHaveBean(SpanExporter.class));
        context.withInitializer(environment("")).run(app -> assertThat(app).doesNotHaveBean(SpanExporter.class));
    }

    /** The variable as the process environment gives it. */
    private static ApplicationContextInitializer<ConfigurableApplicationContext> environment(String endpoint) {
        return app -> app.getEnvironment()
                .getPropertySources()
                .addFirst(new SystemEnvironmentPropertySource(
                        "environment", Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", endpoint)));
    }
}
