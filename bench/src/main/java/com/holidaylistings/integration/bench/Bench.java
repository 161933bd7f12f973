package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.stack.Stack;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Runs one benchmark of bench/README.md against the running local stack and writes its results to
 * docs/benchmarks/. Exits with 1 when the run lost a delivery, and 2 on a usage error.
 */
public final class Bench {

    private static final List<String> BENCHMARKS = List.of(
            "api",
            "e2e",
            "intake",
            "dispatcher",
            "isolation",
            "retry",
            "resources",
            "recovery",
            "fairness",
            "hook-pages",
            "throttle");
    /** Run only by name, not by {@code all}, for their length: mix takes about 25 minutes. */
    private static final List<String> BY_NAME_ONLY = List.of("mix");

    private Bench() {}

    public static void main(String[] args) throws Exception {
        System.setProperty("java.awt.headless", "true");
        if (args.length != 1
                || !(BENCHMARKS.contains(args[0]) || BY_NAME_ONLY.contains(args[0]) || args[0].equals("all"))) {
            System.err.println("usage: bench/run.sh <" + String.join(" | ", BENCHMARKS) + " | "
                    + String.join(" | ", BY_NAME_ONLY) + " | all>");
            System.exit(2);
        }
        Db db = new Db();
        Path output = Stack.ROOT.resolve("docs/benchmarks");
        Duration phase = Duration.ofSeconds(Long.getLong("bench.seconds", 60));
        long lost = 0;
        for (String name : args[0].equals("all") ? BENCHMARKS : List.of(args[0])) {
            Map<String, Object> machine = Machine.describe(db);
            Report report = switch (name) {
                case "api" -> new ApiBench(db, output, Duration.ofSeconds(Long.getLong("bench.seconds", 30))).run();
                case "e2e" -> new EndToEndBench(db, output, phase).run();
                case "intake" ->
                    new IntakeCapacityBench(output, Duration.ofSeconds(Long.getLong("bench.seconds", 30))).run();
                case "dispatcher" ->
                    new DispatcherBench(
                                    db,
                                    output,
                                    Integer.getInteger("bench.enquiries", 10000),
                                    Integer.getInteger("bench.subscriptions", 10),
                                    Duration.ofSeconds(Long.getLong("bench.warmup.seconds", 20)))
                            .run();
                case "isolation" -> new IsolationBench(db, output, phase).run();
                case "retry" -> new RetryBench(db, output, phase).run();
                case "recovery" -> new RecoveryBench(db, output).run();
                case "fairness" -> new FairnessBench(db, output).run();
                case "hook-pages" -> new HookPagesBench(db).run();
                case "throttle" -> new ThrottleBench(db).run();
                case "mix" -> new MixBench(db, output, Duration.ofSeconds(Long.getLong("bench.seconds", 600))).run();
                default -> new ResourcesBench(db, phase).run();
            };
            report.write(output, machine);
            System.out.printf(
                    "%n%s%n%s%nwritten to %s%n", report.name(), report.table(), output.resolve(report.name() + ".md"));
            lost += report.lost();
        }
        if (lost > 0) {
            System.err.println("FAILED: " + lost + " deliveries lost");
            System.exit(1);
        }
        System.exit(0);
    }
}
