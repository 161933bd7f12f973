package com.holidaylistings.integration.secrets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

class EncryptionKeysTest {

    private static final String KEY = SecretCipherTest.aKey();

    @Test
    void theFirstKeyEncrypts() {
        EncryptionKeys keys = EncryptionKeys.parse(" k2025:" + KEY + " , k2024:" + SecretCipherTest.aKey());

        assertThat(keys.primaryId()).isEqualTo("k2025");
        assertThat(keys.key("k2024")).isPresent();
        assertThat(keys.key("other")).isEmpty();
    }

    @Test
    void namesItsKeyIdsButNotTheirKeys() {
        assertThat(EncryptionKeys.parse("a:" + KEY)).hasToString("EncryptionKeys[a]");
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(strings = {"", "  "})
    void refusesNoKeys(String setting) {
        assertThatThrownBy(() -> EncryptionKeys.parse(setting))
                .hasMessageStartingWith("SECRETS_ENCRYPTION_KEYS is not set");
    }

    @Test
    void refusesAKeyOfAnotherLength() {
        String short16 = Base64.getEncoder().encodeToString(new byte[16]);

        assertThatThrownBy(() -> EncryptionKeys.parse("a:" + KEY + ",b:" + short16))
                .hasMessage("SECRETS_ENCRYPTION_KEYS, entry 2 ('b'): the key has 16 bytes, not 32");
    }

    @Test
    void refusesAKeyIdGivenTwice() {
        assertThatThrownBy(() -> EncryptionKeys.parse("a:" + KEY + ",a:" + SecretCipherTest.aKey()))
                .hasMessageContaining("the key id 'a' is given twice");
    }

    @ParameterizedTest
    @ValueSource(strings = {"no-colon", ":AAAA", "a.b:KEY", "a:not base64!", "a:KEY,", ",a:KEY"})
    void refusesMalformedEntriesWithoutShowingTheirKeys(String entry) {
        assertThatThrownBy(() -> EncryptionKeys.parse(entry.replace("KEY", KEY)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("SECRETS_ENCRYPTION_KEYS, entry ")
                .hasMessageNotContaining(KEY);
    }
}
