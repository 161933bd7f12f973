package com.holidaylistings.integration.dispatcher.tracing;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.otlp.OtlpTracingConnectionDetails;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.otlp.Transport;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Spans go by OTLP where OpenTelemetry's own variable says: {@code OTEL_EXPORTER_OTLP_ENDPOINT} is the
 * collector's base address ({@code /v1/traces} is added for OTLP/HTTP, as the OpenTelemetry SDKs do).
 * Unset, no OTLP exporter exists. Boot's {@code management.opentelemetry.tracing.export.otlp.endpoint},
 * set instead, is taken as it is.
 */
@Configuration(proxyBeanMethods = false)
class OtlpEndpointFromEnvironment {

    @Bean
    @ConditionalOnExpression("!'${otel.exporter.otlp.endpoint:}'.isBlank()") // set, and not to an empty value
    OtlpTracingConnectionDetails otlpConnectionFromEnvironment(
            @Value("${otel.exporter.otlp.endpoint}") String endpoint) {
        String base = endpoint.endsWith("/") ? endpoint.substring(0, endpoint.length() - 1) : endpoint;
        return transport -> transport == Transport.HTTP ? base + "/v1/traces" : base;
    }
}
