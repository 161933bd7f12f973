package com.holidaylistings.integration.devstack.services;

import com.holidaylistings.integration.devstack.BackgroundProcesses;
import com.holidaylistings.integration.devstack.Console;
import com.holidaylistings.integration.devstack.LocalStack;
import com.holidaylistings.integration.devstack.StackFailure;
import com.holidaylistings.integration.devstack.StackLayout;
import com.holidaylistings.integration.devstack.tracing.Zipkin;
import com.holidaylistings.integration.stack.Jdk;
import com.holidaylistings.integration.stack.Management;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The services as processes of the stack: each started from its jar (warm, when it can) with its settings
 * file and its JVM options on its ports, and ready once its readiness probe says UP; stopped all at once.
 */
public final class LocalServices {

    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration STOP_UNREADY_TIMEOUT = Duration.ofSeconds(20);
    private static final Duration READY_POLL = Duration.ofSeconds(1);

    private LocalServices() {}

    /** Starts the service unless it runs, and waits until it is ready. */
    public static void start(LocalStack stack, String module) {
        StackLayout layout = stack.layout();
        BackgroundProcesses processes = stack.processes();
        Map<String, String> settings = ServiceEnvironmentFile.write(stack, module);
        Optional<Long> running = processes.runningPid(module);
        if (running.isPresent()) {
            Console.say(module + ": already running (pid " + running.get() + ")");
            if (!Management.isReady(LocalStack.managementPort(module))) {
                waitForService(stack, module, running.get());
            }
            return;
        }
        processes.removePidFile(module);
        Path jar = ServiceJar.find(layout.root(), module)
                .orElseThrow(() -> new StackFailure("no jar for " + module + " in "
                        + layout.rel(layout.root().resolve(module).resolve("target"))));
        int management = LocalStack.managementPort(module);
        int server = LocalStack.serverPort(module);
        BackgroundProcesses.ensurePortFree(server, module);
        BackgroundProcesses.ensurePortFree(management, module + " (management)");
        processes.freshLog(module);
        Console.say(module + ": starting " + layout.rel(jar) + " (port " + server + ", management " + management + ")");

        Map<String, String> environment = new LinkedHashMap<>(Zipkin.serviceEnvironment(stack));
        environment.putAll(settings);
        environment.put("SERVER_PORT", Integer.toString(server));
        environment.put("MANAGEMENT_SERVER_PORT", Integer.toString(management));
        // glibc gives each busy thread its own malloc arena: two keep resident memory in check
        environment.put("MALLOC_ARENA_MAX", stack.environment().get("MALLOC_ARENA_MAX", "2"));
        List<String> jvmOptions = JvmOptions.of(layout.root(), module, stack.environment());
        List<String> command = new ArrayList<>();
        command.add(Jdk.tool("java").toString());
        command.addAll(jvmOptions);
        command.addAll(WarmStart.launchArguments(stack, module, jar, jvmOptions, environment));
        long pid = processes.launch(module, command, environment);
        waitForService(stack, module, pid);
        stack.started(module);
        Console.say(module + ": ready (pid " + pid + ")");
    }

    /** Stops every running service: SIGTERM to all at once, each up to 30 s, then SIGKILL. */
    public static void stopAll(LocalStack stack) {
        BackgroundProcesses processes = stack.processes();
        Map<String, Long> signalled = new LinkedHashMap<>();
        for (String name : LocalStack.SERVICES.reversed()) {
            processes.pidToStop(name).ifPresent(pid -> {
                Console.say(name + ": stopping (pid " + pid + ")");
                BackgroundProcesses.signal(pid, "TERM");
                signalled.put(name, pid);
            });
        }
        // They were all signalled at once; each gets up to the timeout from now.
        signalled.forEach((name, pid) -> {
            processes.stop(pid, "TERM", STOP_TIMEOUT, name);
            processes.removePidFile(name);
        });
    }

    /**
     * Waits until {@code name} is ready (DEV_READY_TIMEOUT); fails with the end of its log when it exits
     * first, or stops it and fails when it is not ready in time.
     */
    private static void waitForService(LocalStack stack, String name, long pid) {
        BackgroundProcesses processes = stack.processes();
        Duration timeout = stack.environment().readyTimeout();
        long deadline = System.nanoTime() + timeout.toNanos();
        int port = LocalStack.managementPort(name);
        while (!Management.isReady(port)) {
            if (!BackgroundProcesses.isAlive(pid)) {
                processes.removePidFile(name);
                throw processes.failWithLog(name, "exited before it was ready");
            }
            if (System.nanoTime() - deadline >= 0) {
                processes.stop(pid, "TERM", STOP_UNREADY_TIMEOUT, name);
                processes.removePidFile(name);
                throw processes.failWithLog(
                        name,
                        "not ready within " + timeout.toSeconds() + "s at http://127.0.0.1:" + port
                                + "/actuator/health/readiness (stopped it)");
            }
            BackgroundProcesses.sleep(READY_POLL);
        }
    }
}
