package com.holidaylistings.integration.secrets;

import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * The keys of {@code SECRETS_ENCRYPTION_KEYS}: {@code keyId:base64key,...}, each key 32 bytes
 * (AES-256, {@code openssl rand -base64 32}). The first encrypts; all of them decrypt, so that values
 * made with a key being retired still read until they are re-encrypted. Messages name key ids and
 * positions, never key material.
 */
public final class EncryptionKeys {

    /** The setting's name, as operators know it. */
    public static final String SETTING = "SECRETS_ENCRYPTION_KEYS";

    private static final int KEY_BYTES = 32;
    // No dot: a stored value is "v1.<keyId>.<data>".
    private static final Pattern KEY_ID = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    private final String primaryId;
    private final Map<String, SecretKey> keys;

    private EncryptionKeys(String primaryId, Map<String, SecretKey> keys) {
        this.primaryId = primaryId;
        this.keys = Collections.unmodifiableMap(keys);
    }

    /**
     * Parses the setting.
     *
     * @throws IllegalArgumentException when it is missing or malformed, saying what is wrong
     */
    public static EncryptionKeys parse(String setting) {
        if (setting == null || setting.isBlank()) {
            throw new IllegalArgumentException(SETTING + " is not set: give at least one key as keyId:base64key"
                    + " (a key is 32 random bytes, e.g. openssl rand -base64 32)");
        }
        Map<String, SecretKey> keys = new LinkedHashMap<>();
        String[] entries = setting.split(",", -1);
        for (int i = 0; i < entries.length; i++) {
            String entry = entries[i].strip();
            String where = SETTING + ", entry " + (i + 1);
            int colon = entry.indexOf(':');
            if (colon < 0) {
                throw new IllegalArgumentException(where + " is not keyId:base64key");
            }
            String id = entry.substring(0, colon).strip();
            if (!KEY_ID.matcher(id).matches()) {
                throw new IllegalArgumentException(where + ": a key id is 1 to 64 of A-Z a-z 0-9 _ -");
            }
            if (keys.containsKey(id)) {
                throw new IllegalArgumentException(where + ": the key id '" + id + "' is given twice");
            }
            keys.put(
                    id,
                    new SecretKeySpec(decode(entry.substring(colon + 1).strip(), where + " ('" + id + "')"), "AES"));
        }
        return new EncryptionKeys(keys.keySet().iterator().next(), keys);
    }

    private static byte[] decode(String base64, String where) {
        byte[] key;
        try {
            key = Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": the key is not base64");
        }
        if (key.length != KEY_BYTES) {
            throw new IllegalArgumentException(where + ": the key has " + key.length + " bytes, not " + KEY_BYTES);
        }
        return key;
    }

    /** The id of the key that encrypts: the first listed. */
    public String primaryId() {
        return primaryId;
    }

    SecretKey primary() {
        return keys.get(primaryId);
    }

    Optional<SecretKey> key(String id) {
        return Optional.ofNullable(keys.get(id));
    }

    @Override
    public String toString() {
        return "EncryptionKeys" + keys.keySet();
    }
}
