package com.holidaylistings.integration.devstack;

import com.holidaylistings.integration.devstack.demo.DemoData;
import com.holidaylistings.integration.devstack.metrics.Prometheus;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/** What dev/up.sh prints at its end: where everything is, and a first try of the API. */
final class Summary {

    private Summary() {}

    static void print(LocalStack stack, List<String> modules, DemoData demo, Duration took) {
        StackLayout layout = stack.layout();
        String envFile = layout.rel(layout.dev().resolve("stack.env"));
        String api = "https://127.0.0.1:" + LocalStack.API_PORT;
        StringBuilder out = new StringBuilder();
        out.append("\nThe local stack is up (").append(took.toSeconds()).append("s).\n\n");
        if (stack.processes().runningPid("api-service").isPresent()) {
            row(
                    out,
                    "API",
                    api + "/integration/v1  (CA certificate: "
                            + layout.rel(stack.secrets().caCertificate()) + ")");
            row(out, "API reference", api + "/integration/v1/openapi.json");
            row(out, "Internal API", api + "/internal/v1  (header X-Admin-Key: $ADMIN_API_KEY)");
        }
        Database database = stack.database();
        String login = "user " + database.username() + (database.external() ? "" : ", password " + database.password());
        row(out, "PostgreSQL", database.jdbcUrl() + "  (" + login + ")");
        row(out, "Kafka", stack.broker().bootstrapServers());
        row(out, "Settings", envFile);
        row(out, "Pid files", layout.rel(layout.pids()) + "/<process>.pid");
        Prometheus.stackSettings(stack)
                .values()
                .forEach(url -> row(
                        out, "Prometheus", url + "  (targets: /targets, alerts: /alerts; rules from ops/prometheus/)"));
        out.append(String.format("%n  %-20s %-8s %s%n", "process", "pid", "log"));
        List<String> processes = new ArrayList<>(List.of("postgres", "kafka"));
        processes.addAll(modules);
        processes.add("prometheus");
        for (String name : processes) {
            stack.processes()
                    .pidFile(name)
                    .ifPresent(pid ->
                            out.append(String.format("  %-20s %-8s %s%n", name, pid, layout.rel(layout.log(name)))));
        }
        for (String module : modules) {
            out.append(String.format(
                    "  %-20s readiness http://127.0.0.1:%d/actuator/health/readiness%n",
                    module, LocalStack.managementPort(module)));
        }
        if (demo.exists()) {
            LocalDate today = LocalDate.now(ZoneOffset.UTC);
            out.append("\nTry it (from the repository root):\n")
                    .append("  set -a; . ")
                    .append(envFile)
                    .append("; set +a\n")
                    .append(
                            "  curl --cacert \"$CA_CERT\" -H \"Authorization: Bearer $DEMO_TOKEN\" \"$API_BASE_URL/auth\"\n")
                    .append(
                            "  curl --cacert \"$CA_CERT\" -H \"Authorization: Bearer $DEMO_TOKEN\" \"$API_BASE_URL/properties\"\n")
                    .append(
                            "  curl --cacert \"$CA_CERT\" -H \"Authorization: Bearer $DEMO_TOKEN\" \"$API_BASE_URL/enquiries\"\n")
                    .append("  # a guest's enquiry, as the listing site sends it:\n")
                    .append(
                            "  curl --cacert \"$CA_CERT\" -H \"X-Admin-Key: $ADMIN_API_KEY\" -H 'Content-Type: application/json' \\\n")
                    .append("    -d '{\"property_id\":\"")
                    .append(demo.propertyId())
                    .append(
                            "\",\"subject\":\"Summer week\",\"message\":\"Is the cottage free that week?\",\"user_name\":\"Jane Guest\",\"user_email\":\"jane.guest@example.com\",\"party_details\":{\"group_size\":4,\"check_in\":\"")
                    .append(today.plusDays(30))
                    .append("\",\"check_out\":\"")
                    .append(today.plusDays(37))
                    .append("\",\"occasion\":\"Family holiday\"}}' \\\n")
                    .append("    \"$INTERNAL_BASE_URL/enquiries\"\n");
        }
        out.append("\nStop it with dev/down.sh (data kept; dev/down.sh --purge deletes it).\n");
        System.out.print(out);
        System.out.flush();
    }

    private static void row(StringBuilder out, String label, String value) {
        out.append(String.format("  %-20s %s%n", label, value));
    }
}
