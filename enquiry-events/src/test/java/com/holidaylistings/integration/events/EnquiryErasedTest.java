package com.holidaylistings.integration.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class EnquiryErasedTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void carriesTheEnquiryIdAndTheTimeOfTheErasureOnly() {
        EnquiryErased erased = EnquiryErased.of(
                UUID.fromString("6f1c2a8e-3b1d-4c55-9a0e-2f9d6b7c8a01"), Instant.parse("2026-11-29T09:00:00Z"));

        String json = JSON.writeValueAsString(erased);

        assertThat(json).isEqualTo("""
                {"event":"enquiry.erased","enquiry_id":"6f1c2a8e-3b1d-4c55-9a0e-2f9d6b7c8a01","erased_at":"2026-11-29T09:00:00Z"}""");
        assertThat(JSON.readValue(json, EnquiryErased.class)).isEqualTo(erased);
    }

    @Test
    void rejectsAnotherEventType() {
        assertThatThrownBy(() -> JSON.readValue("""
                {"event":"enquiry.created","enquiry_id":"6f1c2a8e-3b1d-4c55-9a0e-2f9d6b7c8a01","erased_at":"2026-11-29T09:00:00Z"}""", EnquiryErased.class))
                .hasRootCauseInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void anErasedEnquiryCreatedKeepsTheSpecsShapeWithoutTheGuestsData() {
        EnquiryCreated event = EnquiryCreatedTest.anEnquiryCreated();

        JsonNode erased = JSON.readTree(JSON.writeValueAsString(event.erased()));
        JsonNode original = JSON.readTree(JSON.writeValueAsString(event));

        assertThat(fieldNames(erased)).containsExactlyElementsOf(fieldNames(original));
        assertThat(fieldNames(erased.get("party_details")))
                .containsExactlyElementsOf(fieldNames(original.get("party_details")));
        assertThat(erased.get("user_name").asString()).isEqualTo("erased");
        assertThat(erased.get("user_email").asString()).isEqualTo("erased@invalid");
        assertThat(erased.get("subject").asString()).isEqualTo("erased");
        assertThat(erased.get("message").asString()).isEqualTo("erased");
        assertThat(erased.get("party_details").get("occasion").isNull()).isTrue();
        assertThat(erased.toString())
                .doesNotContain("Ada Guest", "ada@example.org", "Is the cottage free", "Summer week", "Family holiday");
        for (String kept : List.of(
                "event",
                "enquiry_id",
                "property_id",
                "property_title",
                "property_url",
                "owner_email",
                "status",
                "sent_at")) {
            assertThat(erased.get(kept)).as(kept).isEqualTo(original.get(kept));
        }
        assertThat(event.erased().erased()).as("erasing twice changes nothing").isEqualTo(event.erased());
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.propertyNames().forEach(names::add);
        return names;
    }
}
