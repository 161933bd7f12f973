package com.holidaylistings.integration.api.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestFingerprintTest {

    record Party(Integer groupSize, LocalDate checkIn, String occasion) {}

    record Submission(String subject, String message, Party party) {}

    private static final Submission REQUEST =
            new Submission("Summer week", "Is it free?", new Party(4, LocalDate.parse("2027-08-01"), null));

    @Test
    void isTheSameForTheSameRequest() {
        Submission again =
                new Submission("Summer week", "Is it free?", new Party(4, LocalDate.parse("2027-08-01"), null));

        assertThat(RequestFingerprint.of("POST /x", again)).isEqualTo(RequestFingerprint.of("POST /x", REQUEST));
    }

    @Test
    void changesWithAnyValue() {
        RequestFingerprint first = RequestFingerprint.of("POST /x", REQUEST);

        assertThat(RequestFingerprint.of("POST /x", new Submission("Summer week!", "Is it free?", REQUEST.party())))
                .isNotEqualTo(first);
        assertThat(RequestFingerprint.of(
                        "POST /x",
                        new Submission(
                                "Summer week", "Is it free?", new Party(5, LocalDate.parse("2027-08-01"), null))))
                .isNotEqualTo(first);
        assertThat(RequestFingerprint.of(
                        "POST /x",
                        new Submission("Summer week", "Is it free?", new Party(4, LocalDate.parse("2027-08-01"), ""))))
                .isNotEqualTo(first);
    }

    @Test
    void changesWithTheOperation() {
        assertThat(RequestFingerprint.of("POST /y", REQUEST)).isNotEqualTo(RequestFingerprint.of("POST /x", REQUEST));
    }

    @Test
    void doesNotDependOnTheOrderOfMapEntries() {
        Map<String, Object> one = new LinkedHashMap<>();
        one.put("a", 1);
        one.put("b", 2);
        Map<String, Object> other = new LinkedHashMap<>();
        other.put("b", 2);
        other.put("a", 1);

        assertThat(RequestFingerprint.of("POST /x", one)).isEqualTo(RequestFingerprint.of("POST /x", other));
    }

    @Test
    void isAHexSha256() {
        assertThat(RequestFingerprint.of("POST /x", REQUEST).sha256()).matches("[0-9a-f]{64}");
    }
}
