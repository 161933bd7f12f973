package com.holidaylistings.integration.devstack.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.holidaylistings.integration.devstack.DevEnvironment;
import com.holidaylistings.integration.devstack.LocalStack;
import com.holidaylistings.integration.devstack.StackFailure;
import com.holidaylistings.integration.devstack.StackLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PrometheusConfigTest {

    /** The checkout's alert rules (the tests run in the module's directory). */
    private static final Path OPS_RULES =
            Path.of("..", "ops", "prometheus").toAbsolutePath().normalize();

    @TempDir
    Path rules;

    @Test
    void theConfigurationScrapesTheServicesAndLoadsTheRuleFilesButTheirTests() throws IOException {
        Files.writeString(rules.resolve("alerts.yml"), "groups: []\n");
        Files.writeString(rules.resolve("alerts.test.yml"), "tests: []\n");
        Files.writeString(rules.resolve("README.md"), "not a rule file\n");

        assertThat(PrometheusConfig.text(rules)).isEqualTo("""
                        # Written by dev/up.sh (DEV_METRICS=1) on every start: edit dev-stack's PrometheusConfig.java, not this file.
                        global:
                          scrape_interval: 5s
                          scrape_timeout: 4s
                          evaluation_interval: 5s
                        rule_files:
                          - %s
                        scrape_configs:
                          - job_name: api-service
                            metrics_path: /actuator/prometheus
                            static_configs:
                              - targets: ["127.0.0.1:8081"]
                          - job_name: enquiry-ingest
                            metrics_path: /actuator/prometheus
                            static_configs:
                              - targets: ["127.0.0.1:8082"]
                          - job_name: webhook-dispatcher
                            metrics_path: /actuator/prometheus
                            static_configs:
                              - targets: ["127.0.0.1:8083"]
                        """.formatted(rules.resolve("alerts.yml")));
    }

    @Test
    void theExpectedAlertsAreTheNamesTheRuleFilesDefineOnceEach() throws IOException {
        Files.writeString(rules.resolve("alerts.yml"), """
                groups:
                  - name: one
                    rules:
                      - alert: RelayLagging
                        expr: up == 0
                      - alert: RelayLagging # two rules, one alert
                        expr: up == 1
                      -   alert:   ServiceDown
                        expr: up == 0
                      - record: job:up:sum
                        expr: sum(up)
                """);
        Files.writeString(rules.resolve("more.yml"), "groups:\n  - rules:\n      - alert: ApiServerErrors\n");
        Files.writeString(rules.resolve("alerts.test.yml"), "      - alert: NotARule\n");

        assertThat(PrometheusConfig.expectedAlerts(rules))
                .containsExactly("ApiServerErrors", "RelayLagging", "ServiceDown");
    }

    @Test
    void theCheckoutsRulesDefineTheAlertsOfTheRunbooks() {
        assertThat(PrometheusConfig.ruleFiles(OPS_RULES)).containsExactly(OPS_RULES.resolve("alerts.yml"));
        assertThat(PrometheusConfig.expectedAlerts(OPS_RULES))
                .contains("DeliveriesLate", "RelayLagging", "ServiceDown", "ServiceNotScraped")
                .allMatch(name -> name.matches("[A-Z][A-Za-z]+"));
    }

    @Test
    void devMetricsIsAFlagThatRefusesWhatItDoesNotKnow() {
        assertThat(Prometheus.enabled(stack(Map.of()))).isFalse();
        assertThat(Prometheus.enabled(stack(Map.of("DEV_METRICS", "off")))).isFalse();
        assertThat(Prometheus.enabled(stack(Map.of("DEV_METRICS", "yes")))).isTrue();
        assertThat(Prometheus.stackSettings(stack(Map.of("DEV_METRICS", "1", "DEV_PROMETHEUS_PORT", "29090"))))
                .isEqualTo(Map.of("PROMETHEUS_URL", "http://127.0.0.1:29090"));
        assertThatThrownBy(() -> Prometheus.enabled(stack(Map.of("DEV_METRICS", "2"))))
                .isInstanceOf(StackFailure.class)
                .hasMessage("DEV_METRICS must be 1 (start Prometheus too) or 0 (not 2)");
    }

    private LocalStack stack(Map<String, String> environment) {
        return new LocalStack(new StackLayout(rules), new DevEnvironment(environment));
    }
}
