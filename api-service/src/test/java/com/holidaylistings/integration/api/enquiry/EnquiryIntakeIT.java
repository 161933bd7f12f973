package com.holidaylistings.integration.api.enquiry;

import static com.holidaylistings.integration.api.support.ErrorBodies.assertError;
import static com.holidaylistings.integration.api.support.ErrorBodies.assertFieldErrors;
import static com.holidaylistings.integration.api.support.ErrorBodies.messages;
import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.Fixtures;
import com.holidaylistings.integration.api.support.TestWorld;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** POST /internal/v1/enquiries: the guest's submission, its outbox event, and what is refused. */
class EnquiryIntakeIT extends ApiIntegrationTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String INTAKE = "/internal/v1/enquiries";
    private static final String LISTING_SITE = "https://www.holidaylistings.example";
    private static final List<String> ENQUIRY_FIELDS = List.of(
            "id",
            "property_id",
            "property_title",
            "property_url",
            "subject",
            "message",
            "status",
            "user_name",
            "user_email",
            "party_details",
            "sent_at");
    private static final List<String> PAYLOAD_FIELDS = List.of(
            "event",
            "enquiry_id",
            "property_id",
            "property_title",
            "property_url",
            "owner_email",
            "subject",
            "message",
            "status",
            "sent_at",
            "user_name",
            "user_email",
            "party_details");

    private ApiClient listingSite() {
        return http.with("X-Admin-Key", TestWorld.ADMIN_KEY);
    }

    @Test
    void createsASentEnquiryStampedNow() {
        TestWorld.Account account = world.newAccount();
        Instant before = Instant.now().truncatedTo(ChronoUnit.MICROS);

        ApiClient.Response response = listingSite().post(INTAKE, Fixtures.anEnquiry(account.propertyId()));

        Instant after = Instant.now();
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        assertThat(response.json().propertyNames()).containsExactly("enquiry");
        JsonNode enquiry = response.json().get("enquiry");
        assertThat(enquiry.propertyNames()).containsExactlyInAnyOrderElementsOf(ENQUIRY_FIELDS);
        UUID id = UUID.fromString(enquiry.get("id").asString());
        assertThat(id.version()).isEqualTo(7);
        assertThat(enquiry.get("property_id").asString())
                .isEqualTo(account.propertyId().toString());
        assertThat(enquiry.get("property_title").asString()).isEqualTo(column(account.propertyId(), "title"));
        assertThat(enquiry.get("property_url").asString())
                .isEqualTo(LISTING_SITE + "/properties/" + column(account.propertyId(), "url_slug"));
        assertThat(enquiry.get("subject").asString()).isEqualTo("Summer week");
        assertThat(enquiry.get("message").asString()).isEqualTo("Is the cottage free in August?");
        assertThat(enquiry.get("status").asString()).isEqualTo("sent");
        assertThat(enquiry.get("user_name").asString()).isEqualTo("Ada Guest");
        assertThat(enquiry.get("user_email").asString()).isEqualTo("ada@example.org");
        JsonNode party = enquiry.get("party_details");
        assertThat(party.propertyNames()).containsExactlyInAnyOrder("group_size", "check_in", "check_out", "occasion");
        assertThat(party.get("group_size").isInt()).isTrue();
        assertThat(party.get("group_size").asInt()).isEqualTo(4);
        assertThat(party.get("check_in").asString()).isEqualTo("2027-08-01");
        assertThat(party.get("check_out").asString()).isEqualTo("2027-08-08");
        assertThat(party.get("occasion").asString()).isEqualTo("Family holiday");
        String sentAt = enquiry.get("sent_at").asString();
        assertThat(sentAt).endsWith("Z");
        assertThat(Instant.parse(sentAt)).isBetween(before, after);
        assertThat(as(account).get("/integration/v1/enquiries/" + id).json().get("enquiry"))
                .isEqualTo(enquiry);
    }

    @Test
    void aWarmUpHeaderWithoutTheReplicasOwnTokenIsStoredAsAnyEnquiry() {
        TestWorld.Account account = world.newAccount();

        ApiClient.Response response = listingSite()
                .with("X-Warm-Up", UUID.randomUUID().toString())
                .post(INTAKE, Fixtures.anEnquiry(account.propertyId()));

        assertThat(response.status()).as(response.body()).isEqualTo(201);
        UUID id = UUID.fromString(response.json().get("enquiry").get("id").asString());
        assertThat(as(account).get("/integration/v1/enquiries/" + id).status())
                .as("not rehearsed and rolled back: only the replica's own warm-up is")
                .isEqualTo(200);
        assertThat(outboxRows(id)).hasSize(1);
    }

    @Test
    void writesExactlyOneOutboxEventCarryingTheSpecPayload() {
        TestWorld.Account account = world.newAccount();
        String requestId = "intake-" + UUID.randomUUID();

        ApiClient.Response response =
                listingSite().with("X-Request-Id", requestId).post(INTAKE, Fixtures.anEnquiry(account.propertyId()));

        assertThat(response.status()).as(response.body()).isEqualTo(201);
        assertThat(response.header("X-Request-Id")).isEqualTo(requestId);
        JsonNode enquiry = response.json().get("enquiry");
        UUID id = UUID.fromString(enquiry.get("id").asString());
        assertThat(enquiryRows(id)).isEqualTo(1);
        List<Map<String, Object>> outbox = outboxRows(id);
        assertThat(outbox).hasSize(1);
        assertThat(outbox.get(0).get("event_type")).isEqualTo("enquiry.created");
        assertThat(outbox.get(0).get("aggregate_id")).isEqualTo(id);
        assertThat(outbox.get(0).get("request_id")).isEqualTo(requestId);

        JsonNode payload = JSON.readTree((String) outbox.get(0).get("payload"));
        assertThat(names(payload)).containsExactlyElementsOf(PAYLOAD_FIELDS);
        assertThat(payload.get("event").asString()).isEqualTo("enquiry.created");
        assertThat(payload.get("enquiry_id").asString()).isEqualTo(id.toString());
        assertThat(payload.get("owner_email").asString()).isEqualTo(account.email());
        for (String field : List.of(
                "property_id",
                "property_title",
                "property_url",
                "subject",
                "message",
                "status",
                "sent_at",
                "user_name",
                "user_email")) {
            assertThat(payload.get(field).isString()).as(field).isTrue();
            assertThat(payload.get(field).asString())
                    .as(field)
                    .isEqualTo(enquiry.get(field).asString());
        }
        assertThat(payload.get("status").asString()).isEqualTo("sent");
        assertThat(names(payload.get("party_details")))
                .containsExactly("group_size", "check_in", "check_out", "occasion");
        assertThat(payload.get("party_details")).isEqualTo(enquiry.get("party_details"));
        JsonNode shown =
                as(account).get("/integration/v1/enquiries/" + id).json().get("enquiry");
        assertThat(payload.get("sent_at").asString())
                .isEqualTo(shown.get("sent_at").asString());
    }

    @Test
    void recordsTheGeneratedRequestIdWithTheEvent() {
        TestWorld.Account account = world.newAccount();

        ApiClient.Response response = listingSite().post(INTAKE, Fixtures.anEnquiry(account.propertyId()));

        assertThat(response.status()).isEqualTo(201);
        String requestId = response.header("X-Request-Id");
        assertThat(requestId).isNotBlank();
        UUID id = UUID.fromString(response.json().get("enquiry").get("id").asString());
        assertThat(outboxRows(id))
                .singleElement()
                .satisfies(row -> assertThat(row.get("request_id")).isEqualTo(requestId));
    }

    @Test
    void keepsAnAbsentOrNullOccasionAsNull() {
        TestWorld.Account account = world.newAccount();
        Map<String, Object> omitted = Fixtures.anEnquiry(account.propertyId());
        party(omitted).remove("occasion");
        Map<String, Object> explicitNull = Fixtures.anEnquiry(account.propertyId());
        party(explicitNull).put("occasion", null);

        for (Map<String, Object> body : List.of(omitted, explicitNull)) {
            JsonNode enquiry = world.submitEnquiry(body);

            assertThat(enquiry.get("party_details").has("occasion")).isTrue();
            assertThat(enquiry.get("party_details").get("occasion").isNull()).isTrue();
            UUID id = UUID.fromString(enquiry.get("id").asString());
            JsonNode payload = JSON.readTree((String) outboxRows(id).get(0).get("payload"));
            assertThat(payload.get("party_details").has("occasion")).isTrue();
            assertThat(payload.get("party_details").get("occasion").isNull()).isTrue();
            assertThat(as(account)
                            .get("/integration/v1/enquiries/" + id)
                            .json()
                            .get("enquiry")
                            .get("party_details")
                            .get("occasion")
                            .isNull())
                    .isTrue();
        }
    }

    @Test
    void reportsEveryMissingTopLevelField() {
        assertRejectedWithoutWrites(
                new HashMap<>(), "property_id", "subject", "message", "user_name", "user_email", "party_details");
    }

    @Test
    void reportsEveryMissingPartyDetailUnderItsNestedName() {
        Map<String, Object> body = new HashMap<>();
        body.put("party_details", new HashMap<>());

        ApiClient.Response response = assertRejectedWithoutWrites(
                body,
                "property_id",
                "subject",
                "message",
                "user_name",
                "user_email",
                "party_details.group_size",
                "party_details.check_in",
                "party_details.check_out");

        assertThat(messages(response, "subject")).containsExactly("is required");
        assertThat(messages(response, "party_details.group_size")).containsExactly("is required");
    }

    @Test
    void rejectsNullAndBlankRequiredText() {
        TestWorld.Account account = world.newAccount();
        Map<String, Object> body = Fixtures.anEnquiry(account.propertyId());
        body.put("subject", "   ");
        body.put("message", "");
        body.put("user_name", null);
        body.put("user_email", " ");

        ApiClient.Response response =
                assertRejectedWithoutWrites(body, "subject", "message", "user_name", "user_email");

        assertThat(messages(response, "subject")).containsExactly("must not be blank");
        assertThat(messages(response, "user_name")).containsExactly("is required");
    }

    @Test
    void rejectsAGroupSizeThatIsNotAPositiveIntegerWithinRange() {
        TestWorld.Account account = world.newAccount();
        for (Object groupSize : List.of(0, -1, 1.5, "4", 99_999_999_999L, 1_001, true)) {
            Map<String, Object> body = Fixtures.anEnquiry(account.propertyId());
            party(body).put("group_size", groupSize);

            assertRejectedWithoutWrites(body, "party_details.group_size");
        }
        assertThat(enquiryRowsOf(account.propertyId())).isZero();
    }

    @Test
    void acceptsGroupSizesAtTheBounds() {
        TestWorld.Account account = world.newAccount();
        for (int groupSize : List.of(1, 1_000)) {
            Map<String, Object> body = Fixtures.anEnquiry(account.propertyId());
            party(body).put("group_size", groupSize);

            assertThat(world.submitEnquiry(body)
                            .get("party_details")
                            .get("group_size")
                            .asInt())
                    .isEqualTo(groupSize);
        }
    }

    @Test
    void rejectsACheckOutThatIsNotAfterCheckIn() {
        TestWorld.Account account = world.newAccount();
        for (String checkOut : List.of("2027-08-01", "2027-07-31")) {
            Map<String, Object> body = Fixtures.anEnquiry(account.propertyId());
            party(body).put("check_out", checkOut);

            ApiClient.Response response = assertRejectedWithoutWrites(body, "party_details.check_out");

            assertThat(messages(response, "party_details.check_out")).containsExactly("must be after check_in");
        }
    }

    @Test
    void rejectsDatesThatAreNotRealCalendarDatesInYyyyMmDd() {
        TestWorld.Account account = world.newAccount();
        for (Object date : List.of(
                "2027-02-30",
                "2027-8-1",
                "2027/08/01",
                "01-08-2027",
                "2027-08-01T00:00:00Z",
                "2027-08-01T10:00:00",
                "",
                20_000)) {
            Map<String, Object> checkIn = Fixtures.anEnquiry(account.propertyId());
            party(checkIn).put("check_in", date);
            Map<String, Object> checkOut = Fixtures.anEnquiry(account.propertyId());
            party(checkOut).put("check_out", date);

            assertRejectedWithoutWrites(checkIn, "party_details.check_in");
            assertRejectedWithoutWrites(checkOut, "party_details.check_out");
        }
    }

    @Test
    void limitsTheOccasionToOneHundredCharacters() {
        TestWorld.Account account = world.newAccount();
        Map<String, Object> tooLong = Fixtures.anEnquiry(account.propertyId());
        party(tooLong).put("occasion", "x".repeat(101));
        Map<String, Object> longest = Fixtures.anEnquiry(account.propertyId());
        party(longest).put("occasion", "x".repeat(100));

        assertRejectedWithoutWrites(tooLong, "party_details.occasion");
        assertThat(world.submitEnquiry(longest)
                        .get("party_details")
                        .get("occasion")
                        .asString())
                .hasSize(100);
    }

    @Test
    void limitsTheLengthOfGuestText() {
        TestWorld.Account account = world.newAccount();
        Map<String, Object> body = Fixtures.anEnquiry(account.propertyId());
        body.put("subject", "s".repeat(201));
        body.put("message", "m".repeat(10_001));
        body.put("user_name", "n".repeat(201));

        assertRejectedWithoutWrites(body, "subject", "message", "user_name");
    }

    @Test
    void rejectsControlCharactersAndLoneSurrogatesInGuestText() {
        TestWorld.Account account = world.newAccount();
        // JSON escapes, so that the service itself decodes them into the Java string.
        List<String> escapes =
                List.of("\\u0000", "\\u0007", "\\u001b", "\\u007f", "\\u0085", "\\ud800", "\\udc00", "\\ud83d x");
        for (String field : List.of("subject", "message", "user_name", "occasion")) {
            for (String escape : escapes) {
                Map<String, Object> body = Fixtures.anEnquiry(account.propertyId());
                if (field.equals("occasion")) {
                    party(body).put(field, "before MARK after");
                } else {
                    body.put(field, "before MARK after");
                }
                String raw = JSON.writeValueAsString(body).replace("MARK", escape);

                ApiClient.Response response =
                        assertRejectedWithoutWrites(raw, field.equals("occasion") ? "party_details.occasion" : field);

                assertThat(response.body()).as(field + " " + escape).contains("control characters or invalid Unicode");
            }
        }
        assertThat(enquiryRowsOf(account.propertyId())).isZero();
    }

    @Test
    void rejectsAnInvalidEmailAddress() {
        TestWorld.Account account = world.newAccount();
        for (String email : List.of(
                "not-an-email",
                "ada@",
                "@example.org",
                "ada@example",
                "ada guest@example.org",
                "ada@@example.org",
                "a".repeat(250) + "@example.org")) {
            Map<String, Object> body = Fixtures.anEnquiry(account.propertyId());
            body.put("user_email", email);

            assertRejectedWithoutWrites(body, "user_email");
        }
    }

    @Test
    void rejectsAPropertyThatDoesNotExistOrIsNotActive() {
        TestWorld.Owner owner = world.newOwner();
        ApiClient.Response created = listingSite()
                .post(
                        "/internal/v1/owners/" + owner.id() + "/properties",
                        Map.of(
                                "title", "Closed barn",
                                "location", "Nowhere",
                                "url_slug", "closed-barn-" + UUID.randomUUID(),
                                "unique_code",
                                        "CB" + UUID.randomUUID().toString().substring(0, 8),
                                "status", "inactive"));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        UUID inactive = UUID.fromString(created.json().get("id").asString());

        for (UUID property : List.of(inactive, UUID.randomUUID())) {
            ApiClient.Response response = assertRejectedWithoutWrites(Fixtures.anEnquiry(property), "property_id");

            assertThat(messages(response, "property_id")).containsExactly("must be an active property");
        }
    }

    @Test
    void rejectsAPropertyIdThatIsNotAUuid() {
        Map<String, Object> body = Fixtures.anEnquiry(UUID.randomUUID());
        body.put("property_id", "cottage-12");

        assertRejectedWithoutWrites(body, "property_id");
    }

    @Test
    void rejectsMalformedJsonAsTheBody() {
        assertRejectedWithoutWrites("{\"property_id\": ", "body");
        assertRejectedWithoutWrites("[]", "body");
    }

    @Test
    void storesAndReturnsHostileButValidTextExactly() {
        TestWorld.Account account = world.newAccount();
        String subject = "'; DROP TABLE enquiries; -- \" OR 1=1 /* \\ */";
        String name = "Robert'); DELETE FROM outbox;-- שלום";
        String email = "o'brien+\"quoted\"@example.org";
        String occasion = "🎉 <b>Birthday</b> & عيد ميلاد \u202Eevil\u202C";
        StringBuilder message = new StringBuilder(
                "<script>alert('x')</script>\r\n\tSELECT * FROM owners; 👨‍👩‍👧‍👦🏖️ مرحبا بكم \u200F עברית \\u0000 %s ${x} ");
        while (message.length() < 10_000) {
            message.append("ü€😀 ");
        }
        message.setLength(10_000);
        if (Character.isHighSurrogate(message.charAt(9_999))) {
            message.setCharAt(9_999, 'z');
        }
        Map<String, Object> body = Fixtures.anEnquiry(account.propertyId());
        body.put("subject", subject);
        body.put("message", message.toString());
        body.put("user_name", name);
        body.put("user_email", email);
        party(body).put("occasion", occasion);

        JsonNode created = world.submitEnquiry(body);

        UUID id = UUID.fromString(created.get("id").asString());
        JsonNode shown =
                as(account).get("/integration/v1/enquiries/" + id).json().get("enquiry");
        JsonNode payload = JSON.readTree((String) outboxRows(id).get(0).get("payload"));
        Map<String, Object> row = jdbc.sql(
                        "select subject, message, user_name, user_email, occasion from enquiries where id = :id")
                .param("id", id)
                .query()
                .singleRow();
        for (JsonNode enquiry : List.of(created, shown, payload)) {
            assertThat(enquiry.get("subject").asString()).isEqualTo(subject);
            assertThat(enquiry.get("message").asString()).isEqualTo(message.toString());
            assertThat(enquiry.get("user_name").asString()).isEqualTo(name);
            assertThat(enquiry.get("user_email").asString()).isEqualTo(email);
            assertThat(enquiry.get("party_details").get("occasion").asString()).isEqualTo(occasion);
        }
        assertThat(row)
                .containsEntry("subject", subject)
                .containsEntry("message", message.toString())
                .containsEntry("user_name", name)
                .containsEntry("user_email", email)
                .containsEntry("occasion", occasion);
    }

    @Test
    void leavesNoEnquiryWhenItsOutboxEventCannotBeWritten() {
        TestWorld.Account account = world.newAccount();
        String constraint =
                "intake_it_refuses_" + account.propertyId().toString().replace("-", "_");
        // Makes the outbox insert, the second statement of the intake's transaction, fail for this property only.
        jdbc.sql("alter table outbox add constraint " + constraint
                        + " check ((payload ->> 'property_id') is distinct from '" + account.propertyId()
                        + "') not valid")
                .update();
        ApiClient.Response refused;
        try {
            refused = listingSite().post(INTAKE, Fixtures.anEnquiry(account.propertyId()));
        } finally {
            jdbc.sql("alter table outbox drop constraint if exists " + constraint)
                    .update();
        }

        assertError(refused, 500, "Internal server error");
        assertThat(enquiryRowsOf(account.propertyId())).isZero();
        assertThat(jdbc.sql("select count(*) from pg_constraint where conname = :name")
                        .param("name", constraint)
                        .query(Long.class)
                        .single())
                .isZero();
        JsonNode accepted = world.submitEnquiry(account.propertyId());
        assertThat(enquiryRowsOf(account.propertyId())).isEqualTo(1);
        assertThat(outboxRows(UUID.fromString(accepted.get("id").asString()))).hasSize(1);
    }

    private ApiClient.Response assertRejectedWithoutWrites(Object body, String... fields) {
        long enquiries = count("enquiries");
        long outbox = count("outbox");

        ApiClient.Response response = listingSite().post(INTAKE, body);

        assertFieldErrors(response, "Invalid request", fields);
        assertThat(count("enquiries")).as("enquiry rows").isEqualTo(enquiries);
        assertThat(count("outbox")).as("outbox rows").isEqualTo(outbox);
        return response;
    }

    private long count(String table) {
        return jdbc.sql("select count(*) from " + table).query(Long.class).single();
    }

    private long enquiryRows(UUID id) {
        return jdbc.sql("select count(*) from enquiries where id = :id")
                .param("id", id)
                .query(Long.class)
                .single();
    }

    private long enquiryRowsOf(UUID propertyId) {
        return jdbc.sql("select count(*) from enquiries where property_id = :p")
                .param("p", propertyId)
                .query(Long.class)
                .single();
    }

    private List<Map<String, Object>> outboxRows(UUID enquiryId) {
        return jdbc.sql(
                        "select event_type, aggregate_id, request_id, payload::text as payload from outbox where aggregate_id = :id")
                .param("id", enquiryId)
                .query()
                .listOfRows();
    }

    private String column(UUID propertyId, String column) {
        return jdbc.sql("select " + column + " from properties where id = :id")
                .param("id", propertyId)
                .query(String.class)
                .single();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> party(Map<String, Object> body) {
        return (Map<String, Object>) body.get("party_details");
    }

    private static List<String> names(JsonNode node) {
        return new ArrayList<>(node.propertyNames());
    }
}
