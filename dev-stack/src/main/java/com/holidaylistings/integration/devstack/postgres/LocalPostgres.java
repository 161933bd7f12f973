package com.holidaylistings.integration.devstack.postgres;

import com.holidaylistings.integration.devstack.BackgroundProcesses;
import com.holidaylistings.integration.devstack.Command;
import com.holidaylistings.integration.devstack.Console;
import com.holidaylistings.integration.devstack.Database;
import com.holidaylistings.integration.devstack.DevEnvironment;
import com.holidaylistings.integration.devstack.LocalStack;
import com.holidaylistings.integration.devstack.StackFailure;
import com.holidaylistings.integration.devstack.StackLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The stack's PostgreSQL: the one SPRING_DATASOURCE_URL names, else a local cluster on 127.0.0.1
 * (DEV_POSTGRES_PORT, 15432) with {@code wal_level=logical}, started unless it runs, and the services' roles.
 */
public final class LocalPostgres {

    private static final String NAME = "postgres";
    private static final int DEFAULT_PORT = 15432;
    /** SIGINT is PostgreSQL's fast shutdown (what {@code pg_ctl stop -m fast} sends). */
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);

    private LocalPostgres() {}

    /** Starts the local PostgreSQL unless it runs (or uses SPRING_DATASOURCE_URL); sets stack.database(). */
    public static void start(LocalStack stack) {
        DevEnvironment environment = stack.environment();
        Optional<String> external = environment.get("SPRING_DATASOURCE_URL");
        if (external.isPresent()) {
            stack.database(new Database(
                    external.get(),
                    environment.get("SPRING_DATASOURCE_USERNAME", ""),
                    environment.get("SPRING_DATASOURCE_PASSWORD", ""),
                    true));
            Console.say("PostgreSQL: using SPRING_DATASOURCE_URL=" + external.get());
            return;
        }
        StackLayout layout = stack.layout();
        BackgroundProcesses processes = stack.processes();
        int port = environment.integer("DEV_POSTGRES_PORT", DEFAULT_PORT);
        ServerUser user = ServerUser.resolve(environment);
        ClusterPlace place = ClusterPlace.resolve(layout, user);
        createDirectories(layout.pids(), layout.logs());

        Optional<Long> running = runningServer(processes, place);
        if (running.isPresent() && !Files.exists(layout.postgresState().resolve(ClusterSetup.ROLES_MARKER))) {
            Console.say("PostgreSQL: restarting it to make the services' roles (single-user mode)");
            Path bindir = PostgresBinaries.resolve(layout, environment, place.home());
            if (pgCtl(user, bindir, place, "stop", "-m", "fast").appendTo(layout.log(NAME)) != 0) {
                throw new StackFailure(
                        "could not stop PostgreSQL (pid " + running.get() + ") to make the services' roles");
            }
            running = Optional.empty();
        }
        if (running.isPresent()) {
            int runningPort = LockFiles.port(place.data()).orElse(port);
            stack.database(database(runningPort));
            Console.say("PostgreSQL: already running (pid " + running.get() + ", port " + runningPort + ")");
            return;
        }
        processes.removePidFile(NAME);

        Path bindir = PostgresBinaries.resolve(layout, environment, place.home());
        KilledServer.settle(layout, place, port);
        BackgroundProcesses.ensurePortFree(port, "PostgreSQL");
        processes.freshLog(NAME);
        ClusterSetup setup = new ClusterSetup(layout, user, bindir);
        if (!Files.isRegularFile(place.data().resolve("PG_VERSION"))) {
            setup.create(place.data());
        }
        setup.provisionRoles(place.data(), stack.secrets());
        user.makeDirectory(place.socketDirectory());

        Console.say("PostgreSQL: starting on 127.0.0.1:" + port + " (" + bindir + ", as " + user.description() + ")");
        if (pgCtl(user, bindir, place, "start", "-t", "60", "-o", serverOptions(bindir, place, port))
                        .appendTo(layout.log(NAME))
                != 0) {
            throw processes.failWithLog(NAME, "PostgreSQL did not start");
        }
        long pid = LockFiles.pid(LockFiles.postmaster(place.data()))
                .orElseThrow(() -> processes.failWithLog(NAME, "PostgreSQL wrote no postmaster.pid"));
        processes.writePidFile(NAME, pid);
        stack.started(NAME);
        stack.database(database(port));
    }

    /** Stops the local PostgreSQL (fast shutdown), if it runs. */
    public static void stop(LocalStack stack) {
        BackgroundProcesses processes = stack.processes();
        Optional<Long> pid = processes.pidToStop(NAME);
        if (pid.isEmpty()) {
            // Started by dev/up.sh but its pid file is gone: found through postmaster.pid.
            Path postmaster = LockFiles.postmaster(stack.layout().postgresHome().resolve("data"));
            pid = LockFiles.pid(postmaster).filter(candidate -> processes.isExpected(candidate, NAME));
            if (pid.isEmpty()) {
                return;
            }
        }
        Console.say(NAME + ": stopping (pid " + pid.get() + ")");
        processes.stop(pid.get(), "INT", STOP_TIMEOUT, NAME);
        processes.removePidFile(NAME);
    }

    /** The server of this cluster that runs, by its pid file, else adopted through postmaster.pid. */
    private static Optional<Long> runningServer(BackgroundProcesses processes, ClusterPlace place) {
        Optional<Long> pid = processes.runningPid(NAME);
        if (pid.isEmpty()) {
            // Started by an earlier run whose pid file is gone: adopt it.
            pid = LockFiles.pid(LockFiles.postmaster(place.data()))
                    .filter(candidate -> processes.isExpected(candidate, NAME));
            pid.ifPresent(adopted -> processes.writePidFile(NAME, adopted));
        }
        return pid;
    }

    /** {@code pg_ctl <action>} on the cluster as the server's user, waiting for it and saying nothing. */
    private static Command pgCtl(ServerUser user, Path bindir, ClusterPlace place, String action, String... options) {
        List<String> command = new ArrayList<>(List.of(
                bindir.resolve("pg_ctl").toString(), action, "-D", place.data().toString(), "-w", "-s"));
        command.addAll(List.of(options));
        return user.command(command);
    }

    /**
     * The server's settings: logical decoding for the outbox; connections for the services' pools (20 + 16
     * + a few) plus 64 pgbench clients in bench/run.sh api; per-statement counts and times
     * (pg_stat_statements, for profiles: docs/benchmarks/profile-per-enquiry.md) where the binaries have the
     * module (the embedded ones may not). pg_ctl hands them to a shell, hence the quotes.
     */
    static String serverOptions(Path bindir, ClusterPlace place, int port) {
        StringBuilder options = new StringBuilder("-p " + port + " -k '" + place.socketDirectory() + "'")
                .append(" -c listen_addresses=127.0.0.1")
                .append(" -c wal_level=logical -c max_wal_senders=10 -c max_replication_slots=10")
                .append(" -c max_connections=200");
        Path lib = bindir.resolve("..").resolve("lib");
        if (Files.exists(lib.resolve("pg_stat_statements.so"))
                || Files.exists(lib.resolve("postgresql").resolve("pg_stat_statements.so"))) {
            options.append(" -c shared_preload_libraries=pg_stat_statements");
        }
        return options.toString();
    }

    private static Database database(int port) {
        return new Database(
                "jdbc:postgresql://127.0.0.1:" + port + "/" + ClusterSetup.DATABASE,
                ClusterSetup.OWNER,
                ClusterSetup.OWNER_PASSWORD,
                false);
    }

    private static void createDirectories(Path... directories) {
        try {
            for (Path directory : directories) {
                Files.createDirectories(directory);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
