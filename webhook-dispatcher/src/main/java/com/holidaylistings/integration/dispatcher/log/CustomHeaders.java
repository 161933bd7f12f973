package com.holidaylistings.integration.dispatcher.log;

import com.holidaylistings.integration.dispatcher.secrets.DecryptedSecrets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * A hook's custom headers as api-service stores them ({@code api_read.hook_headers}): a JSON object of
 * names and values, encrypted and bound to the hook's owner like its secrets, and decrypted through
 * the same kind of cache ({@link DecryptedSecrets}), so that a burst of one hook's deliveries opens
 * them once. api-service checked every name and value before storing them.
 */
final class CustomHeaders {

    private static final TypeReference<LinkedHashMap<String, String>> OBJECT = new TypeReference<>() {};

    private final DecryptedSecrets decrypted;
    private final JsonMapper json;

    CustomHeaders(DecryptedSecrets decrypted, JsonMapper json) {
        this.decrypted = decrypted;
        this.json = json;
    }

    /** The headers {@code stored} holds, in their order; none when the hook has none (null). */
    Map<String, String> opened(String stored, UUID owner) {
        if (stored == null) {
            return Map.of();
        }
        return Collections.unmodifiableMap(json.readValue(decrypted.decrypt(stored, owner), OBJECT));
    }
}
