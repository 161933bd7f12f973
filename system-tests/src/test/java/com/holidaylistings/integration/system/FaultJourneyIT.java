package com.holidaylistings.integration.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver.Answer;
import com.holidaylistings.integration.stack.Owner;
import com.holidaylistings.integration.stack.Stack;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The fault journey: enquiries stream at 15 a second while every process of the stack
 * (enquiry-ingest, webhook-dispatcher, the Kafka broker, api-service and PostgreSQL) is killed with
 * SIGKILL and brought back with dev/up.sh, in turn, with 3 seconds of traffic before each kill and
 * after the last restart. The listing site's retries carry idempotency keys: every enquiry sent is
 * accepted, exists exactly once in PostgreSQL, reaches the receiver at least once, and no answer is
 * a 500.
 */
class FaultJourneyIT {

    private static final int PER_SECOND = 15;
    private static final int BETWEEN_KILLS = 3 * PER_SECOND;

    @AfterEach
    void restoreTheStack() {
        Stack.up();
    }

    @Test
    void everyEnquiryIsCreatedOnceAndDeliveredThroughKillsOfEveryProcess() throws Exception {
        Owner owner = Owner.create("fault");
        long since = System.currentTimeMillis();
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            receiver.answerOthers(Answer.status(204));
            UUID hook = UUID.fromString(
                    owner.subscribe(receiver.url("/fault")).get("id").asString());
            try (EnquiryStream stream = EnquiryStream.start(owner.propertyId(), PER_SECOND)) {
                streamThroughKills(stream, receiver, owner, hook, since);
            }
        }
    }

    private static void streamThroughKills(
            EnquiryStream stream, WebhookReceiver receiver, Owner owner, UUID hook, long since) {
        UUID property = owner.propertyId();
        for (String process : List.of("enquiry-ingest", "webhook-dispatcher", "kafka", "api-service", "postgres")) {
            killAndRestartAfterMore(stream, process);
        }
        awaitMore(stream);
        stream.finish();

        Set<UUID> accepted = stream.awaitAccepted();
        int sent = stream.started();
        System.out.printf(
                "fault journey: failed intake calls (each sent again with its key): %s; accepted by a replayed"
                        + " answer: %d%n",
                stream.failures(), stream.replayed());
        Map<String, Integer> created = enquiriesBySubject(property);
        System.out.printf(
                "fault journey: %d enquiries in PostgreSQL with %d distinct subjects%n",
                created.values().stream().mapToInt(Integer::intValue).sum(), created.size());
        Tally tally = Tally.awaitSettled(
                "fault journey", accepted, receiver, Map.of("/fault", hook), since, Duration.ofMinutes(5));
        assertThat(tally.accepted()).as("enquiries accepted of %d sent", sent).isEqualTo(sent);
        assertThat(created).as("enquiries by subject").hasSize(sent);
        assertThat(created.values()).as("no enquiry created twice").containsOnly(1);
        assertThat(enquiryIds(property))
                .as("the enquiries created are those accepted")
                .isEqualTo(accepted);
        assertThat(tally.published()).isEqualTo(sent);
        assertThat(tally.delivered()).isEqualTo(sent);
        assertThat(stream.failures()).as("no server errors, only outages").doesNotContainKey("500");
        assertThat(Tally.invalidSignatures(receiver, owner.webhookSecret())).isZero();
    }

    /** Waits for {@link #BETWEEN_KILLS} more enquiries to be sent. */
    private static void awaitMore(EnquiryStream stream) {
        int until = stream.started() + BETWEEN_KILLS;
        await().atMost(Duration.ofMinutes(1)).until(() -> stream.started() >= until);
    }

    private static void killAndRestartAfterMore(EnquiryStream stream, String process) {
        awaitMore(stream);
        System.out.printf("fault journey: SIGKILL %s after %d enquiries%n", process, stream.started());
        long killed = System.nanoTime();
        Stack.kill(process);
        Stack.up();
        System.out.printf(
                "fault journey: %s back after %d enquiries, %.1f s after the kill%n",
                process, stream.started(), (System.nanoTime() - killed) / 1e9);
    }

    /** The number of enquiries about {@code property} per subject, straight from PostgreSQL. */
    private static Map<String, Integer> enquiriesBySubject(UUID property) {
        Map<String, Integer> counts = new HashMap<>();
        query(
                "select subject, count(*) from enquiries where property_id = ? group by subject",
                property,
                rows -> counts.put(rows.getString(1), rows.getInt(2)));
        return counts;
    }

    private static Set<UUID> enquiryIds(UUID property) {
        Set<UUID> ids = new HashSet<>();
        query(
                "select id from enquiries where property_id = ?",
                property,
                rows -> ids.add(rows.getObject(1, UUID.class)));
        return ids;
    }

    private interface Row {
        void read(ResultSet rows) throws SQLException;
    }

    private static void query(String sql, UUID property, Row row) {
        try (Connection db = DriverManager.getConnection(
                        Stack.setting("JDBC_URL"), Stack.setting("JDBC_USERNAME"), Stack.setting("JDBC_PASSWORD"));
                PreparedStatement query = db.prepareStatement(sql)) {
            query.setObject(1, property);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    row.read(rows);
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
