package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.stack.Stack;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What the figures were measured on: this machine, and the versions of what ran on it. */
final class Machine {

    private Machine() {}

    static Map<String, Object> describe(Db db) {
        Map<String, Object> machine = new LinkedHashMap<>();
        machine.put("cpu", firstMatch(Path.of("/proc/cpuinfo"), "(?m)^model name\\s*:\\s*(.+)$", "unknown"));
        machine.put("cores", Runtime.getRuntime().availableProcessors());
        machine.put("memory_gib", Math.round(kib("MemTotal") / 1024.0 / 1024.0 * 10) / 10.0);
        machine.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
        machine.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
        machine.put("postgresql", db.scalar("show server_version"));
        machine.put(
                "kafka",
                firstMatch(Stack.DIR.resolve("kafka/classpath.txt"), "kafka_[0-9.]+-([0-9.]+)\\.jar", "unknown"));
        machine.put("load_average", loadAverage());
        machine.put("note", "PostgreSQL, Kafka, the three services and the load generator all share these cores");
        return machine;
    }

    /** The 1-, 5- and 15-minute load averages when the benchmark started, as /proc/loadavg has them. */
    static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return fields[0] + " " + fields[1] + " " + fields[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    /** The 1-minute load average now. */
    static double load1() {
        try {
            return Double.parseDouble(loadAverage().split(" ")[0]);
        } catch (RuntimeException e) {
            return -1;
        }
    }

    private static long kib(String field) {
        String value = firstMatch(Path.of("/proc/meminfo"), "(?m)^" + field + ":\\s*(\\d+) kB$", "0");
        return Long.parseLong(value);
    }

    private static String firstMatch(Path file, String regex, String otherwise) {
        try {
            Matcher matcher = Pattern.compile(regex).matcher(Files.readString(file));
            return matcher.find() ? matcher.group(1).trim() : otherwise;
        } catch (IOException e) {
            return otherwise;
        }
    }
}
