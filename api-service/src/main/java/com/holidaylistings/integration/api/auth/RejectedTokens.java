package com.holidaylistings.integration.api.auth;

import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The hashes of well-formed tokens the database has rejected lately, so that a client repeating one
 * (an integration left running with a revoked token, retrying in a loop) costs no database round
 * trip after the first. A rejection is final: a revoked token is never live again, and an unknown
 * one would have to be generated later with the same 178 random bits. In memory, per replica, for
 * at most {@code capacity} tokens, the least recently seen forgotten first; a forgotten one is only
 * looked up again.
 */
final class RejectedTokens {

    private final Map<ByteBuffer, Boolean> hashes;

    RejectedTokens(int capacity) {
        this.hashes = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<ByteBuffer, Boolean> eldest) {
                return size() > capacity;
            }
        };
    }

    boolean contains(String token) {
        ByteBuffer hash = ByteBuffer.wrap(TokenHash.of(token));
        synchronized (hashes) {
            return hashes.get(hash) != null;
        }
    }

    void add(String token) {
        ByteBuffer hash = ByteBuffer.wrap(TokenHash.of(token));
        synchronized (hashes) {
            hashes.put(hash, Boolean.TRUE);
        }
    }

    int size() {
        synchronized (hashes) {
            return hashes.size();
        }
    }
}
