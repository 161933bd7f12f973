package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.stack.Api;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One benchmark's results: its figures against their goals, its raw data, its charts and notes.
 * Written to {@code docs/benchmarks/<name>.json} (raw) and {@code <name>.md} (the table), after
 * which the index {@code docs/benchmarks/README.md} is made anew from every benchmark's JSON.
 */
final class Report {

    /** A goal: at most or at least a value. */
    record Goal(String comparison, double value) {

        static Goal atMost(double value) {
            return new Goal("<=", value);
        }

        static Goal atLeast(double value) {
            return new Goal(">=", value);
        }

        boolean metBy(double measured) {
            return comparison.equals("<=") ? measured <= value : measured >= value;
        }

        String text(String unit) {
            return (comparison.equals("<=") ? "≤ " : "≥ ") + Format.number(value) + Format.unitSuffix(unit);
        }
    }

    /** One measured figure, with its goal when it has one. */
    record Figure(String name, double measured, String unit, Goal goal) {

        Boolean met() {
            return goal == null ? null : goal.metBy(measured);
        }
    }

    private final String name;
    private final String title;
    private final String command;
    private final Instant startedAt = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    private final Map<String, Object> parameters = new LinkedHashMap<>();
    private final List<Figure> figures = new ArrayList<>();
    private final Map<String, Object> raw = new LinkedHashMap<>();
    private final List<String> charts = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private long lost;

    Report(String name, String title, String command) {
        this.name = name;
        this.title = title;
        this.command = command;
    }

    String name() {
        return name;
    }

    void parameter(String key, Object value) {
        parameters.put(key, value);
    }

    void figure(String figure, double measured, String unit, Goal goal) {
        figures.add(new Figure(figure, measured, unit, goal));
    }

    /** A count that must be zero: deliveries lost. A run with a loss fails. */
    void lost(String figure, long count) {
        figure(figure, count, "", Goal.atMost(0));
        lost += count;
    }

    long lost() {
        return lost;
    }

    void raw(String key, Object value) {
        raw.put(key, value);
    }

    void note(String note) {
        notes.add(note);
    }

    /** The path of a chart of this report, which is listed in its markdown. */
    Path chart(Path directory, String suffix) {
        String file = name + "-" + suffix + ".png";
        charts.add(file);
        return directory.resolve(file);
    }

    void write(Path directory, Map<String, Object> machine) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("benchmark", name);
        json.put("title", title);
        json.put("command", command);
        json.put("started_at", startedAt.toString());
        json.put("machine", machine);
        json.put("parameters", parameters);
        List<Map<String, Object>> figureList = new ArrayList<>();
        for (Figure figure : figures) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("figure", figure.name());
            entry.put("measured", figure.measured());
            entry.put("unit", figure.unit());
            entry.put("goal", figure.goal() == null ? null : figure.goal().text(figure.unit()));
            entry.put("met", figure.met());
            figureList.add(entry);
        }
        json.put("figures", figureList);
        json.put("raw", raw);
        json.put("charts", charts);
        json.put("notes", notes);
        try {
            Files.createDirectories(directory);
            Files.writeString(
                    directory.resolve(name + ".json"),
                    Api.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(json) + "\n");
            Files.writeString(directory.resolve(name + ".md"), markdown(machine));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Index.write(directory);
    }

    String table() {
        StringBuilder table = new StringBuilder(Format.TABLE_HEADER);
        for (Figure figure : figures) {
            table.append(Format.row(
                    figure.name(),
                    figure.measured(),
                    figure.unit(),
                    figure.goal() == null ? null : figure.goal().text(figure.unit()),
                    figure.met()));
        }
        return table.toString();
    }

    private String markdown(Map<String, Object> machine) {
        StringBuilder md = new StringBuilder();
        md.append("# ").append(title).append("\n\n");
        md.append("Measured ")
                .append(startedAt)
                .append(" with `")
                .append(command)
                .append("` ")
                .append("(raw results: [")
                .append(name)
                .append(".json](")
                .append(name)
                .append(".json)).\n\n");
        md.append(table()).append('\n');
        if (!parameters.isEmpty()) {
            md.append("Parameters: ");
            List<String> entries = new ArrayList<>();
            parameters.forEach((key, value) -> entries.add("`" + key + "` = " + value));
            md.append(String.join(", ", entries)).append(".\n\n");
        }
        for (String note : notes) {
            md.append(note).append("\n\n");
        }
        for (String chart : charts) {
            md.append("![").append(chart).append("](").append(chart).append(")\n\n");
        }
        md.append("Machine: ").append(Format.machine(machine)).append(".\n");
        return md.toString();
    }
}
