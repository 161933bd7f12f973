package com.holidaylistings.integration.api.database;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.holidaylistings.integration.testsupport.TestPostgres;
import com.holidaylistings.integration.testsupport.TestSchema;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each service's database role has the rights its code uses and not the others: a flaw in one service
 * is not the whole database. Each service writes its own schema only (public: api-service's;
 * dispatcher: webhook-dispatcher's) and reads another's through its views (api_read, dispatcher_read).
 * Each test logs in as the role, seeing what its service sees by name, and tries what it must not do.
 */
class ServiceRolesIT {

    private static final String PERMISSION_DENIED = "42501";

    @ParameterizedTest
    @ValueSource(strings = {"api_service", "enquiry_ingest", "webhook_dispatcher"})
    void no_service_role_is_superuser_or_may_make_roles_or_databases(String role) throws SQLException {
        try (Connection db = login(role);
                Statement sql = db.createStatement();
                ResultSet rs = sql.executeQuery(
                        "select rolsuper, rolcreaterole, rolcreatedb, rolbypassrls from pg_roles where rolname = current_user")) {
            assertThat(rs.next()).isTrue();
            for (int column = 1; column <= 4; column++) {
                assertThat(rs.getBoolean(column))
                        .as("column %d of %s", column, role)
                        .isFalse();
            }
        }
    }

    @Test
    void the_dispatcher_cannot_read_access_tokens_idempotency_keys_portal_sessions_or_enquiries() throws SQLException {
        try (Connection db = login("webhook_dispatcher")) {
            for (String table : new String[] {
                "access_tokens",
                "idempotency_keys",
                "portal_sessions",
                "portal_links",
                "enquiries",
                "outbox",
                "owners",
                "webhook_subscriptions",
                "webhook_secrets",
                "hook_secrets",
                "hook_headers"
            }) {
                assertDenied(db, "select count(*) from public." + table);
            }
            assertDenied(db, "update webhook_secrets set secret = 'x'");
            assertDenied(db, "update hook_secrets set secret = 'x'");
            assertDenied(db, "update hook_headers set headers = 'x'");
            assertDenied(db, "update webhook_subscriptions set target_url = 'https://example.com/'");
            assertDenied(db, "update webhook_subscriptions set paused = true, disabled_at = now()");
            assertAllowed(db, "select count(*) from deliveries");
            assertAllowed(db, "select count(*) from webhook_secrets");
            assertAllowed(db, "select count(*) from hook_secrets");
            assertAllowed(db, "select count(*) from hook_headers");
            assertAllowed(db, "select count(*) from webhook_subscriptions");
        }
    }

    @Test
    void the_dispatcher_writes_its_findings_about_a_hook_to_its_own_rows_only() throws SQLException {
        try (Connection db = login("webhook_dispatcher")) {
            assertDenied(
                    db,
                    "update webhook_subscriptions set unsubscribed_at = now(), unsubscribe_reason = 'gone' where false");
            assertDenied(db, "update webhook_subscriptions set paused = true, disabled_at = now() where false");
            assertDenied(db, "update webhook_secrets set previous_secret = null where false");
            assertAllowed(db, "select resumed_at, paused, unsubscribed_at from webhook_subscriptions where false");
            assertAllowed(db, "update subscription_health set gone_at = now(), disabled_at = now() where false");
        }
        try (Connection db = login("api_service")) {
            assertAllowed(db, "select gone_at, disabled_at from subscription_health where false");
            assertDenied(db, "update subscription_health set disabled_at = null where false");
            assertAllowed(db, "update webhook_subscriptions set resumed_at = now() where false");
            assertAllowed(db, "update webhook_secrets set previous_secret = null where false");
            assertAllowed(db, "update hook_secrets set previous_secret = null where false");
            assertAllowed(db, "update hook_headers set headers = 'x' where false");
        }
    }

    @Test
    void the_dispatcher_makes_day_partitions_of_the_delivery_tables_only() throws SQLException {
        try (Connection db = login("webhook_dispatcher")) {
            assertAllowed(db, "select create_day_partitions('deliveries'::regclass, current_date, current_date + 1)");
            assertAllowed(db, "delete from deliveries_default where submitted_at < now() - interval '30 days'");
            assertDenied(db, "select drop_day_partitions('public.access_tokens'::regclass, current_date)");
            assertDenied(db, "select drop_day_partitions_of('deliveries'::regclass, current_date - 400)");
            assertDenied(db, "create table anything (id int)");
            assertDenied(db, "create table public.anything (id int)");
        }
    }

    @Test
    void ingest_writes_nothing_and_reads_nothing_but_the_outbox() throws SQLException {
        try (Connection db = login("enquiry_ingest")) {
            assertDenied(db, "insert into enquiries (id) values (gen_random_uuid())");
            assertDenied(db, "select count(*) from owners");
            assertDenied(db, "select count(*) from webhook_secrets");
            assertDenied(db, "select count(*) from hook_secrets");
            assertDenied(db, "select count(*) from hook_headers");
            assertDenied(db, "insert into outbox (id) values (gen_random_uuid())");
            assertDenied(db, "delete from outbox");
            assertDenied(db, "select count(*) from dispatcher.deliveries");
            assertAllowed(db, "select count(*) from outbox");
            // its heartbeat: a logical decoding message, no row
            assertAllowed(db, "select pg_logical_emit_message(false, 'enquiry-ingest.heartbeat', now()::text)");
        }
    }

    @Test
    void api_service_cannot_write_the_attempt_log_or_the_hooks_health_or_drop_partitions() throws SQLException {
        try (Connection db = login("api_service")) {
            assertDenied(db, "delete from delivery_attempts");
            assertDenied(db, "update subscription_health set consecutive_failures = 0");
            assertDenied(db, "delete from deliveries");
            assertDenied(db, "update deliveries set status = 'waiting'");
            assertDenied(db, "insert into webhook_events (event_id) values (gen_random_uuid())");
            assertDenied(db, "select count(*) from dispatcher.deliveries");
            assertDenied(db, "select dispatcher.drop_day_partitions('dispatcher.deliveries'::regclass, current_date)");
            assertDenied(db, "select count(*) from dispatcher.operational_events");
            assertDenied(db, "create table dispatcher.anything (id int)");
            assertAllowed(db, "select count(*) from access_tokens");
            assertAllowed(db, "select count(*) from deliveries");
            assertAllowed(db, "delete from outbox where false");
        }
    }

    @Test
    void api_service_reads_the_attempt_counts_for_the_statistics_but_writes_neither_them_nor_the_throttles_state()
            throws SQLException {
        try (Connection db = login("api_service")) {
            assertAllowed(db, "select count(*) from attempt_counts");
            assertDenied(db, "delete from attempt_counts");
            assertDenied(db, "select count(*) from dispatcher.hook_throttles");
            assertAllowed(
                    db, "update webhook_subscriptions set throttle_per_second = 5, disabled_at = null where false");
        }
    }

    @Test
    void every_table_has_exactly_one_writing_service_role_the_owner_of_its_schema() throws SQLException {
        TestPostgres.Connection owner = TestSchema.database();
        try (Connection db = DriverManager.getConnection(owner.jdbcUrl(), owner.username(), owner.password());
                Statement sql = db.createStatement();
                ResultSet rs = sql.executeQuery("""
                        select n.nspname, c.relname,
                               array(select r from unnest(array['api_service', 'enquiry_ingest', 'webhook_dispatcher']) r
                                      where has_any_column_privilege(r, c.oid, 'INSERT, UPDATE')
                                         or has_table_privilege(r, c.oid, 'DELETE, TRUNCATE')) as writers
                          from pg_class c join pg_namespace n on n.oid = c.relnamespace
                         where n.nspname in ('public', 'dispatcher', 'api_read', 'dispatcher_read')
                           and c.relkind in ('r', 'p', 'v') and not c.relispartition
                           and c.relname <> 'flyway_schema_history'
                        """)) {
            int tables = 0;
            while (rs.next()) {
                tables++;
                String schema = rs.getString(1);
                String table = schema + "." + rs.getString(2);
                String[] writers = (String[]) rs.getArray(3).getArray();
                switch (schema) {
                    case "public" -> assertThat(writers).as(table).containsExactly("api_service");
                    case "dispatcher" -> assertThat(writers).as(table).containsExactly("webhook_dispatcher");
                    default ->
                        assertThat(writers).as(table + ", a read contract").isEmpty();
                }
            }
            assertThat(tables).isGreaterThan(20);
        }
    }

    @Test
    void the_only_functions_that_run_with_their_owners_rights_are_the_dispatchers_partitions_in_its_own_schema()
            throws SQLException {
        TestPostgres.Connection owner = TestSchema.database();
        try (Connection db = DriverManager.getConnection(owner.jdbcUrl(), owner.username(), owner.password());
                Statement sql = db.createStatement();
                ResultSet rs = sql.executeQuery("""
                        select n.nspname || '.' || p.proname || ' owned by ' || pg_get_userbyid(p.proowner)
                          from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                         where p.prosecdef and n.nspname not in ('pg_catalog', 'information_schema')
                         order by 1
                        """)) {
            List<String> definers = new ArrayList<>();
            while (rs.next()) {
                definers.add(rs.getString(1));
            }
            assertThat(definers)
                    .containsExactly(
                            "dispatcher.create_day_partitions owned by " + TestPostgres.DISPATCHER_OWNER,
                            "dispatcher.drop_day_partitions owned by " + TestPostgres.DISPATCHER_OWNER);
        }
    }

    @Test
    void api_service_reads_the_deliveries_but_only_the_dispatcher_writes_them_and_its_applied_commands()
            throws SQLException {
        try (Connection db = login("api_service")) {
            assertAllowed(db, "select count(*) from deliveries");
            assertAllowed(db, "select count(*) from webhook_events");
            assertDenied(db, "update deliveries set status = 'waiting' where false");
            assertDenied(db, "update deliveries set requested_at = now(), request_id = 'r' where false");
            // Not even the throttle's release of the deliveries waiting for the old rate's starts: a command now.
            assertDenied(
                    db,
                    "update deliveries set throttled_until = null, next_attempt_at = now(), updated_at = now() "
                            + "where false");
            assertDenied(
                    db,
                    "insert into webhook_events (event_id, submitted_at, enquiry_id, payload) "
                            + "values (gen_random_uuid(), now(), gen_random_uuid(), '{}')");
            assertDenied(db, "select count(*) from dispatcher.applied_commands");
            assertAllowed(
                    db,
                    "insert into outbox (id, aggregate_type, aggregate_id, event_type, payload) "
                            + "values (gen_random_uuid(), 'delivery', gen_random_uuid(), 'delivery.test', '{}')");
        }
        try (Connection db = login("webhook_dispatcher")) {
            assertAllowed(db, "insert into applied_commands (command_id) values (gen_random_uuid())");
            assertAllowed(db, "delete from applied_commands where applied_at < now() - interval '3 days'");
            assertAllowed(db, "update deliveries set status = 'waiting' where false");
        }
    }

    private static Connection login(String role) throws SQLException {
        TestPostgres.Connection db = TestSchema.database().as(role);
        Connection connection = DriverManager.getConnection(db.jdbcUrl(), db.username(), db.password());
        connection.setAutoCommit(false); // every statement is rolled back
        return connection;
    }

    private static void assertDenied(Connection db, String statement) throws SQLException {
        assertThatThrownBy(() -> run(db, statement))
                .as(statement)
                .isInstanceOfSatisfying(
                        SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo(PERMISSION_DENIED));
        db.rollback();
    }

    private static void assertAllowed(Connection db, String statement) throws SQLException {
        assertThatCode(() -> run(db, statement)).as(statement).doesNotThrowAnyException();
        db.rollback();
    }

    private static void run(Connection db, String statement) throws SQLException {
        try (Statement sql = db.createStatement()) {
            sql.execute(statement);
        }
    }
}
