package com.holidaylistings.integration.api.owner;

import com.holidaylistings.integration.secrets.SecretCipher;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The secrets that sign webhooks: the owner's ({@code webhook_secrets}), which every hook of the
 * owner signs with, and a hook's own ({@code hook_secrets}), which replaces the owner's for that hook
 * alone from the first rotation of the hook's secret. Both are stored encrypted ({@link SecretCipher},
 * bound to the owner, so webhook-dispatcher opens either the same way) and decrypted only to be shown.
 * A rotation keeps the replaced secret as the previous one, which webhook-dispatcher signs with beside
 * the new one for {@code WEBHOOK_SECRET_OVERLAP}; rotating again within the overlap replaces the
 * previous secret with the one just replaced: only the two newest are ever valid. Concurrent
 * rotations take turns on the row. A replaced value moves as it is stored: it stays bound to the owner.
 */
@Repository
public class SigningSecrets {

    private final JdbcClient jdbc;
    private final SecretCipher cipher;

    SigningSecrets(JdbcClient jdbc, SecretCipher cipher) {
        this.jdbc = jdbc;
        this.cipher = cipher;
    }

    /** The owner's secret: what every hook of the owner signs with until it has its own. */
    public Optional<String> ofOwner(UUID ownerId) {
        return opened(
                jdbc.sql("select secret from webhook_secrets where owner_id = :owner")
                        .param("owner", ownerId),
                ownerId);
    }

    /** Replaces the owner's secret; hooks with their own secret keep theirs. Answers the new one. */
    public String rotateForOwner(UUID ownerId) {
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

    /**
     * The secret the owner's hook signs with: its own once rotated, else the owner's. Empty when the
     * hook is not the owner's.
     */
    public Optional<String> ofHook(UUID ownerId, UUID hookId) {
        return opened(jdbc.sql("""
                        select coalesce(h.secret, w.secret)
                          from webhook_subscriptions s
                          join webhook_secrets w on w.owner_id = s.owner_id
                          left join hook_secrets h on h.subscription_id = s.id
                         where s.id = :hook and s.owner_id = :owner
                        """).param("hook", hookId).param("owner", ownerId), ownerId);
    }

    /**
     * Gives the owner's hook a new secret of its own; the owner's other hooks keep theirs. The first
     * rotation keeps the owner's secret as the hook's previous one, so its receiver keeps accepting
     * deliveries through the overlap. Empty when the hook is not the owner's.
     */
    public Optional<String> rotateForHook(UUID ownerId, UUID hookId) {
        String secret = WebhookSecret.generate();
        int rotated = jdbc.sql("""
                        insert into hook_secrets (subscription_id, secret, previous_secret, rotated_at)
                        select s.id, :secret, w.secret, now()
                          from webhook_subscriptions s
                          join webhook_secrets w on w.owner_id = s.owner_id
                         where s.id = :hook and s.owner_id = :owner
                        on conflict (subscription_id) do update
                           set previous_secret = hook_secrets.secret,
                               secret = excluded.secret,
                               rotated_at = now()
                        """)
                .param("hook", hookId)
                .param("owner", ownerId)
                .param("secret", cipher.encrypt(secret, ownerId))
                .update();
        return rotated == 0 ? Optional.empty() : Optional.of(secret);
    }

    private Optional<String> opened(JdbcClient.StatementSpec query, UUID ownerId) {
        return query.query(String.class).optional().map(stored -> cipher.decrypt(stored, ownerId));
    }
}
