package com.holidaylistings.integration.devstack.metrics;

import com.holidaylistings.integration.devstack.LocalStack;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The local Prometheus's configuration, written on every start: scrape the three services' management
 * ports every 5 s under the job names that the alert rules expect, and load the rule files of
 * ops/prometheus/ (every *.yml but the rules' tests, *.test.yml).
 */
final class PrometheusConfig {

    private static final Pattern ALERT = Pattern.compile("^\\s*-\\s*alert:\\s*([A-Za-z0-9_:]*).*");

    private PrometheusConfig() {}

    /** The rule files in {@code rulesDir}, by name. */
    static List<Path> ruleFiles(Path rulesDir) {
        if (!Files.isDirectory(rulesDir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(rulesDir)) {
            return files.filter(Files::isRegularFile)
                    .filter(file -> file.getFileName().toString().endsWith(".yml"))
                    .filter(file -> !file.getFileName().toString().endsWith(".test.yml"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The alert names that the rule files define: what /api/v1/rules must list once they are loaded. */
    static SortedSet<String> expectedAlerts(Path rulesDir) {
        SortedSet<String> alerts = new TreeSet<>();
        for (Path file : ruleFiles(rulesDir)) {
            try {
                for (String line : Files.readAllLines(file)) {
                    Matcher alert = ALERT.matcher(line);
                    if (alert.matches() && !alert.group(1).isEmpty()) {
                        alerts.add(alert.group(1));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return alerts;
    }

    /** The content of prometheus.yml for the rule files of {@code rulesDir}. */
    static String text(Path rulesDir) {
        StringBuilder text = new StringBuilder();
        text.append("# Written by dev/up.sh (DEV_METRICS=1) on every start: edit dev-stack's")
                .append(" PrometheusConfig.java, not this file.\n");
        text.append("global:\n  scrape_interval: 5s\n  scrape_timeout: 4s\n  evaluation_interval: 5s\n");
        text.append("rule_files:\n");
        ruleFiles(rulesDir).forEach(file -> text.append("  - ").append(file).append('\n'));
        text.append("scrape_configs:\n");
        for (String service : LocalStack.SERVICES) {
            text.append("  - job_name: ")
                    .append(service)
                    .append("\n    metrics_path: /actuator/prometheus\n    static_configs:\n")
                    .append("      - targets: [\"127.0.0.1:")
                    .append(LocalStack.managementPort(service))
                    .append("\"]\n");
        }
        return text.toString();
    }
}
