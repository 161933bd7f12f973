package com.holidaylistings.integration.devstack.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.devstack.BackgroundProcesses;
import com.holidaylistings.integration.devstack.Database;
import com.holidaylistings.integration.devstack.DevEnvironment;
import com.holidaylistings.integration.devstack.LocalStack;
import com.holidaylistings.integration.devstack.StackLayout;
import com.holidaylistings.integration.devstack.secrets.StackSecrets;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The local PostgreSQL in a layout of its own, with the real server binaries, on a free port. */
class LocalPostgresIT {

    @TempDir
    Path root;

    private StackLayout layout;

    @AfterEach
    void purge() {
        if (layout != null) {
            LocalPostgres.stop(stack());
            Path home = layout.postgresHome();
            if (!home.equals(layout.postgresState())) {
                Directories.delete(home);
            }
        }
    }

    @Test
    void comesBackWithItsDataAfterItsServerWasKilled() throws Exception {
        layout = new StackLayout(root);
        int port = freePort();
        LocalStack first = stack(port);
        LocalPostgres.start(first);

        assertThat(first.started()).containsExactly("postgres");
        Database database = first.database();
        assertThat(database.jdbcUrl()).isEqualTo("jdbc:postgresql://127.0.0.1:" + port + "/owner_integration");
        try (Connection service = DriverManager.getConnection(
                        database.jdbcUrl(), "api_service", first.secrets().password("PG_API_SERVICE_PASSWORD"));
                Statement statement = service.createStatement();
                ResultSet user = statement.executeQuery("SELECT current_user")) {
            assertThat(user.next()).isTrue();
            assertThat(user.getString(1)).isEqualTo("api_service");
        }
        execute(database, "CREATE TABLE kept (id int); INSERT INTO kept VALUES (1)");

        LocalStack again = stack(port);
        LocalPostgres.start(again);
        assertThat(again.started()).isEmpty();

        long pid = first.processes().runningPid("postgres").orElseThrow();
        BackgroundProcesses.signal(pid, "KILL");
        assertThat(BackgroundProcesses.awaitExit(pid, Duration.ofSeconds(10))).isTrue();

        LocalStack afterKill = stack(port);
        LocalPostgres.start(afterKill);

        assertThat(afterKill.started()).containsExactly("postgres");
        assertThat(afterKill.processes().runningPid("postgres"))
                .isPresent()
                .get()
                .isNotEqualTo(pid);
        assertThat(count(afterKill.database(), "SELECT count(*) FROM kept")).isEqualTo(1);

        long restarted = afterKill.processes().runningPid("postgres").orElseThrow();
        LocalPostgres.stop(afterKill);
        assertThat(BackgroundProcesses.isAlive(restarted)).isFalse();
        assertThat(layout.pidFile("postgres")).doesNotExist();
    }

    private LocalStack stack(int port) {
        LocalStack stack = new LocalStack(
                layout,
                new DevEnvironment(Map.of("PATH", System.getenv("PATH"), "DEV_POSTGRES_PORT", Integer.toString(port))));
        stack.secrets(StackSecrets.ensure(stack));
        return stack;
    }

    private LocalStack stack() {
        return new LocalStack(layout, new DevEnvironment(Map.of("PATH", System.getenv("PATH"))));
    }

    private static void execute(Database database, String sql) throws SQLException {
        try (Connection connection =
                        DriverManager.getConnection(database.jdbcUrl(), database.username(), database.password());
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private static long count(Database database, String sql) throws SQLException {
        try (Connection connection =
                        DriverManager.getConnection(database.jdbcUrl(), database.username(), database.password());
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
