package com.holidaylistings.integration.dispatcher.log;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.dispatcher.DispatcherIntegrationTest;
import com.holidaylistings.integration.dispatcher.TestData;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The delivery tables kept to WEBHOOK_ATTEMPT_RETENTION (30 days) by DeliveryRetention: the coming
 * week's day partitions made ahead, a day older than the retention dropped whole, rows that fell into
 * a default partition deleted by row once older than the retention, and nothing recent touched.
 * Each test uses days of its own, so that the shared database's partitions do not collide.
 */
class DeliveryRetentionIT extends DispatcherIntegrationTest {

    private static final List<String> TABLES = List.of("delivery_attempts", "deliveries", "webhook_events");
    private static final DateTimeFormatter DAY = DateTimeFormatter.BASIC_ISO_DATE;

    @Autowired
    private DeliveryRetention retention;

    @Test
    void makesTheComingWeeksPartitionsAhead() {
        retention.maintain();

        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        for (String table : TABLES) {
            for (int ahead = 0; ahead <= 7; ahead++) {
                assertThat(partitionExists(partition(table, today.plusDays(ahead))))
                        .as("%s, %d days ahead", table, ahead)
                        .isTrue();
            }
        }
    }

    @Test
    void dropsADayOlderThanTheRetentionWithItsRowsAndKeepsRecentOnes() {
        TestData.Owner owner = data.owner();
        UUID subscription = data.subscribe(owner, receiver.url("/kept", WebhookReceiver.Answer.ok()), null);
        LocalDate oldDay = LocalDate.now(ZoneOffset.UTC).minusDays(40);
        for (String table : TABLES) {
            jdbc.sql("select create_day_partitions(cast(:table as regclass), :day, :day)")
                    .param("table", table)
                    .param("day", oldDay)
                    .query(Integer.class)
                    .single();
            assertThat(partitionExists(partition(table, oldDay))).isTrue();
        }
        Instant oldAt = oldDay.atTime(12, 0).toInstant(ZoneOffset.UTC);
        Instant recentAt = Instant.now().minus(Duration.ofHours(1));
        UUID oldEnquiry = UUID.randomUUID();
        UUID recentEnquiry = UUID.randomUUID();
        String oldDelivery = delivered(owner, subscription, oldEnquiry, oldAt);
        String recentDelivery = delivered(owner, subscription, recentEnquiry, recentAt);
        assertThat(countIn(partition("deliveries", oldDay), oldDelivery)).isOne();
        assertThat(countIn(partition("delivery_attempts", oldDay), oldDelivery)).isOne();

        retention.maintain();

        for (String table : TABLES) {
            assertThat(partitionExists(partition(table, oldDay)))
                    .as("%s's day 40 days ago", table)
                    .isFalse();
        }
        assertThat(data.delivery(subscription, oldEnquiry)).isEmpty();
        assertThat(data.attempts(subscription, oldEnquiry)).isEmpty();
        assertThat(data.delivery(subscription, recentEnquiry))
                .get()
                .extracting(TestData.Delivery::status)
                .isEqualTo("succeeded");
        assertThat(data.attempts(subscription, recentEnquiry))
                .extracting(TestData.Attempt::webhookId)
                .containsExactly(recentDelivery);
        assertThat(data.storedPayloads(
                        data.delivery(subscription, recentEnquiry).orElseThrow().eventId()))
                .hasSize(1);
        assertThat(partitionExists(partition("deliveries", LocalDate.now(ZoneOffset.UTC))))
                .isTrue();
        assertThat(retention.dropOlderThan("deliveries", Duration.ofDays(30)))
                .as("nothing left to drop")
                .isZero();
    }

    @Test
    void dropsOnlyTheDaysThatEndedBeforeTheRetention() {
        LocalDate justOlder = LocalDate.now(ZoneOffset.UTC).minusDays(50);
        LocalDate justYounger = LocalDate.now(ZoneOffset.UTC).minusDays(20);
        for (LocalDate day : List.of(justOlder, justYounger)) {
            jdbc.sql("select create_day_partitions(cast('delivery_attempts' as regclass), :day, :day)")
                    .param("day", day)
                    .query(Integer.class)
                    .single();
        }

        int dropped = retention.dropOlderThan("delivery_attempts", Duration.ofDays(30));

        assertThat(dropped).isGreaterThanOrEqualTo(1);
        assertThat(partitionExists(partition("delivery_attempts", justOlder))).isFalse();
        assertThat(partitionExists(partition("delivery_attempts", justYounger))).isTrue();
        jdbc.sql("drop table " + partition("delivery_attempts", justYounger)).update();
    }

