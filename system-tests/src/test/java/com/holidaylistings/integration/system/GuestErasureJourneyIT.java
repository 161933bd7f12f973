package com.holidaylistings.integration.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver.Answer;
import com.holidaylistings.integration.stack.Api;
import com.holidaylistings.integration.stack.Owner;
import com.holidaylistings.integration.stack.Stack;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A guest asks the listing site to be erased: after {@code POST /internal/v1/guests/erasures} no
 * table of any service holds the guest's name, e-mail address or message (searched in every row of
 * every table as text, the dispatcher's copies included, which it erases when {@code enquiry.erased}
 * reaches it), downstream teams read the erasure on {@code enquiry.erased} with the enquiry's id and
 * nothing of the guest, and a redelivery of the erased enquiry sends the anonymised event. Another
 * guest's enquiry to the same owner is left as it was.
 */
class GuestErasureJourneyIT {

    private static final Duration DEADLINE = Duration.ofMinutes(1);

    @Test
    void anErasedGuestIsInNoTableAndDownstreamTeamsAreTold() throws Exception {
        Owner owner = Owner.create("erasure");
        String marker = UUID.randomUUID().toString().substring(0, 8);
        String name = "Erin Erasable " + marker;
        String email = "erin." + marker + "@example.org";
        String message = "Please forget me afterwards " + marker;
        String other = "Otto Kept " + marker.toUpperCase();
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            String hook = owner.subscribe(receiver.url("/erasure", Answer.status(204)))
                    .get("id")
                    .asString();
            UUID erased = enquiry(owner, name, email, message);
            UUID kept = enquiry(owner, other, "otto." + marker + "@example.org", "Keep mine");
            await("both deliveries")
                    .atMost(DEADLINE)
                    .until(() -> receiver.firstDelivery("/erasure", erased) != null
                            && receiver.firstDelivery("/erasure", kept) != null);
            assertThat(tablesHolding(email)).as("before the erasure").isNotEmpty();

            JsonNode answer = Api.internal("POST", "/guests/erasures", Map.of("email", email.toUpperCase()))
                    .expect(200);

            assertThat(answer.get("enquiries").asInt()).isEqualTo(1);
            await("every copy erased, the dispatcher's too")
                    .atMost(DEADLINE)
                    .until(() -> tablesHolding(name).isEmpty()
                            && tablesHolding(email).isEmpty()
                            && tablesHolding(message).isEmpty());
            assertThat(tablesHolding(other)).as("another guest's enquiry").isNotEmpty();
            List<JsonNode> erasures = erasuresOf(erased);
            assertThat(erasures).hasSize(1);
            assertThat(erasures.getFirst().toString()).doesNotContain(marker);
            assertThat(Api.internal("POST", "/guests/erasures", Map.of("email", email))
                            .expect(200)
                            .get("enquiries")
                            .asInt())
                    .as("erased once")
                    .isZero();

            Api.internal(
                            "POST",
                            "/owners/" + owner.id() + "/hooks/" + hook + "/deliveries/" + erased + "/redeliver",
                            null)
                    .expect(202);
            await("the redelivery")
                    .atMost(DEADLINE)
                    .until(() -> receiver.requests("/erasure").stream()
                                    .filter(delivery -> erased.equals(delivery.enquiryId()))
                                    .count()
                            == 2);
            String redelivered = receiver.requests("/erasure").stream()
                    .filter(delivery -> erased.equals(delivery.enquiryId()))
                    .reduce((first, second) -> second)
                    .orElseThrow()
                    .body();
            assertThat(redelivered).contains(erased.toString()).doesNotContain(name, email, message);
        }
    }

    private static UUID enquiry(Owner owner, String name, String email, String message) throws Exception {
        JsonNode created = Api.internal(
                        "POST",
                        "/enquiries",
                        Map.of("Idempotency-Key", UUID.randomUUID().toString()),
                        Map.of(
                                "property_id",
                                owner.propertyId().toString(),
                                "subject",
                                "A week in July",
                                "message",
                                message,
                                "user_name",
                                name,
                                "user_email",
                                email,
                                "party_details",
                                Map.of("group_size", 2, "check_in", "2027-07-03", "check_out", "2027-07-10")))
                .expect(201);
        return UUID.fromString(created.get("enquiry").get("id").asString());
    }

    /** The tables (schema.table) with a row whose text holds {@code text}, in every schema of the stack's services. */
    private static List<String> tablesHolding(String text) throws SQLException {
        List<String> tables = new ArrayList<>();
        try (Connection db = DriverManager.getConnection(
                        Stack.setting("JDBC_URL"), Stack.setting("JDBC_USERNAME"), Stack.setting("JDBC_PASSWORD"));
                Statement statement = db.createStatement()) {
            List<String> all = new ArrayList<>();
            try (ResultSet rs = statement.executeQuery("""
                    select format('%I.%I', table_schema, table_name) from information_schema.tables
                     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
                    """)) {
                while (rs.next()) {
                    all.add(rs.getString(1));
                }
            }
            for (String table : all) {
                try (var query =
                        db.prepareStatement("select exists (select 1 from " + table + " t where t::text ilike ?)")) {
                    query.setString(1, "%" + text.replace("%", "\\%").replace("_", "\\_") + "%");
                    try (ResultSet rs = query.executeQuery()) {
                        rs.next();
                        if (rs.getBoolean(1)) {
                            tables.add(table);
                        }
                    }
                }
            }
        }
        return tables;
    }

    /** The records of {@code enquiry.erased} about {@code enquiryId}, read from the start as a downstream team reads them. */
    private static List<JsonNode> erasuresOf(UUID enquiryId) {
        Map<String, Object> config = new HashMap<>(Stack.kafkaClient("downstream"));
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        List<JsonNode> found = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer =
                new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor("enquiry.erased", Duration.ofSeconds(30)).stream()
                    .map(info -> new TopicPartition(info.topic(), info.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            await("enquiry.erased").atMost(DEADLINE).until(() -> {
                consumer.poll(Duration.ofMillis(500)).forEach(record -> {
                    if (enquiryId.toString().equals(record.key())) {
                        found.add(Api.JSON.readTree(record.value()));
                    }
                });
                return !found.isEmpty();
            });
        }
        return found;
    }
}
