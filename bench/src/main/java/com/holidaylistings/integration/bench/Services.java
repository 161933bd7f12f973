package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.stack.Management;
import com.holidaylistings.integration.stack.Stack;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The stack's three services as processes: memory, pause and resume, restart with other settings. */
final class Services {

    static final List<String> NAMES = List.of("api-service", "enquiry-ingest", "webhook-dispatcher");

    private Services() {}

    static int managementPort(String service) {
        return switch (service) {
            case "api-service" -> Management.API_SERVICE;
            case "enquiry-ingest" -> Management.ENQUIRY_INGEST;
            default -> Management.WEBHOOK_DISPATCHER;
        };
    }

    /** Resident memory (VmRSS) of the service's process, in MiB. */
    static double residentMiB(String service) {
        try {
            String status = Files.readString(
                    Path.of("/proc", Long.toString(Stack.process(service).pid()), "status"));
            for (String line : status.split("\n")) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("\\D", "")) / 1024.0;
                }
            }
            throw new IllegalStateException("no VmRSS for " + service);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Map<String, Double> residentMiB() {
        Map<String, Double> memory = new LinkedHashMap<>();
        NAMES.forEach(service -> memory.put(service, residentMiB(service)));
        return memory;
    }

    /** Restarts {@code service} (SIGTERM, then dev/up.sh) with {@code environment} added to its settings. */
    static void restartWith(String service, Map<String, String> environment) {
        Stack.terminate(service);
        Stack.up(environment);
    }

    /** SIGSTOP: the process stops running, holding its connections, until {@link #resume}. */
    static void pause(String service) {
        signal(service, "STOP");
    }

    /** SIGCONT. */
    static void resume(String service) {
        signal(service, "CONT");
    }

    private static void signal(String service, String signal) {
        try {
            Process kill = new ProcessBuilder(
                            "kill",
                            "-" + signal,
                            Long.toString(Stack.process(service).pid()))
                    .inheritIO()
                    .start();
            if (kill.waitFor() != 0) {
                throw new IllegalStateException("kill -" + signal + " " + service + " failed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
