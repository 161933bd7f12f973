package com.holidaylistings.integration.api.owner;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.secrets.SecretCipher;
import com.holidaylistings.integration.testsupport.TestSecrets;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The service does not start without valid SECRETS_ENCRYPTION_KEYS, and says what is wrong. */
class SecretsConfigTest {

    private final ApplicationContextRunner context =
            new ApplicationContextRunner().withUserConfiguration(SecretsConfig.class);

    @Test
    void startsWithValidKeys() {
        context.withPropertyValues("secrets.encryption-keys=" + TestSecrets.ENCRYPTION_KEYS)
                .run(started -> assertThat(started).hasNotFailed().hasSingleBean(SecretCipher.class));
    }

    @Test
    void refusesToStartWithoutKeys() {
        context.withPropertyValues("secrets.encryption-keys=")
                .run(started -> assertThat(started)
                        .hasFailed()
                        .getFailure()
                        .rootCause()
                        .hasMessageStartingWith("SECRETS_ENCRYPTION_KEYS is not set"));
    }

    @Test
    void refusesToStartWithAKeyOfTheWrongLengthWithoutShowingIt() {
        String shortKey =
                Base64.getEncoder().encodeToString(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16});
        context.withPropertyValues("secrets.encryption-keys=k1:" + shortKey)
                .run(started -> assertThat(started)
                        .hasFailed()
                        .getFailure()
                        .rootCause()
                        .hasMessage("SECRETS_ENCRYPTION_KEYS, entry 1 ('k1'): the key has 16 bytes, not 32")
                        .hasMessageNotContaining(shortKey));
    }
}
