package com.holidaylistings.integration.devstack;

import java.nio.file.Path;
import java.util.List;

/**
 * The launcher of the local stack: {@code up} is dev/up.sh, {@code down [--purge]} is dev/down.sh, and
 * {@code running <process>...} tells the other scripts whether the stack's processes run. The
 * wrappers pick a JDK, build this module when its sources changed, and pass the checkout as
 * {@code -Dstack.root}. Exits 1 with one ERROR line when a step fails, 2 on a wrong argument.
 */
public final class DevStack {

    private DevStack() {}

    public static void main(String[] args) {
        System.exit(run(List.of(args)));
    }

    /**
     * {@code running [--any] <process>...}: 0 when every process named runs (with --any: one of them), 1
     * otherwise; prints nothing.
     */
    private static int running(List<String> arguments) {
        BackgroundProcesses processes =
                new BackgroundProcesses(new StackLayout(Path.of(System.getProperty("stack.root", "."))));
        boolean any = arguments.getFirst().equals("--any");
        List<String> names = any ? arguments.subList(1, arguments.size()) : arguments;
        java.util.function.Predicate<String> runs =
                name -> processes.runningPid(name).isPresent();
        return (any ? names.stream().anyMatch(runs) : names.stream().allMatch(runs)) ? 0 : 1;
    }

    static int run(List<String> args) {
        String command = args.isEmpty() ? "" : args.getFirst();
        if (command.equals("running") && args.size() > 1) {
            return running(args.subList(1, args.size()));
        }
        String option = args.size() > 1 ? args.get(1) : "";
        boolean help = option.equals("-h") || option.equals("--help");
        String usage = command.equals("down") ? Down.USAGE : Up.USAGE;
        if (help) {
            System.out.print(usage);
            return 0;
        }
        boolean purge = command.equals("down") && option.equals("--purge");
        if (!(command.equals("up") || command.equals("down")) || args.size() > 2 || (!option.isEmpty() && !purge)) {
            System.err.print(usage);
            return 2;
        }
        LocalStack stack = new LocalStack(
                new StackLayout(Path.of(System.getProperty("stack.root", "."))), new DevEnvironment(System.getenv()));
        try {
            if (command.equals("up")) {
                Up.run(stack);
            } else {
                Down.run(stack, purge);
            }
            return 0;
        } catch (StackFailure e) {
            Console.error(e.getMessage());
            return 1;
        }
    }
}
