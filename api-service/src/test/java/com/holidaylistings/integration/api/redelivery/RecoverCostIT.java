package com.holidaylistings.integration.api.redelivery;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.CommandRows;
import com.holidaylistings.integration.api.support.TestWorld;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The cost of one recover of 10,000 events for an owner with 100,000 enquiries (for
 * docs/operations/runbook.md 4.5). A measurement, not a regular test: run it with
 * {@code -Drecover.cost=true -Dit.test=RecoverCostIT}. 88,000 enquiries are older than the outbox
 * keeps; of the 12,000 of the last 3.5 days, 2,000 were delivered to the hooks and 10,000 were
 * submitted while they were paused (they have no delivery rows); every other enquiry was delivered,
 * and its row is kept in its day's partition, as the dispatcher keeps them for 30 days. The call
 * reads the missed events (a select over enquiries, deliveries and outbox) and writes their 10,000
 * commands to the outbox in one transaction.
 */
@EnabledIfSystemProperty(named = "recover.cost", matches = "true")
class RecoverCostIT extends ApiIntegrationTest {

    @Test
    void recoversTenThousandEventsOfAnOwnerWithAHundredThousandEnquiries() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/cost", null);
        UUID twin = world.subscribe(owner, "https://93.184.215.14/cost-twin", null);
        jdbc.sql("update webhook_subscriptions set created_at = now() - interval '30 days' where owner_id = :owner")
                .param("owner", owner.ownerId())
                .update();
        // 100,000 enquiries, one every 25 s over the last 29 days; the newest 12,000 (3.5 days) in the outbox.
        jdbc.sql("""
                        insert into enquiries (id, property_id, owner_id, subject, message, status, user_name, user_email,
                                               group_size, check_in, check_out, sent_at, updated_at)
                        select gen_random_uuid(), :property, :owner, 'Summer week', repeat('Is it free in August? ', 20),
                               'sent', 'Ada Guest', 'ada@example.org', 4, date '2027-08-01', date '2027-08-08',
                               now() - make_interval(secs => n * 25), now()
                          from generate_series(1, 100000) n
                        """)
                .param("property", owner.propertyId())
                .param("owner", owner.ownerId())
                .update();
        jdbc.sql("""
                        insert into outbox (id, aggregate_type, aggregate_id, event_type, payload, request_id, created_at)
                        select gen_random_uuid(), 'enquiry', e.id, 'enquiry.created',
                               json_build_object('event', 'enquiry.created', 'enquiry_id', e.id, 'message', e.message),
                               'intake', e.sent_at
                          from (select id, message, sent_at from enquiries where owner_id = :owner
                                 order by sent_at desc limit 12000) e
                        """).param("owner", owner.ownerId()).update();
        for (String table : List.of("webhook_events", "deliveries")) {
            jdbc.sql("select create_day_partitions(cast(:table as regclass), current_date - 30, current_date)")
                    .param("table", table)
                    .query(Integer.class)
                    .single();
        }
        jdbc.sql("""
                        insert into webhook_events (event_id, submitted_at, enquiry_id, payload)
                        select coalesce(o.id, gen_random_uuid()), e.sent_at, e.id,
                               json_build_object('event', 'enquiry.created', 'enquiry_id', e.id, 'message', e.message)
                          from (select id, message, sent_at, row_number() over (order by sent_at desc) as n
                                  from enquiries where owner_id = :owner) e
                          left join outbox o on o.aggregate_id = e.id
                         where e.n <= 2000 or e.n > 12000
                        """).param("owner", owner.ownerId()).update();
        jdbc.sql("""
                        insert into deliveries (webhook_id, submitted_at, event_id, subscription_id, owner_id, enquiry_id,
                                                status, attempts)
                        select webhook_id(w.event_id, s.id), w.submitted_at, w.event_id, s.id, :owner, w.enquiry_id,
                               'succeeded', 1
                          from webhook_events w
                          join enquiries e on e.id = w.enquiry_id and e.owner_id = :owner
                          cross join (select id from webhook_subscriptions where owner_id = :owner) s
                        """).param("owner", owner.ownerId()).update();
        for (String table : List.of("enquiries", "outbox", "webhook_events", "deliveries")) {
            jdbc.sql("analyze " + table).update();
        }
        Instant since = Instant.now().minus(Duration.ofDays(5));
        ApiClient portal = http.with("X-Admin-Key", TestWorld.ADMIN_KEY);
        String path = "/internal/v1/owners/" + owner.ownerId() + "/hooks/" + hook + "/recover";
        portal.post(
                "/internal/v1/owners/" + owner.ownerId() + "/hooks/" + UUID.randomUUID() + "/recover",
                Map.of("since", since.toString())); // warm up the code path

        long start = System.nanoTime();
        ApiClient.Response response = portal.post(path, Map.of("since", since.toString()));
        long millis = Duration.ofNanos(System.nanoTime() - start).toMillis();

        assertThat(response.status()).as(response.body()).isEqualTo(202);
        assertThat(response.json().get("queued").asInt()).isEqualTo(10_000);
        assertThat(new CommandRows(jdbc).of(hook)).hasSize(10_000);
        System.out.printf(
                "RECOVER-COST api: queued %d in %d ms (HTTP call)%n",
                response.json().get("queued").asInt(), millis);

        // The same select for the twin hook, analysed.
        List<String> plan = jdbc.sql("explain (analyze, buffers, costs off) " + Redeliveries.recoverStatement(false))
                .param("subscription", twin)
                .param("type", "enquiry.created")
                .param("owner", owner.ownerId())
                .param("since", since.atOffset(ZoneOffset.UTC))
                .param("createdAt", Instant.now().minus(Duration.ofDays(30)).atOffset(ZoneOffset.UTC))
                .param("missed", List.of("abandoned", "skipped"))
                .param("max", 10_000)
                .query(String.class)
                .list();
        plan.forEach(line -> System.out.println("RECOVER-COST plan: " + line));
    }
}
