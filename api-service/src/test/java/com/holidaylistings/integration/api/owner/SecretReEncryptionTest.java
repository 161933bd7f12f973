package com.holidaylistings.integration.api.owner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.holidaylistings.integration.secrets.EncryptionKeys;
import com.holidaylistings.integration.secrets.SecretCipher;
import com.holidaylistings.integration.testsupport.TestSecrets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.boot.DefaultApplicationArguments;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.TransactionTemplate;

class SecretReEncryptionTest {

    /**
     * A replica restarted into a stream of requests found every connection of its pool taken: the
     * re-encryption could not start a transaction, and the service failed to start because of it.
     */
    @Test
    void aStartWhoseTransactionsCannotBeginStillStarts() {
        AtomicInteger asked = new AtomicInteger();
        PlatformTransactionManager exhausted = new PlatformTransactionManager() {
            @Override
            public TransactionStatus getTransaction(TransactionDefinition definition) {
                asked.incrementAndGet();
                throw new CannotCreateTransactionException("Could not open JDBC Connection for transaction");
            }

            @Override
            public void commit(TransactionStatus status) {}

            @Override
            public void rollback(TransactionStatus status) {}
        };
        SecretReEncryption reEncryption = new SecretReEncryption(
                JdbcClient.create(new DriverManagerDataSource("jdbc:postgresql://127.0.0.1:1/none")),
                new TransactionTemplate(exhausted),
                new SecretCipher(EncryptionKeys.parse(TestSecrets.ENCRYPTION_KEYS)),
                new SecretsProperties(TestSecrets.ENCRYPTION_KEYS, 500, Duration.ofHours(24), Duration.ofMinutes(1)));

        assertThatCode(() -> reEncryption.run(new DefaultApplicationArguments()))
                .doesNotThrowAnyException();
        assertThat(asked).as("it tried").hasValue(1);
    }
}
