package com.holidaylistings.integration.dispatcher.erasure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.dispatcher.DispatcherIntegrationTest;
import com.holidaylistings.integration.dispatcher.Events;
import com.holidaylistings.integration.dispatcher.TestData;
import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.EnquiryErased;
import com.holidaylistings.integration.events.PartyDetails;
import com.holidaylistings.integration.events.command.DeliveryCommand;
import com.holidaylistings.integration.events.delivery.EnquiryId;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.kafka.core.KafkaTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code enquiry.erased} as the dispatcher receives it from api-service through the outbox and the relay:
 * the erased enquiries' stored payloads anonymised, the receivers' answers to their attempts dropped,
 * nothing of another enquiry touched; a redelivery then sends the anonymised payload, and a payload that
 * arrives after the erasure is stored anonymised.
 */
class GuestErasureIT extends DispatcherIntegrationTest {

    private static final Duration DONE = Duration.ofSeconds(90);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Autowired
    private KafkaTemplate<String, String> kafka;

    /** An enquiry whose guest's name, address, subject, message and occasion appear nowhere else. */
    private static EnquiryCreated aGuestsEnquiryOn(UUID property) {
        String tag = UUID.randomUUID().toString().substring(0, 8);
        return EnquiryCreated.of(
                UUID.randomUUID(),
                property,
                "Seaview Cottage",
                "https://www.holidaylistings.example/properties/seaview",
                "owner@example.com",
                "Private subject " + tag,
                "My private message " + tag,
                Instant.now().truncatedTo(ChronoUnit.MICROS),
                "Erin Erasable " + tag,
                "erin." + tag + "@example.org",
                new PartyDetails(
                        2, LocalDate.parse("2027-08-01"), LocalDate.parse("2027-08-08"), "Secret occasion " + tag));
    }

    private static List<String> dataOf(EnquiryCreated event) {
        return List.of(
                event.userName(),
                event.userEmail(),
                event.subject(),
                event.message(),
                event.partyDetails().occasion());
    }

    @Test
    void erasesTheErasedEnquiriesCopiesOnlyAndARedeliverySendsTheAnonymisedPayload() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        // a receiver that answers with what it received, as some do
        UUID hook = data.subscribe(owner, receiver.url("/erasure", WebhookReceiver.Answer.ok()), null);
        receiver.answer("/erasure", delivery -> WebhookReceiver.Answer.ok().withBody("received " + delivery.body()));
        EnquiryCreated guests = aGuestsEnquiryOn(property);
        EnquiryCreated others = aGuestsEnquiryOn(property);
        events.publish(guests);
        events.publish(others);
        await().atMost(DONE)
                .until(() -> "succeeded".equals(data.deliveryStatus(hook, guests.enquiryId()))
                        && "succeeded".equals(data.deliveryStatus(hook, others.enquiryId())));
        await().atMost(DONE).until(() -> tablesHolding(guests.userName()).contains("delivery_attempts"));

        erase(guests.enquiryId());
        erase(guests.enquiryId()); // relayed twice: no harm

        for (String data : dataOf(guests)) {
            await().atMost(DONE)
                    .untilAsserted(() -> assertThat(tablesHolding(data))
                            .as("tables holding " + data)
                            .isEmpty());
        }
        TestData.Delivery delivered = data.delivery(hook, guests.enquiryId()).orElseThrow();
        assertThat(data.storedPayloads(delivered.eventId())).containsExactly(Events.payloadOf(guests.erased()));
        for (String data : dataOf(others)) {
            assertThat(tablesHolding(data))
                    .as("the other guest's " + data)
                    .contains("webhook_events", "delivery_attempts");
        }
        TestData.Delivery othersDelivery =
                data.delivery(hook, others.enquiryId()).orElseThrow();
        assertThat(data.storedPayloads(othersDelivery.eventId())).containsExactly(Events.payloadOf(others));
        assertThat(data.attempts(hook, guests.enquiryId()))
                .as("the attempts are kept, their outcomes with them")
                .extracting(TestData.Attempt::outcome)
                .containsExactly("succeeded");

        send(new DeliveryCommand.Redeliver(
                UUID.randomUUID(),
                Instant.now(),
                "req-after-erasure",
                OwnerId.of(owner.id()),
                SubscriptionId.of(hook),
                delivered.eventId(),
                EnquiryId.of(guests.enquiryId()),
                delivered.submittedAt(),
                null));

        await().atMost(DONE).until(() -> receiver.requests("/erasure").size() == 3);
        String redelivered = receiver.requests("/erasure").get(2).body();
        assertThat(redelivered).isEqualTo(Events.payloadOf(guests.erased()));
        assertThat(JSON.readValue(redelivered, EnquiryCreated.class).enquiryId())
                .isEqualTo(guests.enquiryId());
    }

    @Test
    void storesAnonymisedAPayloadThatArrivesAfterItsGuestsErasure() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID hook = data.subscribe(owner, receiver.url("/late", WebhookReceiver.Answer.ok()), null);
        EnquiryCreated late = aGuestsEnquiryOn(property);
        erase(late.enquiryId());
        await().atMost(DONE)
                .until(() -> jdbc.sql("select count(*) from erased_enquiries where enquiry_id = :e")
                                .param("e", late.enquiryId())
                                .query(Integer.class)
                                .single()
                        == 1);

        events.publish(late);

        await().atMost(DONE).until(() -> receiver.requests("/late").size() == 1);
        assertThat(receiver.bodies("/late")).containsExactly(Events.payloadOf(late.erased()));
        for (String data : dataOf(late)) {
            assertThat(tablesHolding(data)).as("tables holding " + data).isEmpty();
        }
    }

    private void erase(UUID enquiry) {
        kafka.send(
                        EnquiryErased.TOPIC,
                        enquiry.toString(),
                        JSON.writeValueAsString(EnquiryErased.of(enquiry, Instant.now())))
                .join();
    }

    private void send(DeliveryCommand command) {
        kafka.send(
                        DeliveryCommand.TOPIC,
                        command.key().toString(),
                        JSON.writerFor(DeliveryCommand.class).writeValueAsString(command))
                .join();
    }

    /** The dispatcher's tables (and their partitions) with a row whose text contains {@code text}. */
    private List<String> tablesHolding(String text) {
        List<String> tables = jdbc.sql("""
                        select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
                         where n.nspname = 'dispatcher' and c.relkind = 'r' order by c.relname
                        """).query(String.class).list();
        List<String> holding = new ArrayList<>();
        for (String table : tables) {
            boolean holds = jdbc.sql("select exists (select 1 from only dispatcher.\"" + table
                            + "\" t where strpos(t::text, :text) > 0)")
                    .param("text", text)
                    .query(Boolean.class)
                    .single();
            if (holds) {
                holding.add(table.replaceAll("_(p[0-9]{8}|default)$", ""));
            }
        }
        return holding;
    }
}
