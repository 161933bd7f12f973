package com.holidaylistings.integration.devstack.services;

import com.holidaylistings.integration.devstack.BackgroundProcesses;
import com.holidaylistings.integration.devstack.Command;
import com.holidaylistings.integration.devstack.Console;
import com.holidaylistings.integration.devstack.LocalStack;
import com.holidaylistings.integration.devstack.StackFailure;
import com.holidaylistings.integration.devstack.StackLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Packages the services that need it with Maven, before anything starts: a service that runs keeps its
 * jar (it is only warned about when that jar is older than its sources), one whose jar is missing or
 * stale is built, with the modules it depends on, in one Maven run.
 */
public final class ServiceBuild {

    private ServiceBuild() {}

    /** Builds the jars of the modules that are not running and whose jar is missing or stale. */
    public static void buildIfNeeded(LocalStack stack, List<String> modules) {
        Path root = stack.layout().root();
        List<String> toBuild = new ArrayList<>();
        for (String module : modules) {
            Optional<Path> jar = ServiceJar.find(root, module);
            if (stack.processes().runningPid(module).isPresent()) {
                if (jar.isPresent() && ServiceJar.isStale(root, module, jar.get())) {
                    Console.warn(module + " is running on a jar older than its sources: restart it (dev/down.sh, then"
                            + " dev/up.sh) to run the changed code");
                }
                continue;
            }
            if (jar.isEmpty() || ServiceJar.isStale(root, module, jar.get())) {
                toBuild.add(module);
            }
        }
        if (toBuild.isEmpty()) {
            return;
        }
        StackLayout layout = stack.layout();
        String projects = String.join(",", toBuild);
        Console.say("building " + projects + " (mvn package, log: " + layout.rel(layout.log("build")) + ")");
        int status = maven(layout, List.of("-B", "-q", "-DskipTests", "package", "-pl", projects, "-am"));
        if (status != 0) {
            throw stack.processes().failWithLog("build", "the build failed");
        }
        for (String module : toBuild) {
            if (ServiceJar.find(root, module).isEmpty()) {
                throw new StackFailure("the build produced no jar for " + module + " in "
                        + layout.rel(root.resolve(module).resolve("target")));
            }
        }
    }

    /** Runs mvn in the checkout with {@code arguments}, its output in .dev/logs/build.log; answers its status. */
    private static int maven(StackLayout layout, List<String> arguments) {
        if (!BackgroundProcesses.onPath("mvn")) {
            throw new StackFailure("Maven (mvn) is needed on PATH");
        }
        List<String> command = new ArrayList<>();
        command.add("mvn");
        command.addAll(arguments);
        return Command.of(command).in(layout.root()).writeTo(layout.log("build"));
    }
}
