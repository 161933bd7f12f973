package com.holidaylistings.integration.api.hookheaders;

import com.holidaylistings.integration.secrets.SecretCipher;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The custom headers of hooks ({@code hook_headers}), stored as one JSON object per hook encrypted
 * with {@link SecretCipher} and bound to the hook's owner, as the hooks' own signing secrets are, so
 * that webhook-dispatcher opens them the same way. Decrypted only to be changed or to list their
 * names; the values are never logged.
 */
@Repository
public class HookHeaders {

    private static final TypeReference<LinkedHashMap<String, String>> OBJECT = new TypeReference<>() {};

    private final JdbcClient jdbc;
    private final SecretCipher cipher;
    private final JsonMapper json;

    HookHeaders(JdbcClient jdbc, SecretCipher cipher, JsonMapper json) {
        this.jdbc = jdbc;
        this.cipher = cipher;
        this.json = json;
    }

    /** The owner's hook's headers; none when it has none (or is not the owner's). */
    public CustomHeaders of(UUID ownerId, UUID hookId) {
        return jdbc.sql("""
                        select h.headers from hook_headers h
                          join webhook_subscriptions s on s.id = h.subscription_id
                         where h.subscription_id = :hook and s.owner_id = :owner
                        """)
                .param("hook", hookId)
                .param("owner", ownerId)
                .query(String.class)
                .optional()
                .map(stored -> opened(stored, ownerId))
                .orElse(CustomHeaders.NONE);
    }

    /** The headers of each of the owner's hooks that has any, by hook. */
    public Map<UUID, CustomHeaders> ofOwner(UUID ownerId) {
        Map<UUID, CustomHeaders> found = new LinkedHashMap<>();
        jdbc.sql("""
                        select h.subscription_id, h.headers from hook_headers h
                          join webhook_subscriptions s on s.id = h.subscription_id
                         where s.owner_id = :owner
                        """)
                .param("owner", ownerId)
                .query((rs, n) -> Map.entry(rs.getObject("subscription_id", UUID.class), rs.getString("headers")))
                .list()
                .forEach(row -> found.put(row.getKey(), opened(row.getValue(), ownerId)));
        return found;
    }

    /**
     * Replaces the owner's hook's headers with {@code headers} (none deletes its row). False when the
     * hook is not the owner's.
     */
    public boolean replace(UUID ownerId, UUID hookId, CustomHeaders headers) {
        if (headers.isEmpty()) {
            jdbc.sql("""
                            delete from hook_headers h using webhook_subscriptions s
                             where h.subscription_id = :hook and s.id = h.subscription_id and s.owner_id = :owner
                            """).param("hook", hookId).param("owner", ownerId).update();
            return jdbc.sql("select count(*) from webhook_subscriptions where id = :hook and owner_id = :owner")
                            .param("hook", hookId)
                            .param("owner", ownerId)
                            .query(Integer.class)
                            .single()
                    == 1;
        }
        return jdbc.sql("""
                        insert into hook_headers (subscription_id, headers)
                        select s.id, :headers from webhook_subscriptions s where s.id = :hook and s.owner_id = :owner
                        on conflict (subscription_id) do update set headers = excluded.headers, updated_at = now()
                        """)
                        .param("hook", hookId)
                        .param("owner", ownerId)
                        .param("headers", cipher.encrypt(json.writeValueAsString(headers.headers()), ownerId))
                        .update()
                == 1;
    }

    private CustomHeaders opened(String stored, UUID ownerId) {
        return new CustomHeaders(json.readValue(cipher.decrypt(stored, ownerId), OBJECT));
    }
}
