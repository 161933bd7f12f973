package com.holidaylistings.integration.api.portal;

import com.holidaylistings.integration.api.Timestamps;
import com.holidaylistings.integration.api.auth.TokenHash;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Portal links and sessions in PostgreSQL, so that they survive restarts and work on every replica.
 * Only hashes of the link tokens and session ids are stored.
 */
@Repository
class PortalSessions {

    private final JdbcClient jdbc;
    private final PortalProperties settings;

    PortalSessions(JdbcClient jdbc, PortalProperties settings) {
        this.jdbc = jdbc;
        this.settings = settings;
    }

    record Link(String token, Instant expiresAt) {}

    record Opened(String sessionId, UUID ownerId) {}

    /** Whom a live link opens the portal for. */
    record LinkOwner(UUID ownerId, String email) {}

    Link issueLink(UUID ownerId) {
        String token = RandomTokens.next();
        Instant expiresAt = jdbc.sql("""
                        insert into portal_links (token_hash, owner_id, expires_at)
                        values (:hash, :owner, now() + :lifetime * interval '1 millisecond')
                        returning expires_at
                        """)
                .param("hash", TokenHash.of(token))
                .param("owner", ownerId)
                .param("lifetime", settings.linkLifetime().toMillis())
                .query((rs, n) -> Timestamps.read(rs, "expires_at"))
                .single();
        return new Link(token, expiresAt);
    }

    /**
     * Uses a link, once: a live, unused link becomes a new session for its owner, in one statement
     * so that two tabs opening the same link never both get one. Empty for an unknown, used or
     * expired link.
     */
    Optional<Opened> open(String linkToken) {
        String sessionId = RandomTokens.next();
        return jdbc.sql("""
                        with used as (
                            update portal_links set used_at = now()
                             where token_hash = :hash and used_at is null and expires_at > now()
                            returning owner_id)
                        insert into portal_sessions (id_hash, owner_id, csrf_token, expires_at)
                        select :session, owner_id, :csrf, now() + :lifetime * interval '1 millisecond' from used
                        returning owner_id
                        """)
                .param("hash", TokenHash.of(linkToken))
                .param("session", TokenHash.of(sessionId))
                .param("csrf", RandomTokens.next())
                .param("lifetime", settings.sessionLifetime().toMillis())
                .query((rs, n) -> new Opened(sessionId, rs.getObject("owner_id", UUID.class)))
                .optional();
    }

    /**
     * Whom a live (unused, unexpired) link is for, without using it: the link stays usable. Empty for
     * an unknown, used or expired link.
     */
    Optional<LinkOwner> linkOwner(String linkToken) {
        return jdbc.sql("""
                        select l.owner_id, o.email from portal_links l join owners o on o.id = l.owner_id
                         where l.token_hash = :hash and l.used_at is null and l.expires_at > now()
                        """)
                .param("hash", TokenHash.of(linkToken))
                .query((rs, n) -> new LinkOwner(rs.getObject("owner_id", UUID.class), rs.getString("email")))
                .optional();
    }

    String emailOf(UUID ownerId) {
        return jdbc.sql("select email from owners where id = :id")
                .param("id", ownerId)
                .query(String.class)
                .single();
    }

    /**
     * The live session with this id, its idle time restarted: live means within its absolute lifetime
     * and used within the idle timeout. One statement, so that a session is never found and ended
     * at once by two replicas disagreeing.
     */
    Optional<PortalSession> find(String sessionId) {
        return jdbc.sql("""
                        update portal_sessions set last_seen_at = now()
                         where id_hash = :hash and expires_at > now()
                           and last_seen_at > now() - :idle * interval '1 millisecond'
                        returning owner_id, csrf_token
                        """)
                .param("hash", TokenHash.of(sessionId))
                .param("idle", settings.sessionIdleTimeout().toMillis())
                .query((rs, n) ->
                        new PortalSession(sessionId, rs.getObject("owner_id", UUID.class), rs.getString("csrf_token")))
                .optional();
    }

    void end(String sessionId) {
        jdbc.sql("delete from portal_sessions where id_hash = :hash")
                .param("hash", TokenHash.of(sessionId))
                .update();
    }

    /** Keeps what the next page shows; never a token's value, which only the answer that created it shows. */
    void setFlash(String sessionId, Flash flash) {
        if (flash.newToken() != null) {
            throw new IllegalArgumentException(
                    "A new token's value is never stored: show it in the answer that created it");
        }
        jdbc.sql("""
                        update portal_sessions
                           set flash_message = :message, flash_error = :error, flash_token = null, flash_secret = :secret,
                               flash_secret_hook = :secretHook
                         where id_hash = :hash
                        """)
                .param("message", flash.message())
                .param("error", flash.error())
                .param("secret", flash.revealSecret())
                .param("secretHook", flash.secretOfHook())
                .param("hash", TokenHash.of(sessionId))
                .update();
    }

    /**
     * The flash of the session, cleared as it is read. {@code flash_token} is no longer written; it is
     * cleared here too, with any value an earlier version left in it, and never read.
     */
    Flash takeFlash(String sessionId) {
        return jdbc.sql("""
                        update portal_sessions s
                           set flash_message = null, flash_error = false, flash_token = null, flash_secret = false,
                               flash_secret_hook = null
                          from (select id_hash, flash_message, flash_error, flash_secret, flash_secret_hook
                                  from portal_sessions where id_hash = :hash for update) old
                         where s.id_hash = old.id_hash
                        returning old.flash_message, old.flash_error, old.flash_secret, old.flash_secret_hook
                        """)
                .param("hash", TokenHash.of(sessionId))
                .query((rs, n) -> new Flash(
                        rs.getString("flash_message"),
                        rs.getBoolean("flash_error"),
                        null,
                        rs.getBoolean("flash_secret"),
                        rs.getObject("flash_secret_hook", UUID.class)))
                .optional()
                .orElse(Flash.NONE);
    }

    /** Forgets expired links, and sessions that expired or stayed idle too long. */
    int purgeExpired() {
        return jdbc.sql("delete from portal_links where expires_at < now() - interval '1 day'")
                        .update()
                + jdbc.sql("""
                                delete from portal_sessions
                                 where expires_at < now() or last_seen_at < now() - :idle * interval '1 millisecond'
                                """)
                        .param("idle", settings.sessionIdleTimeout().toMillis())
                        .update();
    }
}
