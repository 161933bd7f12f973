package com.holidaylistings.integration.dispatcher.secrets;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.BiFunction;

/**
 * The owners' signing secrets as decrypted, the last {@code max} used kept: every attempt decrypted
 * its owner's secret anew (AES-GCM and a cipher looked up each time, a share of a drain's time worth
 * saving: docs/benchmarks/delivery-model.md), although a burst of one owner's deliveries all carry
 * the same stored value. Keyed by the stored value and the owner, so that a rotated secret (a new
 * stored value) is decrypted anew and the old one, unused, falls out. Kept in this process's memory
 * only, where each attempt held it anyway.
 */
public final class DecryptedSecrets {

    public static final int MAX = 2_000;

    private record Stored(String value, UUID owner) {}

    private final BiFunction<String, UUID, String> decrypt;
    private final Map<Stored, String> kept;

    public DecryptedSecrets(BiFunction<String, UUID, String> decrypt, int max) {
        this.decrypt = decrypt;
        this.kept = new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Stored, String> eldest) {
                return size() > max;
            }
        };
    }

    /** {@code stored} decrypted for {@code owner}; what decrypting throws is thrown, and nothing is kept. */
    public String decrypt(String stored, UUID owner) {
        Stored key = new Stored(stored, owner);
        synchronized (kept) {
            String secret = kept.get(key);
            if (secret != null) {
                return secret;
            }
        }
        String secret = decrypt.apply(stored, owner);
        synchronized (kept) {
            kept.put(key, secret);
        }
        return secret;
    }

    int size() {
        synchronized (kept) {
            return kept.size();
        }
    }
}
