package com.holidaylistings.integration.api.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class AccessTokenFormatTest {

    private static final String BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

    @Test
    void generatesPrefixedBase62Tokens() {
        for (int i = 0; i < 1_000; i++) {
            String token = AccessTokenFormat.generate();

            assertThat(token).matches("^hpo_[0-9A-Za-z]{36}$");
            assertThat(AccessTokenFormat.isWellFormed(token)).as(token).isTrue();
        }
    }

    @Test
    void generatesDistinctTokens() {
        Set<String> tokens = new HashSet<>();
        IntStream.range(0, 10_000).forEach(i -> tokens.add(AccessTokenFormat.generate()));

        assertThat(tokens).hasSize(10_000);
    }

    @Test
    void carriesAtLeast160RandomBits() {
        // 30 base62 characters: 30 * log2(62) = 178.6 bits.
        assertThat(AccessTokenFormat.RANDOM_LENGTH * Math.log(62) / Math.log(2)).isGreaterThanOrEqualTo(160);
        assertThat(AccessTokenFormat.LENGTH).isEqualTo(40);
    }

    @Test
    void usesEveryBase62CharacterInEveryRandomPosition() {
        // A weak generator (e.g. hex only, or a fixed position) would leave characters unused.
        Set<Character> seen = new HashSet<>();
        Set<Character> seenAtFirst = new HashSet<>();
        Set<Character> seenAtLast = new HashSet<>();
        for (int i = 0; i < 5_000; i++) {
            String random = AccessTokenFormat.generate().substring(4, 4 + AccessTokenFormat.RANDOM_LENGTH);
            random.chars().forEach(c -> seen.add((char) c));
            seenAtFirst.add(random.charAt(0));
            seenAtLast.add(random.charAt(random.length() - 1));
        }

        assertThat(seen).hasSize(62);
        assertThat(seenAtFirst).hasSize(62);
        assertThat(seenAtLast).hasSize(62);
    }

    @Test
    void refusesAnySingleCharacterChange() {
        String token = AccessTokenFormat.generate();
        for (int position = 4; position < token.length(); position++) {
            for (char replacement : BASE62.toCharArray()) {
                if (replacement == token.charAt(position)) {
                    continue;
                }
                String changed = token.substring(0, position) + replacement + token.substring(position + 1);
                assertThat(AccessTokenFormat.isWellFormed(changed)).as(changed).isFalse();
            }
        }
    }

    @Test
    void refusesSwappedAdjacentCharacters() {
        String token = AccessTokenFormat.generate();
        for (int position = 4; position < token.length() - 1; position++) {
            if (token.charAt(position) == token.charAt(position + 1)) {
                continue;
            }
            String swapped = token.substring(0, position)
                    + token.charAt(position + 1)
                    + token.charAt(position)
                    + token.substring(position + 2);
            assertThat(AccessTokenFormat.isWellFormed(swapped)).as(swapped).isFalse();
        }
    }

    @Test
    void refusesWrongPrefix() {
        String rest = AccessTokenFormat.generate().substring(4);

        assertThat(AccessTokenFormat.isWellFormed("hpx_" + rest)).isFalse();
        assertThat(AccessTokenFormat.isWellFormed("HPO_" + rest)).isFalse();
        assertThat(AccessTokenFormat.isWellFormed("ghp_" + rest)).isFalse();
        assertThat(AccessTokenFormat.isWellFormed("hpo" + rest + "0")).isFalse();
        assertThat(AccessTokenFormat.isWellFormed(rest.substring(0, 4) + rest)).isFalse();
    }

    @Test
    void refusesWrongLength() {
        String token = AccessTokenFormat.generate();

        assertThat(AccessTokenFormat.isWellFormed(token + "0")).isFalse();
        assertThat(AccessTokenFormat.isWellFormed(token.substring(0, token.length() - 1)))
                .isFalse();
        assertThat(AccessTokenFormat.isWellFormed("hpo_")).isFalse();
        assertThat(AccessTokenFormat.isWellFormed("")).isFalse();
        assertThat(AccessTokenFormat.isWellFormed(null)).isFalse();
        assertThat(AccessTokenFormat.isWellFormed(" " + token)).isFalse();
    }

    @Test
    void refusesCharactersOutsideBase62EvenWithAMatchingChecksum() {
        String random = "abcdefghijklmnopqrstuvwxyz012-";

        assertThat(AccessTokenFormat.isWellFormed("hpo_" + random + AccessTokenFormat.checksum(random)))
                .isFalse();
    }

    @Test
    void acceptsAnyRandomPartWithItsChecksum() {
        String random = "000000000000000000000000000000";

        assertThat(AccessTokenFormat.isWellFormed("hpo_" + random + AccessTokenFormat.checksum(random)))
                .isTrue();
    }
}
