package com.holidaylistings.integration.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class EnquiryCreatedTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    static EnquiryCreated anEnquiryCreated() {
        return EnquiryCreated.of(
                UUID.fromString("6f1c2a8e-3b1d-4c55-9a0e-2f9d6b7c8a01"),
                UUID.fromString("0b9d8e7f-1a2b-4c3d-8e9f-0a1b2c3d4e5f"),
                "Seaview Cottage",
                "https://www.holidaylistings.example/properties/seaview-cottage",
                "owner@example.com",
                "Summer week",
                "Is the cottage free in August?",
                Instant.parse("2026-11-22T10:15:30.123456Z"),
                "Ada Guest",
                "ada@example.org",
                new PartyDetails(4, LocalDate.parse("2027-08-01"), LocalDate.parse("2027-08-08"), "Family holiday"));
    }

    @Test
    void serializesExactlyAsTheGoldenPayload() throws IOException {
        String json = JSON.writeValueAsString(anEnquiryCreated());

        assertThat(JSON.readTree(json)).isEqualTo(golden());
        assertThat(fieldNames(JSON.readTree(json))).containsExactlyElementsOf(fieldNames(golden()));
    }

    @Test
    void carriesTheFieldsOfSpecSectionSixInOrder() throws IOException {
        JsonNode payload = JSON.readTree(JSON.writeValueAsString(anEnquiryCreated()));

        assertThat(fieldNames(payload))
                .containsExactly(
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
        assertThat(fieldNames(payload.get("party_details")))
                .containsExactly("group_size", "check_in", "check_out", "occasion");
        assertThat(payload.get("party_details").get("group_size").isInt()).isTrue();
    }

    @Test
    void keepsAnAbsentOccasionAsNull() throws IOException {
        EnquiryCreated event = anEnquiryCreated();
        EnquiryCreated withoutOccasion = EnquiryCreated.of(
                event.enquiryId(),
                event.propertyId(),
                event.propertyTitle(),
                event.propertyUrl(),
                event.ownerEmail(),
                event.subject(),
                event.message(),
                event.sentAt(),
                event.userName(),
                event.userEmail(),
                new PartyDetails(
                        2, event.partyDetails().checkIn(), event.partyDetails().checkOut(), null));

        JsonNode party = JSON.readTree(JSON.writeValueAsString(withoutOccasion)).get("party_details");

        assertThat(party.has("occasion")).isTrue();
        assertThat(party.get("occasion").isNull()).isTrue();
    }

    @Test
    void readsBackTheGoldenPayload() throws IOException {
        EnquiryCreated parsed = JSON.readValue(golden().toString(), EnquiryCreated.class);

        assertThat(parsed).isEqualTo(anEnquiryCreated());
    }

    @Test
    void rejectsAnotherEventType() {
        assertThatThrownBy(() -> JSON.readValue(
                        golden().toString().replace("enquiry.created", "enquiry.deleted"), EnquiryCreated.class))
                .hasMessageContaining("event must be enquiry.created");
    }

    private static JsonNode golden() throws IOException {
        try (InputStream in = EnquiryCreatedTest.class.getResourceAsStream("/enquiry-created.golden.json")) {
            return JSON.readTree(in);
        }
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.propertyNames().forEach(names::add);
        return names;
    }
}
