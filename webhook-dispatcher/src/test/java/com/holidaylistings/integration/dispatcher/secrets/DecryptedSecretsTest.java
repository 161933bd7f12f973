package com.holidaylistings.integration.dispatcher.secrets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class DecryptedSecretsTest {

    private final List<String> decrypted = new ArrayList<>();
    private final UUID owner = UUID.randomUUID();

    private String decrypt(String stored, UUID owner) {
        if (stored.startsWith("bad")) {
            throw new IllegalArgumentException("does not decrypt");
        }
        decrypted.add(stored);
        return "whsec_" + stored + "@" + owner;
    }

    @Test
    void decryptsAStoredSecretOnceAndAnotherOwnersAnew() {
        DecryptedSecrets secrets = new DecryptedSecrets(this::decrypt, 10);
        UUID other = UUID.randomUUID();

        assertThat(secrets.decrypt("v1.k.a", owner)).isEqualTo("whsec_v1.k.a@" + owner);
        assertThat(secrets.decrypt("v1.k.a", owner)).isEqualTo("whsec_v1.k.a@" + owner);
        assertThat(secrets.decrypt("v1.k.a", other)).isEqualTo("whsec_v1.k.a@" + other);

        assertThat(decrypted).containsExactly("v1.k.a", "v1.k.a");
    }

    @Test
    void keepsTheLastUsedUpToItsBound() {
        DecryptedSecrets secrets = new DecryptedSecrets(this::decrypt, 2);
        secrets.decrypt("first", owner);
        secrets.decrypt("second", owner);
        secrets.decrypt("first", owner); // used again: "second" is now the eldest
        secrets.decrypt("third", owner);

        assertThat(secrets.size()).isEqualTo(2);
        secrets.decrypt("first", owner);
        secrets.decrypt("second", owner);
        assertThat(decrypted).containsExactly("first", "second", "third", "second");
    }

    @Test
    void keepsNothingOfASecretThatDoesNotDecrypt() {
        DecryptedSecrets secrets = new DecryptedSecrets(this::decrypt, 10);
        assertThatThrownBy(() -> secrets.decrypt("bad", owner)).isInstanceOf(IllegalArgumentException.class);
        assertThat(secrets.size()).isZero();
    }
}