    @Test
    void deletesRowsOfTheDefaultPartitionsOlderThanTheRetention() {
        TestData.Owner owner = data.owner();
        UUID subscription = data.subscribe(owner, receiver.url("/kept", WebhookReceiver.Answer.ok()), null);
        // Days without a partition of their own: an event older than the partitions made at install, asked for again.
        UUID oldEnquiry = UUID.randomUUID();
        UUID youngerEnquiry = UUID.randomUUID();
        String old = delivered(owner, subscription, oldEnquiry, Instant.now().minus(Duration.ofDays(60)));
        String younger =
                delivered(owner, subscription, youngerEnquiry, Instant.now().minus(Duration.ofDays(10)));
        for (String table : TABLES) {
            assertThat(count(table + "_default", subscriptionRows(table), subscription))
                    .as(table)
                    .isGreaterThanOrEqualTo(1);
        }

        retention.maintain();

        assertThat(data.delivery(subscription, oldEnquiry)).isEmpty();
        assertThat(data.attempts(subscription, oldEnquiry)).isEmpty();
        assertThat(data.delivery(subscription, youngerEnquiry))
                .get()
                .extracting(TestData.Delivery::webhookId)
                .isEqualTo(younger);
        assertThat(data.attempts(subscription, youngerEnquiry)).hasSize(1);
        assertThat(data.storedPayloads(data.delivery(subscription, youngerEnquiry)
                        .orElseThrow()
                        .eventId()))
                .hasSize(1);
        assertThat(old).isNotEqualTo(younger);
        // leaves no rows of its own in the default partitions
        jdbc.sql("delete from webhook_events_default where enquiry_id = :e")
                .param("e", youngerEnquiry)
                .update();
        jdbc.sql("delete from deliveries_default where subscription_id = :s")
                .param("s", subscription)
                .update();
        jdbc.sql("delete from delivery_attempts_default where subscription_id = :s")
                .param("s", subscription)
                .update();
    }

    @Test
    void movesTheRowsOfADayMadeLateOutOfTheDefaultPartition() {
        TestData.Owner owner = data.owner();
        UUID subscription = data.subscribe(owner, receiver.url("/late", WebhookReceiver.Answer.ok()), null);
        LocalDate lateDay = LocalDate.now(ZoneOffset.UTC).minusDays(12);
        UUID enquiry = UUID.randomUUID();
        String webhookId =
                delivered(owner, subscription, enquiry, lateDay.atTime(9, 30).toInstant(ZoneOffset.UTC));
        assertThat(countIn("deliveries_default", webhookId)).isOne();

        for (String table : TABLES) {
            assertThat(jdbc.sql("select create_day_partitions(cast(:table as regclass), :day, :day)")
                            .param("table", table)
                            .param("day", lateDay)
                            .query(Integer.class)
                            .single())
                    .as(table)
                    .isOne();
        }

        assertThat(countIn("deliveries_default", webhookId)).isZero();
        assertThat(countIn(partition("deliveries", lateDay), webhookId)).isOne();
        assertThat(countIn(partition("delivery_attempts", lateDay), webhookId)).isOne();
        assertThat(data.delivery(subscription, enquiry))
                .get()
                .extracting(TestData.Delivery::webhookId)
                .isEqualTo(webhookId);
        assertThat(data.attempts(subscription, enquiry))
                .extracting(TestData.Attempt::webhookId)
                .containsExactly(webhookId);
        for (String table : TABLES) {
            jdbc.sql("drop table " + partition(table, lateDay)).update();
        }
    }

    /** A delivered event submitted (and attempted) at {@code at}: its payload, its row and its attempt. */
    private String delivered(TestData.Owner owner, UUID subscription, UUID enquiry, Instant at) {
        UUID event = UUID.randomUUID();
        String webhookId = data.insertDelivery(
                owner,
                subscription,
                event,
                enquiry,
                at,
                "{\"event\":\"enquiry.created\",\"enquiry_id\":\"" + enquiry + "\"}",
                "succeeded",
                1,
                1,
                null,
                null);
        jdbc.sql("""
                        insert into delivery_attempts (webhook_id, subscription_id, enquiry_id, attempt, outcome, http_status, attempted_at)
                        values (:webhook, :subscription, :enquiry, 1, 'succeeded', 200, :at)
                        """)
                .param("webhook", webhookId)
                .param("subscription", subscription)
                .param("enquiry", enquiry)
                .param("at", at.atOffset(ZoneOffset.UTC))
                .update();
        return webhookId;
    }

    private static String subscriptionRows(String table) {
        return table.equals("webhook_events")
                ? "event_id in (select event_id from deliveries where subscription_id = :subscription)"
                : "subscription_id = :subscription";
    }

    private int count(String table, String where, UUID subscription) {
        return jdbc.sql("select count(*) from " + table + " where " + where)
                .param("subscription", subscription)
                .query(Integer.class)
                .single();
    }

    private int countIn(String partition, String webhookId) {
        return jdbc.sql("select count(*) from " + partition + " where webhook_id = :id")
                .param("id", webhookId)
                .query(Integer.class)
                .single();
    }

    private static String partition(String table, LocalDate day) {
        return table + "_p" + DAY.format(day);
    }

    private boolean partitionExists(String name) {
        return jdbc.sql("select to_regclass(:name) is not null")
                .param("name", name)
                .query(Boolean.class)
                .single();
    }
}
