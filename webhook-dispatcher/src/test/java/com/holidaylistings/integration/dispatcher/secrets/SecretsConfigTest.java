package com.holidaylistings.integration.dispatcher.secrets;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.secrets.SecretCipher;
import com.holidaylistings.integration.testsupport.TestSecrets;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The dispatcher does not start without valid SECRETS_ENCRYPTION_KEYS, and says what is wrong. */
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
        context.run(started -> assertThat(started)
                .hasFailed()
                .getFailure()
                .rootCause()
                .hasMessageStartingWith("SECRETS_ENCRYPTION_KEYS is not set"));
    }

    @Test
    void refusesToStartWithAKeyIdGivenTwice() {
        String key = TestSecrets.RETIRED_KEY.substring(TestSecrets.RETIRED_KEY.indexOf(':'));
        context.withPropertyValues("secrets.encryption-keys=k" + key + ",k" + key)
                .run(started -> assertThat(started)
                        .hasFailed()
                        .getFailure()
                        .rootCause()
                        .hasMessageContaining("the key id 'k' is given twice")
                        .hasMessageNotContaining(key.substring(1)));
    }
}
