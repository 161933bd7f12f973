package com.holidaylistings.integration.api.idempotency;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * The idempotency keys in use, each with the fingerprint of its request and the answer it got.
 * A key is claimed in the caller's transaction, the one that creates what the request asks for: the
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

    /** The key's use within the retention, if any: the one row {@link Use#of} reads. */
    private static final String LIVE_USE = """
            select request_hash, response_status, response_body::text as response_body
              from idempotency_keys
             where idempotency_key = :key
               and created_at > now() - make_interval(secs => :retentionSeconds)""";

    /**
     * Takes the key's lock and, when the key has no live use, writes its row with the answer, in one
     * statement: whether it got the lock, whether it claimed the key, and the live use it found.
     */
    private static final String CLAIM = """
            with lock as (select pg_try_advisory_xact_lock(:lockClass, hashtext(:key)) as locked),
                 live as (%s),
                 claimed as (
                     insert into idempotency_keys (idempotency_key, request_hash, response_status,
                                                   response_body, created_at)
                     select :key, :requestHash, :status, cast(:body as json), now()
                       from lock
                      where locked and not exists (select 1 from live)
                     on conflict (idempotency_key) do update
                        set request_hash = excluded.request_hash,
                            response_status = excluded.response_status,
                            response_body = excluded.response_body,
                            created_at = excluded.created_at
                      where idempotency_keys.created_at <= now() - make_interval(secs => :retentionSeconds)
                     returning 1)
            select lock.locked, (select count(*) from claimed) > 0 as claimed,
                   live.request_hash, live.response_status, live.response_body
              from lock left join live on true
            """.formatted(LIVE_USE);

    private final JdbcClient jdbc;
    private final IdempotencyProperties properties;

    IdempotencyKeys(JdbcClient jdbc, IdempotencyProperties properties) {
        this.jdbc = jdbc;
        this.properties = properties;
    }

    /**
     * Takes {@code key} for this transaction and remembers {@code answer} as its answer, in one
     * round trip. Answers the remembered answer when the key was used for the same request within
     * the retention (nothing is written then); nothing when the key was new or expired and is now
     * this transaction's. Fails with {@link RequestInProgress} while another transaction holds the
     * key, or when one committed it a moment ago (the retry that follows is answered its answer),
     * and with {@link KeyReusedWithDifferentRequest} when it was used for another request.
     */
    @Transactional(propagation = Propagation.MANDATORY)
    public Optional<RememberedAnswer> claim(IdempotencyKey key, RequestFingerprint request, RememberedAnswer answer) {
        // The lock answers a concurrent copy 409 at once. The statement reads with the snapshot taken
        // before the lock: a use committed in between is not seen by "live", but the insert meets its
        // primary key, does not replace it (it is live) and claims nothing, which answers 409 below.
        Claim claim = jdbc.sql(CLAIM)
                .param("lockClass", LOCK_CLASS)
                .param("key", key.value())
                .param("retentionSeconds", retentionSeconds())
                .param("requestHash", request.sha256())
                .param("status", answer.status())
                .param("body", answer.body())
                .query((rs, n) -> new Claim(
                        rs.getBoolean("locked"),
                        rs.getBoolean("claimed"),
                        rs.getString("request_hash") == null ? null : Use.of(rs)))
                .single();
        if (!claim.locked()) {
            throw new RequestInProgress();
        }
        if (claim.live() != null) {
            return Optional.of(claim.live().answerTo(request));
        }
        if (!claim.claimed()) {
            throw new RequestInProgress();
        }
        return Optional.empty();
    }

    /**
     * The answer remembered for {@code key}, if it was used for the same request within the
     * retention: for a request refused now that may be a retry of one accepted earlier. Fails with
     * {@link KeyReusedWithDifferentRequest} when it was used for another request.
     */
    public Optional<RememberedAnswer> remembered(IdempotencyKey key, RequestFingerprint request) {
        return jdbc.sql(LIVE_USE)
                .param("key", key.value())
                .param("retentionSeconds", retentionSeconds())
                .query((rs, n) -> Use.of(rs))
                .optional()
                .map(use -> use.answerTo(request));
    }

    /** What the claim found: whether it got the lock, whether it took the key, and the key's live use. */
    private record Claim(boolean locked, boolean claimed, Use live) {}

    /** A live use of a key: its request's fingerprint and the answer it got. */
    private record Use(String requestHash, RememberedAnswer answer) {

        static Use of(ResultSet row) throws SQLException {
            return new Use(
                    row.getString("request_hash"),
                    new RememberedAnswer(row.getInt("response_status"), row.getString("response_body")));
        }

        RememberedAnswer answerTo(RequestFingerprint request) {
            if (!request.sha256().equals(requestHash)) {
                throw new KeyReusedWithDifferentRequest();
            }
            return answer;
        }
    }

    private double retentionSeconds() {
        return properties.retention().toMillis() / 1000.0;
    }
}
