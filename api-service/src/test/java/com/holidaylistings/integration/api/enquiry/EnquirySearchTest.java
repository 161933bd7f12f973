package com.holidaylistings.integration.api.enquiry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.holidaylistings.integration.api.web.error.InvalidRequest;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class EnquirySearchTest {

    private static final String LIMIT_MESSAGE = "must be an integer between 1 and 100";
    private static final String SINCE_MESSAGE =
            "must be an ISO 8601 timestamp with Z or an offset, e.g. 2026-11-22T10:15:30Z";

    @Test
    void defaultsToFiftyNewestWithoutFilters() {
        EnquirySearch search = EnquirySearch.parse(null, null, null, null);

        assertThat(search).isEqualTo(new EnquirySearch(50, Optional.empty(), Optional.empty(), Optional.empty()));
    }

    @Test
    void parsesEveryParameter() {
        UUID property = UUID.randomUUID();

        EnquirySearch search =
                EnquirySearch.parse("100", property.toString(), "archived", "2026-11-22T10:15:30.123456Z");

        assertThat(search.limit()).isEqualTo(100);
        assertThat(search.propertyId()).contains(property);
        assertThat(search.status()).contains("archived");
        assertThat(search.since()).contains(Instant.parse("2026-11-22T10:15:30.123456Z"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"1", "50", "100", " 7 "})
    void acceptsALimitFromOneToOneHundred(String limit) {
        assertThat(EnquirySearch.parse(limit, null, null, null).limit()).isEqualTo(Integer.parseInt(limit.trim()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "101", "-1", "abc", "", "1.5", "2147483648", "1e2"})
    void rejectsAnyOtherLimit(String limit) {
        assertThat(errors(limit, null, null, null)).isEqualTo(Map.of("limit", List.of(LIMIT_MESSAGE)));
    }

    @Test
    void acceptsAnUpperCaseUuid() {
        UUID property = UUID.randomUUID();

        assertThat(EnquirySearch.parse(null, property.toString().toUpperCase(), null, null)
                        .propertyId())
                .contains(property);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "abc",
                "1-1-1-1-1",
                "",
                "6f1c2a8e3b1d4c559a0e2f9d6b7c8a01",
                "{6f1c2a8e-3b1d-4c55-9a0e-2f9d6b7c8a01}",
                "6f1c2a8e-3b1d-4c55-9a0e-2f9d6b7c8a01 ",
                "6f1c2a8e-3b1d-4c55-9a0e-2f9d6b7c8a0g"
            })
    void rejectsAPropertyIdThatIsNotACanonicalUuid(String propertyId) {
        assertThat(errors(null, propertyId, null, null)).isEqualTo(Map.of("property_id", List.of("must be a UUID")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"sent", "responded", "archived"})
    void acceptsEachStatus(String status) {
        assertThat(EnquirySearch.parse(null, null, status, null).status()).contains(status);
    }

    @ParameterizedTest
    @ValueSource(strings = {"open", "Sent", "", " sent", "sent,archived"})
    void rejectsAnyOtherStatus(String status) {
        assertThat(errors(null, null, status, null))
                .isEqualTo(Map.of("status", List.of("must be one of sent, responded, archived")));
    }

    @Test
    void acceptsSinceWithZOrAnOffset() {
        Instant expected = Instant.parse("2026-11-22T09:15:30Z");

        assertThat(since("2026-11-22T09:15:30Z")).isEqualTo(expected);
        assertThat(since("2026-11-22T10:15:30+01:00")).isEqualTo(expected);
        assertThat(since("2026-11-22T04:45:30-04:30")).isEqualTo(expected);
        assertThat(since("2026-11-22T09:15:30+00:00")).isEqualTo(expected);
    }

    @Test
    void readsASpaceBeforeTheOffsetAsTheUnencodedPlusItWas() {
        assertThat(since("2026-11-22T10:15:30 01:00")).isEqualTo(Instant.parse("2026-11-22T09:15:30Z"));
        assertThat(since("2026-11-22T10:15:30.5 01:00")).isEqualTo(Instant.parse("2026-11-22T09:15:30.5Z"));
    }

    @Test
    void keepsMicrosecondsOfSince() {
        assertThat(since("2026-11-22T10:15:30.000001Z")).isEqualTo(Instant.parse("2026-11-22T10:15:30.000001Z"));
    }

    @Test
    void dropsTheNanosecondsThatTheDatabaseCannotCompare() {
        // sent_at has microseconds: after 30.0000019 is the same as after 30.000001, never after 30.000002.
        assertThat(since("2026-11-22T10:15:30.000001900Z")).isEqualTo(Instant.parse("2026-11-22T10:15:30.000001Z"));
        assertThat(since("2026-11-22T10:15:30.000000400Z")).isEqualTo(Instant.parse("2026-11-22T10:15:30Z"));
    }

    @Test
    void acceptsSinceFromTheFirstToTheLastInstantOfRfc3339() {
        assertThat(since("0000-01-01T00:00:00Z")).isEqualTo(Instant.parse("0000-01-01T00:00:00Z"));
        assertThat(since("9999-12-31T23:59:59.999999Z")).isEqualTo(Instant.parse("9999-12-31T23:59:59.999999Z"));
        assertThat(since("9999-12-31T23:59:59.999999999Z")).isEqualTo(Instant.parse("9999-12-31T23:59:59.999999Z"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "yesterday",
                "2026-11-22",
                "2026-11-22T10:15:30",
                "",
                "1732270530",
                "2026-13-01T00:00:00Z",
                "2026-11-22T25:00:00Z",
                "2026-11-22T10:15:30+25:00",
                "2026-11-22 10:15:30Z",
                "2026-11-22T10:15:30 Z",
                "-0001-01-01T00:00:00Z",
                "+10000-01-01T00:00:00Z",
                "+999999999-12-31T23:59:59Z",
                "0000-01-01T00:30:00+01:00"
            })
    void rejectsASinceWithoutDateTimeAndZoneOrOffset(String since) {
        assertThat(errors(null, null, null, since)).isEqualTo(Map.of("since", List.of(SINCE_MESSAGE)));
    }

    @Test
    void reportsEveryInvalidParameterAtOnce() {
        assertThat(errors("0", "nope", "open", "soon"))
                .isEqualTo(Map.of(
                        "limit", List.of(LIMIT_MESSAGE),
                        "property_id", List.of("must be a UUID"),
                        "status", List.of("must be one of sent, responded, archived"),
                        "since", List.of(SINCE_MESSAGE)));
    }

    private static Instant since(String value) {
        return EnquirySearch.parse(null, null, null, value).since().orElseThrow();
    }

    private static Map<String, List<String>> errors(String limit, String propertyId, String status, String since) {
        InvalidRequest invalid =
                catchThrowableOfType(InvalidRequest.class, () -> EnquirySearch.parse(limit, propertyId, status, since));
        assertThat(invalid).as("InvalidRequest").isNotNull();
        return invalid.fieldErrors();
    }
}
