package com.holidaylistings.integration.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The TCP connections open to a local port, from the kernel's tables ({@code /proc/net/tcp} and
 * {@code tcp6}), sampled every 100 ms while a run lasts: the most open at once, and how many were
 * opened (distinct client ports seen; a connection opened and closed between two samples is
 * missed, so this is a lower bound). Only the load generator connects to the API during a
 * benchmark, so these are its connections.
 */
final class HttpsConnections {

    private static final List<Path> TABLES = List.of(Path.of("/proc/net/tcp"), Path.of("/proc/net/tcp6"));
    private static final String ESTABLISHED = "01";

    private final String remotePort;
    private final Set<String> seen = ConcurrentHashMap.newKeySet();
    private final Thread thread;
    private volatile boolean running = true;
    private volatile int peakOpen;

    private HttpsConnections(int port) {
        remotePort = String.format("%04X", port);
        thread = Thread.ofVirtual().start(() -> {
            while (running) {
                sample();
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
    }

    static HttpsConnections watch(int port) {
        return new HttpsConnections(port);
    }

    void stop() {
        running = false;
        thread.interrupt();
        sample();
    }

    int peakOpen() {
        return peakOpen;
    }

    int opened() {
        return seen.size();
    }

    private void sample() {
        Set<String> open = new HashSet<>();
        for (Path table : TABLES) {
            try {
                for (String line : Files.readAllLines(table)) {
                    String[] fields = line.trim().split("\\s+");
                    // sl local_address rem_address st ...: a client's side has the port as its remote port
                    if (fields.length > 3 && fields[3].equals(ESTABLISHED) && fields[2].endsWith(":" + remotePort)) {
                        open.add(fields[1]);
                    }
                }
            } catch (IOException | RuntimeException e) {
                // no such table here
            }
        }
        seen.addAll(open);
        peakOpen = Math.max(peakOpen, open.size());
    }
}
