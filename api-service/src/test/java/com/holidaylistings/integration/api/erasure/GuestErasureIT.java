package com.holidaylistings.integration.api.erasure;

import static com.holidaylistings.integration.api.support.ErrorBodies.assertFieldErrors;
import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.CommandRows;
import com.holidaylistings.integration.api.support.Fixtures;
import com.holidaylistings.integration.api.support.TestWorld;
import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.EnquiryErased;
import com.holidaylistings.integration.events.command.DeliveryCommand;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * POST /internal/v1/guests/erasures: the guest's enquiries (found by e-mail address, whatever its
 * case) and every copy of their data in api-service's tables (the outbox's payloads and commands, the
 * intake's remembered answers) anonymised in one transaction; one {@code enquiry.erased} outbox row per
 * enquiry, ids only; another guest's data untouched. That the relay publishes the row is
 * enquiry-ingest's OutboxRelayIT's, that the dispatcher erases its copies its GuestErasureIT's.
 */
class GuestErasureIT extends ApiIntegrationTest {

    private static final String ERASURES = "/internal/v1/guests/erasures";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** A guest whose name, address, subject, message and occasion appear nowhere else. */
    private record Guest(String name, String email, String subject, String message, String occasion) {

        static Guest unique() {
            String tag = UUID.randomUUID().toString().substring(0, 8);
            return new Guest(
                    "Erin Erasable " + tag,
                    "erin." + tag + "@example.org",
                    "Private subject " + tag,
                    "My private message " + tag,
                    "Secret occasion " + tag);
        }

        Map<String, Object> enquiry(UUID propertyId) {
            Map<String, Object> body = Fixtures.anEnquiry(propertyId);
            body.put("user_name", name);
            body.put("user_email", email);
            body.put("subject", subject);
            body.put("message", message);
            @SuppressWarnings("unchecked")
            Map<String, Object> party = new HashMap<>((Map<String, Object>) body.get("party_details"));
            party.put("occasion", occasion);
            body.put("party_details", party);
            return body;
        }

        List<String> data() {
            return List.of(name, email, subject, message, occasion);
        }
    }

    private ApiClient listingSite() {
        return http.with("X-Admin-Key", TestWorld.ADMIN_KEY);
    }

    private UUID submit(Guest guest, UUID propertyId, String idempotencyKey) {
        ApiClient client =
                idempotencyKey == null ? listingSite() : listingSite().with("Idempotency-Key", idempotencyKey);
        ApiClient.Response response = client.post("/internal/v1/enquiries", guest.enquiry(propertyId));
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return UUID.fromString(response.json().get("enquiry").get("id").asString());
    }

    @Test
    void erasesTheGuestsEnquiriesAndEveryCopyOfTheirDataButNoOneElses() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/erasure/" + UUID.randomUUID(), null);
        Guest guest = Guest.unique();
        Guest other = Guest.unique();
        String key = UUID.randomUUID().toString();
        UUID first = submit(guest, owner.propertyId(), key);
        UUID second = submit(guest, owner.propertyId(), null);
        UUID others = submit(other, owner.propertyId(), UUID.randomUUID().toString());
        ApiClient.Response redeliver = listingSite()
                .post(
                        "/internal/v1/owners/" + owner.ownerId() + "/hooks/" + hook + "/deliveries/" + first
                                + "/redeliver",
                        null);
        assertThat(redeliver.status()).as(redeliver.body()).isEqualTo(202);
        assertThat(rowsHolding(guest.email()))
                .as("the guest's data before: enquiries, outbox, commands, answers")
                .contains("enquiries", "outbox", "idempotency_keys");

        ApiClient.Response response =
                listingSite().post(ERASURES, Map.of("email", guest.email().toUpperCase()));

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("{\"enquiries\":2}");
        for (String data : guest.data()) {
            assertThat(rowsHolding(data)).as("tables holding " + data).isEmpty();
        }
        for (String data : other.data()) {
            assertThat(rowsHolding(data))
                    .as("the other guest's " + data)
                    .contains("enquiries", "outbox", "idempotency_keys");
        }
        JsonNode shown =
                as(owner).get("/integration/v1/enquiries/" + first).json().get("enquiry");
        assertThat(shown.get("user_name").asString()).isEqualTo(EnquiryCreated.ERASED);
        assertThat(shown.get("user_email").asString()).isEqualTo(EnquiryCreated.ERASED_EMAIL);
        assertThat(shown.get("message").asString()).isEqualTo(EnquiryCreated.ERASED);
        assertThat(shown.get("subject").asString()).isEqualTo(EnquiryCreated.ERASED);
        assertThat(shown.get("party_details").get("occasion").isNull()).isTrue();
        assertThat(shown.get("party_details").get("group_size").asInt())
                .as("kept")
                .isEqualTo(4);
        assertThat(as(owner)
                        .get("/integration/v1/enquiries/" + others)
                        .json()
                        .get("enquiry")
                        .get("user_name")
                        .asString())
                .isEqualTo(other.name());

