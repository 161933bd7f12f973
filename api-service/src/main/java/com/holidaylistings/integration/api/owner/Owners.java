package com.holidaylistings.integration.api.owner;

import com.holidaylistings.integration.api.TimeOrderedUuid;
import com.holidaylistings.integration.api.web.error.Conflict;
import com.holidaylistings.integration.api.web.error.NotFound;
import com.holidaylistings.integration.api.web.input.CanonicalUuid;
import com.holidaylistings.integration.secrets.SecretCipher;
import java.util.UUID;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/**
 * Owner accounts; each is created with its webhook signing secret, stored encrypted ({@link
 * SecretCipher}, bound to the owner), which {@link SigningSecrets} shows and rotates.
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

    public record Owner(UUID id, String email) {}
}
