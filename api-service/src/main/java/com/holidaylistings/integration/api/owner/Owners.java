package com.holidaylistings.integration.api.owner;

import com.holidaylistings.integration.api.TimeOrderedUuid;
import com.holidaylistings.integration.api.web.CanonicalUuid;
import com.holidaylistings.integration.api.web.Conflict;
import com.holidaylistings.integration.api.web.NotFound;
import java.util.Optional;
import java.util.UUID;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/** Owner accounts; each is created with its webhook signing secret. */
@Repository
public class Owners {

    private final JdbcClient jdbc;

    Owners(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    @Transactional
    Owner create(String email) {
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
                .param("secret", WebhookSecret.generate())
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

    Optional<String> webhookSecret(UUID ownerId) {
        return jdbc.sql("select secret from webhook_secrets where owner_id = :owner")
                .param("owner", ownerId)
                .query(String.class)
                .optional();
    }

    record Owner(UUID id, String email) {}
}