        EnquiryCreated payload = JSON.readValue(outboxPayload(first, EnquiryCreated.TYPE), EnquiryCreated.class);
        assertThat(payload).as("still a valid enquiry.created").isEqualTo(payload.erased());
        assertThat(payload.enquiryId()).isEqualTo(first);
        DeliveryCommand.Redeliver command =
                new CommandRows(jdbc).of(hook, DeliveryCommand.Redeliver.class).getFirst();
        assertThat(command.event()).as("the redeliver's copy of the payload").isEqualTo(payload);

        ApiClient.Response replayed = listingSite()
                .with("Idempotency-Key", key)
                .post("/internal/v1/enquiries", guest.enquiry(owner.propertyId()));
        assertThat(replayed.status()).as(replayed.body()).isEqualTo(201);
        assertThat(replayed.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(replayed.json().get("enquiry").get("id").asString()).isEqualTo(first.toString());
        assertThat(replayed.json().get("enquiry").get("user_email").asString()).isEqualTo(EnquiryCreated.ERASED_EMAIL);

        assertThat(erasedEvents(first)).singleElement().satisfies(row -> {
            JsonNode event = JSON.readTree(row);
            assertThat(event.propertyNames()).containsExactly("event", "enquiry_id", "erased_at");
            assertThat(JSON.readValue(row, EnquiryErased.class).enquiryId()).isEqualTo(first);
        });
        assertThat(erasedEvents(second)).hasSize(1);
        assertThat(erasedEvents(others)).isEmpty();
    }

    @Test
    void aRepeatFindsNothingToEraseAndAnnouncesNothingAgain() {
        TestWorld.Account owner = world.newAccount();
        Guest guest = Guest.unique();
        UUID enquiry = submit(guest, owner.propertyId(), null);
        assertThat(listingSite().post(ERASURES, Map.of("email", guest.email())).body())
                .isEqualTo("{\"enquiries\":1}");
        String erasedAt = erasedAt(enquiry);

        ApiClient.Response again = listingSite().post(ERASURES, Map.of("email", guest.email()));

        assertThat(again.status()).as(again.body()).isEqualTo(200);
        assertThat(again.body()).isEqualTo("{\"enquiries\":0}");
        assertThat(erasedEvents(enquiry)).hasSize(1);
        assertThat(erasedAt(enquiry)).isEqualTo(erasedAt);
    }

    @Test
    void aGuestWithNoEnquiriesIsAnsweredZero() {
        ApiClient.Response response =
                listingSite().post(ERASURES, Map.of("email", "nobody-" + UUID.randomUUID() + "@example.org"));

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("{\"enquiries\":0}");
    }

    @Test
    void refusesABodyWithoutAnEmailAddressAndChangesNothing() {
        TestWorld.Account owner = world.newAccount();
        Guest guest = Guest.unique();
        UUID enquiry = submit(guest, owner.propertyId(), null);
        Map<String, Object> nullEmail = new HashMap<>();
        nullEmail.put("email", null);

        for (Object body : List.of(
                Map.of(),
                nullEmail,
                Map.of("email", ""),
                Map.of("email", "not-an-address"),
                Map.of("email", 42),
                Map.of("email", List.of(guest.email())),
                Map.of("email", EnquiryCreated.ERASED_EMAIL),
                Map.of("guest", guest.email()))) {
            ApiClient.Response response = listingSite().post(ERASURES, body);

            assertFieldErrors(response, "Invalid request", "email");
        }
        for (String body : List.of("", "[]", "\"" + guest.email() + "\"", "{\"email\":")) {
            ApiClient.Response response = listingSite().send("POST", ERASURES, body, "application/json");

            assertThat(response.status()).as(body + " -> " + response.body()).isEqualTo(400);
            assertThat(response.json().get("error").asString()).isEqualTo("Invalid request");
        }
        assertThat(rowsHolding(guest.email())).contains("enquiries");
        assertThat(erasedEvents(enquiry)).isEmpty();
    }

    /** The tables of api-service's schema with a row whose text contains {@code text}. */
    private List<String> rowsHolding(String text) {
        List<String> tables = jdbc.sql("""
                        select table_name from information_schema.tables
                         where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name
                        """).query(String.class).list();
        List<String> holding = new ArrayList<>();
        for (String table : tables) {
            boolean holds = jdbc.sql(
                            "select exists (select 1 from public.\"" + table + "\" t where strpos(t::text, :text) > 0)")
                    .param("text", text)
                    .query(Boolean.class)
                    .single();
            if (holds) {
                holding.add(table);
            }
        }
        return holding;
    }

    private String outboxPayload(UUID enquiry, String type) {
        return jdbc.sql("select payload::text from outbox where aggregate_id = :enquiry and event_type = :type")
                .param("enquiry", enquiry)
                .param("type", type)
                .query(String.class)
                .single();
    }

    private List<String> erasedEvents(UUID enquiry) {
        return jdbc.sql("select payload::text from outbox where aggregate_id = :enquiry and event_type = :type")
                .param("enquiry", enquiry)
                .param("type", EnquiryErased.TYPE)
                .query(String.class)
                .list();
    }

    private String erasedAt(UUID enquiry) {
        return jdbc.sql("select erased_at::text from enquiries where id = :id")
                .param("id", enquiry)
                .query(String.class)
                .single();
    }
}
