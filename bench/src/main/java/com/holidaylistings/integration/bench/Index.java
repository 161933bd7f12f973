package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.stack.Api;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;

/** docs/benchmarks/README.md: every benchmark's latest figures against their goals, from its JSON. */
final class Index {

    /**
     * The order of the benchmarks in the issue that asked for them; fairness, asked for later, beside
     * isolation; the traffic mix, the whole pipeline under realistic traffic, after them.
     */
    private static final List<String> ORDER = List.of(
            "api",
            "e2e",
            "intake",
            "dispatcher",
            "isolation",
            "fairness",
            "retry",
            "resources",
            "recovery",
            "hook-pages",
            "throttle",
            "mix");

    private Index() {}

    static void write(Path directory) {
        List<JsonNode> results = new ArrayList<>();
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).toList()) {
                results.add(Api.JSON.readTree(Files.readString(file)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        results.sort(Comparator.comparingInt(result -> {
            int position = ORDER.indexOf(result.get("benchmark").asString());
            return position < 0 ? ORDER.size() : position;
        }));
        StringBuilder md = new StringBuilder("""
                # Benchmark results

                Written by the benchmarks of [bench/](../../bench/README.md); each run replaces its own
                files here and this index. Every figure was measured on one machine that runs PostgreSQL,
                Kafka, the three services and the load generator together. The largest gap found, its
                profile, its fix and the figures before and after: [profile.md](profile.md). The
                dispatcher's redesign against the code before it, measured in one session:
                [dispatcher-redesign.md](dispatcher-redesign.md). The delivery's home (one row per
                delivery, owners' lanes) against the code before it, measured in one session:
                [delivery-model.md](delivery-model.md). The partitioned delivery tables at one day of
                200 enquiries/s, their purge and reads, on a PostgreSQL of their own (`bench/partitions.sh`):
                [partitions.md](partitions.md). Least privilege (SASL, a role per service, secrets encrypted at
                rest) against the code before it, end to end at 200/s: [least-privilege.md](least-privilege.md).
                Where the CPU goes at rest, process by process (JFR): [profile-at-rest.md](profile-at-rest.md).
                Where it goes per enquiry, by process, PostgreSQL backend and statement: [profile-per-enquiry.md](profile-per-enquiry.md).
                Each page here holds its benchmark's latest run; the headline figures of earlier runs are in
                [history.md](history.md), one row each.

                """);
        for (JsonNode result : results) {
            String name = result.get("benchmark").asString();
            md.append("## [")
                    .append(result.get("title").asString())
                    .append("](")
                    .append(name)
                    .append(".md)\n\n");
            md.append("`")
                    .append(result.get("command").asString())
                    .append("`, ")
                    .append(result.get("started_at").asString())
                    .append(".\n\n");
            md.append(Format.TABLE_HEADER);
            for (JsonNode figure : result.get("figures")) {
                md.append(Format.row(
                        figure.get("figure").asString(),
                        figure.get("measured").asDouble(),
                        figure.get("unit").asString(),
                        figure.get("goal").isNull() ? null : figure.get("goal").asString(),
                        figure.get("met").isNull() ? null : figure.get("met").asBoolean()));
            }
            md.append('\n');
        }
        if (!results.isEmpty()) {
            JsonNode machine = results.getLast().get("machine");
            md.append("Machine: ")
                    .append(Format.machine(Api.JSON.convertValue(machine, Map.class)))
                    .append(".\n");
        }
        try {
            Files.writeString(directory.resolve("README.md"), md.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
