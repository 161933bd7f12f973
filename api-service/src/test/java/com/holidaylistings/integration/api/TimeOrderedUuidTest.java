package com.holidaylistings.integration.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class TimeOrderedUuidTest {

    @Test
    void isVersionSevenOfTheIetfVariant() {
        UUID uuid = TimeOrderedUuid.next();

        assertThat(uuid.version()).isEqualTo(7);
        assertThat(uuid.variant()).isEqualTo(2);
        assertThat(uuid.toString()).matches("^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$");
    }

    @Test
    void startsWithTheMillisecondsSinceTheEpoch() {
        long millis = Instant.parse("2026-11-22T10:15:30.123Z").toEpochMilli();

        UUID uuid = TimeOrderedUuid.at(millis);

        assertThat(uuid.getMostSignificantBits() >>> 16).isEqualTo(millis);
        assertThat(uuid.toString()).startsWith(String.format("%08x-%04x", millis >>> 16, millis & 0xFFFF));
    }

    @Test
    void carriesTheCurrentTime() {
        long before = System.currentTimeMillis();

        long millis = TimeOrderedUuid.next().getMostSignificantBits() >>> 16;

        assertThat(millis).isBetween(before, System.currentTimeMillis());
    }

    @Test
    void increasesWithTimeInTheByteOrderOfDatabaseIndexes() {
        long millis = Instant.parse("2026-11-22T10:15:30Z").toEpochMilli();

        for (int i = 0; i < 1_000; i++) {
            String earlier = TimeOrderedUuid.at(millis + i).toString();
            String later = TimeOrderedUuid.at(millis + i + 1).toString();
            // Lower-case hex text sorts as the unsigned bytes do, which is how PostgreSQL orders uuid.
            assertThat(earlier).isLessThan(later);
        }
        assertThat(TimeOrderedUuid.at(millis).toString())
                .isLessThan(TimeOrderedUuid.at(millis + 86_400_000L).toString());
    }

    @Test
    void isDistinctEvenWithinOneMillisecond() {
        Set<UUID> seen = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            seen.add(TimeOrderedUuid.at(1_700_000_000_000L));
            seen.add(TimeOrderedUuid.next());
        }

        assertThat(seen).hasSize(20_000);
    }

    @Test
    void keepsVersionAndVariantWhateverTheRandomBits() {
        for (int i = 0; i < 1_000; i++) {
            UUID uuid = TimeOrderedUuid.at(i);
            assertThat(uuid.version()).isEqualTo(7);
            assertThat(uuid.variant()).isEqualTo(2);
            assertThat(uuid.getMostSignificantBits() >>> 16).isEqualTo(i);
        }
    }
}
