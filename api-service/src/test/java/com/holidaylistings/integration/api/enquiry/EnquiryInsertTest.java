package com.holidaylistings.integration.api.enquiry;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.PartyDetails;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class EnquiryInsertTest {

    /** A named parameter: a colon after neither a colon (a cast) nor a word character. */
    private static final Pattern PARAMETER = Pattern.compile("(?<![:\\w]):(\\w+)");

    private static final EnquiryCreated EVENT = EnquiryCreated.of(
            UUID.randomUUID(),
            UUID.randomUUID(),
            "Seaview Cottage",
            "https://www.holidaylistings.example/properties/seaview",
            "owner@example.com",
            "Summer week",
            "Is it free in August?",
            Instant.parse("2027-01-02T10:11:12.123456Z"),
            "Ada Guest",
            "ada@example.org",
            new PartyDetails(4, LocalDate.parse("2027-08-01"), LocalDate.parse("2027-08-08"), null));

    @Test
    void givesAValueToEveryParameterOfTheStatement() {
        Map<String, Object> values =
                EnquiryInsert.parameters(UUID.randomUUID(), EVENT, UUID.randomUUID(), "{}", null, null);

        assertThat(values.keySet())
                .containsExactlyInAnyOrderElementsOf(PARAMETER
                        .matcher(EnquiryInsert.SQL)
                        .results()
                        .map(match -> match.group(1))
                        .distinct()
                        .toList());
    }

    @Test
    void writesTheEventsFieldsAndItsTypeIntoTheRows() {
        UUID owner = UUID.randomUUID();
        UUID eventId = UUID.randomUUID();
        Map<String, Object> values =
                EnquiryInsert.parameters(owner, EVENT, eventId, "{\"event\":\"enquiry.created\"}", "req-1", null);

        assertThat(values)
                .containsEntry("enquiryId", EVENT.enquiryId())
                .containsEntry("ownerId", owner)
                .containsEntry("status", "sent")
                .containsEntry("groupSize", 4)
                .containsEntry("occasion", null)
                .containsEntry("sentAt", OffsetDateTime.of(2027, 1, 2, 10, 11, 12, 123_456_000, ZoneOffset.UTC))
                .containsEntry("eventId", eventId)
                .containsEntry("aggregateType", "enquiry")
                .containsEntry("eventType", EnquiryCreated.TYPE)
                .containsEntry("payload", "{\"event\":\"enquiry.created\"}")
                .containsEntry("requestId", "req-1");
    }
}
