package com.holidaylistings.integration.api.idempotency;

import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * The idempotency keys in use, each with the fingerprint of its request and the answer it got.
 * Both steps run in the caller's transaction, the one that creates what the request asks for: the
 * key's row commits with it or not at all. The database decides between concurrent requests with
 * the same key (on any replica): a transaction-scoped advisory lock on the key answers the later
 * ones 409 at once instead of letting them wait, and the key's primary key makes a second creation
 * impossible whatever happens.
 */
@Repository
public class IdempotencyKeys {

    /**
     * Advisory locks of keys are (this, hashtext(key)); the services' other advisory locks take one
     * bigint, a separate space. Two keys with the same 32-bit hash in flight at once only cost the
     * later one a 409, which its client retries.
     */
    static final int LOCK_CLASS = 1_801_230_911;

    private final JdbcClient jdbc;
    private final IdempotencyProperties properties;

    IdempotencyKeys(JdbcClient jdbc, IdempotencyProperties properties) {
        this.jdbc = jdbc;
        this.properties = properties;
    }

    /**
     * Takes {@code key} for this transaction. Answers the remembered answer when the key was used
     * for the same request within the retention, nothing when it is new (or expired); fails with
     * {@link RequestInProgress} while another transaction holds the key and with
     * {@link KeyReusedWithDifferentRequest} when it was used for another request.
     */
    @Transactional(propagation = Propagation.MANDATORY)
    public Optional<RememberedAnswer> claim(IdempotencyKey key, RequestFingerprint request) {
        boolean locked = jdbc.sql("select pg_try_advisory_xact_lock(:lockClass, hashtext(:key))")
                .param("lockClass", LOCK_CLASS)
                .param("key", key.value())
                .query(Boolean.class)
                .single();
        if (!locked) {
            throw new RequestInProgress();
        }
        return jdbc.sql("""
                        select request_hash, response_status, response_body::text as response_body
                          from idempotency_keys
                         where idempotency_key = :key
                           and created_at > now() - make_interval(secs => :retentionSeconds)
                        """)
                .param("key", key.value())
                .param("retentionSeconds", retentionSeconds())
                .query((rs, n) -> {
                    if (!request.sha256().equals(rs.getString("request_hash"))) {
                        throw new KeyReusedWithDifferentRequest();
                    }
                    return new RememberedAnswer(rs.getInt("response_status"), rs.getString("response_body"));
                })
                .optional();
    }

    /**
     * Remembers the answer to the request that claimed {@code key}, replacing an expired use of
     * the key. Should a live row be there after all, nothing is overwritten and the transaction
     * fails with {@link RequestInProgress}, so that it creates nothing.
     */
    @Transactional(propagation = Propagation.MANDATORY)
    public void remember(IdempotencyKey key, RequestFingerprint request, RememberedAnswer answer) {
        int written = jdbc.sql("""
                        insert into idempotency_keys (idempotency_key, request_hash, response_status, response_body, created_at)
                        values (:key, :requestHash, :status, cast(:body as json), now())
                        on conflict (idempotency_key) do update
                           set request_hash = excluded.request_hash,
                               response_status = excluded.response_status,
                               response_body = excluded.response_body,
                               created_at = excluded.created_at
                         where idempotency_keys.created_at <= now() - make_interval(secs => :retentionSeconds)
                        """)
                .param("key", key.value())
                .param("requestHash", request.sha256())
                .param("status", answer.status())
                .param("body", answer.body())
                .param("retentionSeconds", retentionSeconds())
                .update();
        if (written == 0) {
            throw new RequestInProgress();
        }
    }

    private double retentionSeconds() {
        return properties.retention().toMillis() / 1000.0;
    }
}
