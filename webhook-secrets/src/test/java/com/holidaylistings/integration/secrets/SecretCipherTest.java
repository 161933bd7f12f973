package com.holidaylistings.integration.secrets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SecretCipherTest {

    private static final String OLD = "old:" + aKey();
    private static final String NEW = "new:" + aKey();
    private static final String SECRET = "whsec_" + aKey();

    private final UUID owner = UUID.randomUUID();
    private final SecretCipher cipher = new SecretCipher(EncryptionKeys.parse(NEW + "," + OLD));

    @Test
    void decryptsWhatItEncrypted() {
        String stored = cipher.encrypt(SECRET, owner);

        assertThat(cipher.decrypt(stored, owner)).isEqualTo(SECRET);
    }

    @Test
    void storesTheVersionTheFirstKeysIdAndNoTraceOfTheSecret() {
        String stored = cipher.encrypt(SECRET, owner);

        assertThat(stored).startsWith("v1.new.").matches("v1\\.new\\.[A-Za-z0-9_-]+");
        assertThat(stored).doesNotContain(SECRET.substring("whsec_".length()));
        assertThat(cipher.isCurrent(stored)).isTrue();
    }

    @Test
    void encryptsTheSameSecretDifferentlyEachTime() {
        assertThat(cipher.encrypt(SECRET, owner)).isNotEqualTo(cipher.encrypt(SECRET, owner));
    }

    @Test
    void refusesAValueWhoseDataWasAltered() {
        String stored = cipher.encrypt(SECRET, owner);
        int last = stored.length() - 5;
        String altered =
                stored.substring(0, last) + (stored.charAt(last) == 'A' ? 'B' : 'A') + stored.substring(last + 1);

        assertThatThrownBy(() -> cipher.decrypt(altered, owner))
                .isInstanceOf(SecretNotDecryptable.class)
                .hasMessageContaining("does not verify");
    }

    @Test
    void refusesAValueMovedToAnotherOwner() {
        String stored = cipher.encrypt(SECRET, owner);

        assertThatThrownBy(() -> cipher.decrypt(stored, UUID.randomUUID())).isInstanceOf(SecretNotDecryptable.class);
    }

    @Test
    void refusesAValueWhoseKeyIsNotListed() {
        String stored = new SecretCipher(EncryptionKeys.parse("gone:" + aKey())).encrypt(SECRET, owner);

        assertThatThrownBy(() -> cipher.decrypt(stored, owner))
                .isInstanceOf(SecretNotDecryptable.class)
                .hasMessageContaining("'gone' is not in SECRETS_ENCRYPTION_KEYS")
                .hasMessageNotContaining(stored);
    }

    @Test
    void refusesAValueThatIsNeitherEncryptedNorAPlainSecret() {
        assertThatThrownBy(() -> cipher.decrypt("v2.new.abc", owner)).isInstanceOf(SecretNotDecryptable.class);
        assertThatThrownBy(() -> cipher.decrypt("v1.new", owner)).isInstanceOf(SecretNotDecryptable.class);
        assertThatThrownBy(() -> cipher.decrypt("v1.new.%%%", owner)).isInstanceOf(SecretNotDecryptable.class);
        assertThatThrownBy(() -> cipher.decrypt("v1.new.AAAA", owner)).isInstanceOf(SecretNotDecryptable.class);
    }

    @Test
    void decryptsAValueOfAnOlderKeyWhileItIsListed() {
        String stored = new SecretCipher(EncryptionKeys.parse(OLD)).encrypt(SECRET, owner);

        assertThat(cipher.decrypt(stored, owner)).isEqualTo(SECRET);
        assertThat(cipher.isCurrent(stored)).as("re-encryption will take it").isFalse();
        assertThat(cipher.isCurrent(cipher.encrypt(cipher.decrypt(stored, owner), owner)))
                .isTrue();
    }

    @Test
    void readsAPlainSecretFromBeforeEncryptionAsItIs() {
        assertThat(cipher.decrypt(SECRET, owner)).isEqualTo(SECRET);
        assertThat(SecretCipher.isPlain(SECRET)).isTrue();
        assertThat(cipher.isCurrent(SECRET)).isFalse();
    }

    static String aKey() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        return Base64.getEncoder().encodeToString(key);
    }
}
