package com.holidaylistings.integration.settings;

import java.util.stream.Collectors;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Says which settings a refused start lacks and what each is for, instead of a stack trace. */
public class MissingSettingsAnalyzer extends AbstractFailureAnalyzer<MissingSettings> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, MissingSettings cause) {
        String settings =
                cause.settings().stream().map(setting -> "    " + setting).collect(Collectors.joining("\n"));
        return new FailureAnalysis(
                cause.service() + " was started without these settings (not set, or empty):\n" + settings,
                "Give the service each of them (docs/operations/configuration.md, 2.1): the login of its own database role, the"
                        + " Kafka bootstrap servers, and KAFKA_SECURITY_PROTOCOL (SASL_SSL or SASL_PLAINTEXT with its own"
                        + " principal in KAFKA_USERNAME and KAFKA_PASSWORD; PLAINTEXT only for a broker that authenticates"
                        + " nobody). Nothing falls back to a default login or to plain-text Kafka.",
                cause);
    }
}
