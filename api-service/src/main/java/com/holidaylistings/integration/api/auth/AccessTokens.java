package com.holidaylistings.integration.api.auth;

import com.holidaylistings.integration.api.TimeOrderedUuid;
import com.holidaylistings.integration.api.Timestamps;
import com.holidaylistings.integration.api.ratelimit.RateLimitDecision;
import com.holidaylistings.integration.api.ratelimit.RateLimitProperties;
import java.sql.Array;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.annotation.JsonNaming;

/** Personal access tokens: created, listed and revoked by the portal; looked up on every API request. */
@Repository
public class AccessTokens {

    private final JdbcClient jdbc;
    private final TokenProperties settings;

    AccessTokens(JdbcClient jdbc, TokenProperties settings) {
        this.jdbc = jdbc;
        this.settings = settings;
    }

    /** A live token's owner and the rate-limit decision on this request. */
    record Admission(AuthenticatedOwner owner, RateLimitDecision decision) {}

    /**
     * Authentication and the rate limit in one statement and one round trip: the token's owner (its
     * last use recorded at most once a minute, so that a busy token does not write on every request)
     * and, only for a live token, {@code take_rate_limit}'s decision, taken under the token's counter
     * row lock, so the limits stay exact across replicas. Empty for an unknown or
     * revoked token, which counts against no limit.
     */
    Optional<Admission> authenticateAndTake(String token, RateLimitProperties limits) {
        return jdbc.sql("""
                        with found as (
                            select t.id, t.owner_id, t.scopes, o.email
                              from access_tokens t join owners o on o.id = t.owner_id
                             where t.token_hash = :hash and t.revoked_at is null),
                        touched as (
                            update access_tokens set last_used_at = now()
                             where id = (select id from found)
                               and (last_used_at is null or last_used_at < now() - interval '1 minute'))
                        select f.id, f.owner_id, f.scopes, f.email,
                               r.allowed, r.window_limit, r.remaining, r.reset_at, r.retry_after
                          from found f cross join lateral take_rate_limit(f.id, :perMinute, :perHour) r
                        """)
                .param("hash", TokenHash.of(token))
                .param("perMinute", limits.perMinute())
                .param("perHour", limits.perHour())
                .query((rs, n) -> new Admission(
                        new AuthenticatedOwner(
                                rs.getObject("owner_id", UUID.class),
                                rs.getString("email"),
                                rs.getObject("id", UUID.class),
                                scopes(rs.getArray("scopes"))),
                        new RateLimitDecision(
                                rs.getBoolean("allowed"),
                                rs.getInt("window_limit"),
                                rs.getInt("remaining"),
                                rs.getLong("reset_at"),
                                rs.getInt("retry_after"))))
                .optional();
    }

    /**
     * A new token of the owner, unless the owner already holds {@code TOKENS_PER_OWNER_MAX} live
     * tokens ({@link TokenLimitReached}). The owner's row is locked for the count and the insert, so
     * that concurrent creations take turns and never pass the limit together.
     */
    @Transactional
    public CreatedToken create(UUID ownerId, String name, Set<Scope> scopes) {
        jdbc.sql("select id from owners where id = :owner for update")
                .param("owner", ownerId)
                .query(UUID.class)
                .list();
        int live = jdbc.sql("select count(*) from access_tokens where owner_id = :owner and revoked_at is null")
                .param("owner", ownerId)
                .query(Integer.class)
                .single();
        if (live >= settings.perOwnerMax()) {
            throw new TokenLimitReached();
        }
        String value = AccessTokenFormat.generate();
        UUID id = TimeOrderedUuid.next();
        Instant createdAt = jdbc.sql("""
                        insert into access_tokens (id, owner_id, name, token_hash, scopes)
                        values (:id, :owner, :name, :hash, :scopes)
                        returning created_at
                        """)
                .param("id", id)
                .param("owner", ownerId)
                .param("name", name)
                .param("hash", TokenHash.of(value))
                .param("scopes", scopeValues(scopes))
                .query((rs, n) -> Timestamps.read(rs, "created_at"))
                .single();
        return new CreatedToken(id, name, sorted(scopes), value, createdAt);
    }

    public List<TokenListing> list(UUID ownerId) {
        return jdbc.sql("""
                        select id, name, scopes, created_at, last_used_at, revoked_at
                          from access_tokens where owner_id = :owner order by created_at, id
                        """)
                .param("owner", ownerId)
                .query((rs, n) -> new TokenListing(
                        rs.getObject("id", UUID.class),
                        rs.getString("name"),
                        sorted(scopes(rs.getArray("scopes"))),
                        Timestamps.read(rs, "created_at"),
                        Timestamps.read(rs, "last_used_at"),
                        Timestamps.read(rs, "revoked_at")))
                .list();
    }

    /** Revokes a token of the owner; false if the owner has no such token. Revoking twice keeps the first time. */
    public boolean revoke(UUID ownerId, UUID tokenId) {
        return jdbc.sql("""
                        update access_tokens set revoked_at = coalesce(revoked_at, now())
                         where id = :id and owner_id = :owner
                        """).param("id", tokenId).param("owner", ownerId).update() == 1;
    }

    private static String[] scopeValues(Set<Scope> scopes) {
        return scopes.stream().map(Scope::value).sorted().toArray(String[]::new);
    }

    private static List<String> sorted(Set<Scope> scopes) {
        return scopes.stream().map(Scope::value).sorted().toList();
    }

    private static Set<Scope> scopes(Array array) throws SQLException {
        return Arrays.stream((String[]) array.getArray())
                .map(Scope::fromValue)
                .flatMap(Optional::stream)
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(Scope.class)));
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record CreatedToken(UUID id, String name, List<String> scopes, String token, Instant createdAt) {}

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record TokenListing(
            UUID id, String name, List<String> scopes, Instant createdAt, Instant lastUsedAt, Instant revokedAt) {}
}
