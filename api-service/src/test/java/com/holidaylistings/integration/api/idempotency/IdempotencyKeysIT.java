package com.holidaylistings.integration.api.idempotency;

import static com.holidaylistings.integration.api.support.ErrorBodies.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.Fixtures;
import com.holidaylistings.integration.api.support.TestWorld;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** A key in use, an expired key, and the purge, on the real database. */
class IdempotencyKeysIT extends ApiIntegrationTest {

    private static final String INTAKE = "/internal/v1/enquiries";

    @Autowired
    private DataSource dataSource;

    @Autowired
    private IdempotencyKeyPurge purge;

    private ApiClient listingSite(String key) {
        return http.with("X-Admin-Key", TestWorld.ADMIN_KEY).with("Idempotency-Key", key);
    }

    @Test
    void answers409WhileAnotherTransactionIsProcessingTheKey() throws Exception {
        TestWorld.Account account = world.newAccount();
        String key = UUID.randomUUID().toString();
        Map<String, Object> enquiry = Fixtures.anEnquiry(account.propertyId());

        try (Connection processing = dataSource.getConnection()) {
            processing.setAutoCommit(false);
            try (PreparedStatement lock = processing.prepareStatement("select pg_advisory_xact_lock(?, hashtext(?))")) {
                lock.setInt(1, IdempotencyKeys.LOCK_CLASS);
                lock.setString(2, key);
                lock.execute();
            }
            assertError(listingSite(key).post(INTAKE, enquiry), 409, "Request in progress");
            processing.rollback();
        }

        ApiClient.Response afterwards = listingSite(key).post(INTAKE, enquiry);
        assertThat(afterwards.status()).as(afterwards.body()).isEqualTo(201);
        assertThat(afterwards.header("Idempotent-Replayed")).isNull();
    }

    @Test
    void freesAKeyOnceItsRetentionIsOver() {
        TestWorld.Account account = world.newAccount();
        String key = UUID.randomUUID().toString();
        Map<String, Object> enquiry = Fixtures.anEnquiry(account.propertyId());
        String first = listingSite(key)
                .post(INTAKE, enquiry)
                .json()
                .get("enquiry")
                .get("id")
                .asString();
        age(key, "25 hours");

        ApiClient.Response again = listingSite(key).post(INTAKE, enquiry);

        assertThat(again.status()).as(again.body()).isEqualTo(201);
        assertThat(again.header("Idempotent-Replayed")).isNull();
        assertThat(again.json().get("enquiry").get("id").asString()).isNotEqualTo(first);
        ApiClient.Response retry = listingSite(key).post(INTAKE, enquiry);
        assertThat(retry.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(retry.body()).isEqualTo(again.body());
    }

    @Test
    void stillReplaysJustInsideTheRetention() {
        TestWorld.Account account = world.newAccount();
        String key = UUID.randomUUID().toString();
        Map<String, Object> enquiry = Fixtures.anEnquiry(account.propertyId());
        listingSite(key).post(INTAKE, enquiry);
        age(key, "23 hours 59 minutes");

        assertThat(listingSite(key).post(INTAKE, enquiry).header("Idempotent-Replayed"))
                .isEqualTo("true");
    }

    @Test
    void purgesExpiredKeysOnly() {
        TestWorld.Account account = world.newAccount();
        String expired = UUID.randomUUID().toString();
        String live = UUID.randomUUID().toString();
        listingSite(expired).post(INTAKE, Fixtures.anEnquiry(account.propertyId()));
        listingSite(live).post(INTAKE, Fixtures.anEnquiry(account.propertyId()));
        age(expired, "24 hours 1 second");

        assertThat(purge.purgeExpired()).isGreaterThanOrEqualTo(1);

        assertThat(stored(expired)).isFalse();
        assertThat(stored(live)).isTrue();
    }

    private void age(String key, String interval) {
        jdbc.sql("update idempotency_keys set created_at = now() - cast(:age as interval) where idempotency_key = :key")
                .param("age", interval)
                .param("key", key)
                .update();
    }

    private boolean stored(String key) {
        return jdbc.sql("select count(*) from idempotency_keys where idempotency_key = :key")
                        .param("key", key)
                        .query(Long.class)
                        .single()
                == 1;
    }
}
