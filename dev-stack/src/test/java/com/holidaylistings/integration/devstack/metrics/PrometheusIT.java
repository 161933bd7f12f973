package com.holidaylistings.integration.devstack.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.devstack.BackgroundProcesses;
import com.holidaylistings.integration.devstack.DevEnvironment;
import com.holidaylistings.integration.devstack.LocalStack;
import com.holidaylistings.integration.devstack.StackLayout;
import com.holidaylistings.integration.stack.ServiceJars;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real prometheus binary (Debian's package; ops/test.sh installs it in CI) in a temporary layout. */
class PrometheusIT {

    @TempDir
    Path root;

    private LocalStack stack;

    @Test
    void startsWithTheRulesLoadedReloadsAndStops() throws IOException {
        Assumptions.assumeTrue(BackgroundProcesses.onPath("prometheus"), "no prometheus on PATH");
        Path rules = Files.createDirectories(root.resolve("ops/prometheus"));
        Files.copy(Path.of("..", "ops", "prometheus", "alerts.yml"), rules.resolve("alerts.yml"));
        int port = ServiceJars.freePort();
        stack = new LocalStack(
                new StackLayout(root), new DevEnvironment(Map.of("DEV_PROMETHEUS_PORT", Integer.toString(port))));
        PrometheusApi api = new PrometheusApi("http://127.0.0.1:" + port);

        Prometheus.start(stack);

        long pid = stack.processes().runningPid("prometheus").orElseThrow();
        assertThat(stack.started()).containsExactly("prometheus");
        assertThat(api.loadedAlerts()).containsAll(PrometheusConfig.expectedAlerts(rules));
        assertThat(Files.readString(root.resolve(".dev/prometheus/port"))).isEqualTo(port + "\n");

        Prometheus.start(stack);

        assertThat(stack.processes().runningPid("prometheus")).contains(pid);
        assertThat(api.lastReload().succeeded()).contains(true);

        Prometheus.stop(stack);

        assertThat(BackgroundProcesses.isAlive(pid)).isFalse();
        assertThat(root.resolve(".dev/pids/prometheus.pid")).doesNotExist();
    }

    @AfterEach
    void stopPrometheus() {
        if (stack != null) {
            stack.processes().runningPid("prometheus").ifPresent(pid -> BackgroundProcesses.signal(pid, "KILL"));
        }
    }
}
