package com.holidaylistings.integration.devstack.postgres;

import com.holidaylistings.integration.devstack.BackgroundProcesses;
import com.holidaylistings.integration.devstack.Console;
import com.holidaylistings.integration.devstack.Secrets;
import com.holidaylistings.integration.devstack.StackLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * What is done to the cluster while no server runs, in single-user mode (the embedded binaries have no
 * psql): its creation, and the services' roles, made or brought up to date before each start.
 */
final class ClusterSetup {

    static final String DATABASE = "owner_integration";
    static final String OWNER = "owner_integration";
    static final String OWNER_PASSWORD = "owner_integration";

    /** The marker tells a running server that predates the roles (it is restarted to make them). */
    static final String ROLES_MARKER = "roles.v2";

    private final StackLayout layout;
    private final BackgroundProcesses processes;
    private final ServerUser user;
    private final Path bindir;
    private final Path log;

    ClusterSetup(StackLayout layout, ServerUser user, Path bindir) {
        this.layout = layout;
        this.processes = new BackgroundProcesses(layout);
        this.user = user;
        this.bindir = bindir;
        this.log = layout.log("postgres");
    }

    /** initdb, then the schema owner's role and the database; the roles' rights come from {@link #provisionRoles}. */
    void create(Path data) {
        Path tmp = data.resolveSibling(data.getFileName() + ".init");
        Console.say("creating the PostgreSQL cluster (" + data + ")");
        Directories.delete(tmp);
        user.makeDirectory(tmp);
        List<String> initdb = List.of(
                bindir.resolve("initdb").toString(),
                "-D",
                tmp.toString(),
                "-U",
                "postgres",
                "-E",
                "UTF8",
                "--locale=C",
                "--auth-local=trust",
                "--auth-host=scram-sha-256");
        if (user.command(initdb).appendTo(log) != 0) {
            throw processes.failWithLog("postgres", "initdb failed");
        }
        String sql = """
                CREATE ROLE %1$s WITH LOGIN PASSWORD '%2$s';
                CREATE DATABASE %3$s OWNER %1$s;
                """.formatted(OWNER, OWNER_PASSWORD, DATABASE);
        if (user.command(singleUser(tmp)).input(sql).appendTo(log) != 0 || logHasError()) {
            throw processes.failWithLog("postgres", "creating the role and database failed");
        }
        try {
            Files.move(tmp, data);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The roles (docs/operations/security.md, "Security" and "Who owns which table"): the database's owner
     * owns api-service's schema (public) and runs its migrations (REPLICATION to make the outbox's slot
     * before the first enquiry, V6); webhook_dispatcher_owner owns the dispatcher's schemas, which the
     * dispatcher migrates at its start (it may create schemas in the database, nothing else); each service
     * logs in as its own role, none of them superuser, seeing its own schema and the read contract it may
     * read (search_path); the grants come with each service's migrations. The stack's own account
     * (JDBC_USERNAME in .dev/stack.env, which the system tests, the benchmarks and an operator's psql use)
     * may also act as the dispatcher's schema owner, as a DBA would: in production the two owners stay
     * apart.
     */
    void provisionRoles(Path data, Secrets secrets) {
        String sql = """
                DO $$BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'api_service') THEN CREATE ROLE api_service; END IF; END$$;
                DO $$BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'enquiry_ingest') THEN CREATE ROLE enquiry_ingest; END IF; END$$;
                DO $$BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'webhook_dispatcher') THEN CREATE ROLE webhook_dispatcher; END IF; END$$;
                DO $$BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'webhook_dispatcher_owner') THEN CREATE ROLE webhook_dispatcher_owner; END IF; END$$;
                ALTER ROLE %1$s WITH LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB REPLICATION PASSWORD '%2$s';
                ALTER ROLE api_service WITH LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB NOREPLICATION PASSWORD '%4$s';
                ALTER ROLE enquiry_ingest WITH LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB REPLICATION PASSWORD '%5$s';
                ALTER ROLE webhook_dispatcher WITH LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB NOREPLICATION PASSWORD '%6$s';
                ALTER ROLE webhook_dispatcher_owner WITH LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB NOREPLICATION PASSWORD '%7$s';
                GRANT CREATE ON DATABASE %3$s TO webhook_dispatcher_owner;
                GRANT webhook_dispatcher_owner TO %1$s;
                ALTER ROLE %1$s SET search_path = public, dispatcher;
                ALTER ROLE api_service SET search_path = public, dispatcher_read;
                ALTER ROLE webhook_dispatcher SET search_path = dispatcher, api_read;
                """.formatted(
                        OWNER,
                        OWNER_PASSWORD,
                        DATABASE,
                        secrets.password("PG_API_SERVICE_PASSWORD"),
                        secrets.password("PG_ENQUIRY_INGEST_PASSWORD"),
                        secrets.password("PG_WEBHOOK_DISPATCHER_PASSWORD"),
                        secrets.password("PG_WEBHOOK_DISPATCHER_OWNER_PASSWORD"));
        // Its exit status says little (single-user mode goes on after an error): its output tells.
        String output = user.command(singleUser(data)).input(sql).capture().output();
        try {
            Files.writeString(
                    log, output.replaceFirst("\n+$", "") + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (output.contains("ERROR:")) {
            throw processes.failWithLog("postgres", "making the service roles failed");
        }
        try {
            Files.createDirectories(layout.postgresState());
            Path marker = layout.postgresState().resolve(ROLES_MARKER);
            if (!Files.exists(marker)) {
                Files.createFile(marker);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private List<String> singleUser(Path data) {
        return List.of(bindir.resolve("postgres").toString(), "--single", "-D", data.toString(), "-F", "postgres");
    }

    private boolean logHasError() {
        try {
            return Files.readString(log).contains("ERROR:");
        } catch (IOException e) {
            return false;
        }
    }
}
