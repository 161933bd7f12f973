package com.holidaylistings.integration.api.owner;

import com.holidaylistings.integration.api.TimeOrderedUuid;
import com.holidaylistings.integration.api.web.error.Conflict;
import com.holidaylistings.integration.api.web.error.NotFound;
import com.holidaylistings.integration.api.web.input.CanonicalUuid;
import com.holidaylistings.integration.secrets.SecretCipher;
import java.util.Optional;
import java.util.UUID;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/**
 * Owner accounts; each is created with its webhook signing secret, which is stored encrypted
 * ({@link SecretCipher}, bound to the owner) and decrypted only to be shown.
 */
@Repository
public class Owners {

    private final JdbcClient jdbc;
    private final SecretCipher cipher;

    Owners(JdbcClient jdbc, SecretCipher cipher) {
        this.jdbc = jdbc;
        this.cipher = cipher;
    }

    /** A new owner with its webhook secret (the internal API's, and the intake's rehearsal's). */
    @Transactional
    public Owner create(String email) {
        UUID id = TimeOrderedUuid.next();
        try {
            jdbc.sql("insert into owners (id, email) values (:id, :email)")
                    .param("id", id)
                    .param("email", email)
                    .update();
        } catch (DuplicateKeyException e) {
            throw new Conflict("Owner already exists");
        }
        jdbc.sql("insert into webhook_secrets (owner_id, secret) values (:owner, :secret)")
                .param("owner", id)
                .param("secret", cipher.encrypt(WebhookSecret.generate(), id))
                .update();
        return new Owner(id, email);
    }

    /** The id of an existing owner, from a path segment; 404 for anything else. */
    public UUID existing(String ownerId) {
        UUID id = CanonicalUuid.parse(ownerId).orElseThrow(NotFound::new);
        boolean exists = jdbc.sql("select exists (select 1 from owners where id = :id)")
                .param("id", id)
                .query(Boolean.class)
                .single();
        if (!exists) {
            throw new NotFound();
        }
        return id;
    }

    public Optional<String> webhookSecret(UUID ownerId) {
        return jdbc.sql("select secret from webhook_secrets where owner_id = :owner")
                .param("owner", ownerId)
                .query(String.class)
                .optional()
                .map(stored -> cipher.decrypt(stored, ownerId));
    }

    /**
     * Replaces the owner's signing secret with a new one and keeps the replaced one as the previous
     * secret, which webhook-dispatcher signs with beside the new one for WEBHOOK_SECRET_OVERLAP.
     * Rotating again within the overlap replaces the previous secret with the one just replaced:
     * only the two newest secrets are ever valid. Concurrent rotations take turns on the row. The
     * replaced value moves as it is stored: it stays bound to the same owner.
     */
    public String rotateWebhookSecret(UUID ownerId) {
        String secret = WebhookSecret.generate();
        jdbc.sql("""
                        insert into webhook_secrets (owner_id, secret) values (:owner, :secret)
                        on conflict (owner_id) do update
                           set previous_secret = webhook_secrets.secret,
                               secret = excluded.secret,
                               rotated_at = now()
                        """)
                .param("owner", ownerId)
                .param("secret", cipher.encrypt(secret, ownerId))
                .update();
        return secret;
    }

    public record Owner(UUID id, String email) {}
}
