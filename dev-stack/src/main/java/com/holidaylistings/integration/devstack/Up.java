package com.holidaylistings.integration.devstack;

import com.holidaylistings.integration.devstack.demo.DemoData;
import com.holidaylistings.integration.devstack.demo.DemoSeed;
import com.holidaylistings.integration.devstack.kafka.LocalKafka;
import com.holidaylistings.integration.devstack.metrics.Prometheus;
import com.holidaylistings.integration.devstack.postgres.LocalPostgres;
import com.holidaylistings.integration.devstack.secrets.StackSecrets;
import com.holidaylistings.integration.devstack.services.LocalServices;
import com.holidaylistings.integration.devstack.services.ServiceBuild;
import com.holidaylistings.integration.devstack.services.ServiceModules;
import com.holidaylistings.integration.devstack.tracing.Zipkin;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;

/**
 * dev/up.sh: builds what is missing or stale, starts PostgreSQL, Kafka and the services that are not
 * running yet (with Zipkin under DEV_TRACING=1, Prometheus under DEV_METRICS=1), seeds demo data once and
 * writes {@code .dev/stack.env}. Starts only what is not running.
 */
final class Up {

    static final String USAGE = """
            Usage: dev/up.sh
            Builds what is missing or stale, starts PostgreSQL, Kafka and the services that are not
            running yet, seeds demo data once and writes .dev/stack.env. See dev/README.md.
            DEV_METRICS=1 also starts Prometheus (port DEV_PROMETHEUS_PORT, 19090) with the alert rules of
            ops/prometheus/ and writes PROMETHEUS_URL to .dev/stack.env.
            DEV_TRACING=1 also starts Zipkin (port DEV_ZIPKIN_PORT, 19411) and writes ZIPKIN_URL to .dev/stack.env.
            """;

    private Up() {}

    static void run(LocalStack stack) {
        long started = System.nanoTime();
        StackLayout layout = stack.layout();
        StackLock.take(layout);
        try {
            Files.createDirectories(layout.pids());
            Files.createDirectories(layout.logs());
            Files.createDirectories(layout.kafka());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        boolean metrics = Prometheus.enabled(stack);
        if (metrics) {
            Prometheus.ensureInstalled(stack);
        }
        List<String> modules = ServiceModules.present(stack);
        if (modules.isEmpty()) {
            Console.warn("no service module (" + String.join(" ", LocalStack.SERVICES) + ") in " + layout.root()
                    + ": starting PostgreSQL and Kafka only");
        }
        ServiceBuild.buildIfNeeded(stack, modules);
        stack.secrets(StackSecrets.ensure(stack));
        LocalPostgres.start(stack);
        LocalKafka.start(stack);
        Zipkin.start(stack); // before the services, which export their spans to it
        modules.forEach(module -> LocalServices.start(stack, module));
        if (metrics) {
            Prometheus.start(stack);
        }
        DemoData demo = DemoSeed.seedIfNeeded(stack);
        StackEnvFile.write(stack, demo);
        if (stack.started().isEmpty()) {
            Console.say("everything was already running");
        } else {
            Console.say("started: " + String.join(" ", stack.started()));
        }
        Summary.print(stack, modules, demo, Duration.ofNanos(System.nanoTime() - started));
        PortalLink.print(stack, demo);
    }
}
