package com.holidaylistings.integration.secrets;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.UUID;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;

/**
 * Webhook signing secrets as they are stored: {@code v1.<keyId>.<base64url(nonce || ciphertext || tag)>},
 * AES-256-GCM with a random 96-bit nonce, the owner's id as associated data (a value copied to
 * another owner's row does not decrypt). A plain {@code whsec_} value is a secret from before
 * encryption: it reads as itself until api-service re-encrypts it at start.
 */
public final class SecretCipher {

    private static final String VERSION = "v1";
    private static final String PLAIN_PREFIX = "whsec_";
    private static final String TRANSFORMATION = "AES/GCM/NoPadding";
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final EncryptionKeys keys;

    public SecretCipher(EncryptionKeys keys) {
        this.keys = keys;
    }

    /** The stored form of {@code secret}, encrypted with the first key and bound to {@code owner}. */
    public String encrypt(String secret, UUID owner) {
        byte[] nonce = new byte[NONCE_BYTES];
        RANDOM.nextBytes(nonce);
        byte[] sealed = run(Cipher.ENCRYPT_MODE, keys.primary(), nonce, owner, secret.getBytes(StandardCharsets.UTF_8));
        byte[] data = ByteBuffer.allocate(nonce.length + sealed.length)
                .put(nonce)
                .put(sealed)
                .array();
        return currentPrefix() + Base64.getUrlEncoder().withoutPadding().encodeToString(data);
    }

    /**
     * The secret that {@code stored} holds for {@code owner}; a plain value from before encryption as it is.
     *
     * @throws SecretNotDecryptable when its key is not listed, or it was altered or belongs to another owner
     */
    public String decrypt(String stored, UUID owner) {
        if (isPlain(stored)) {
            return stored;
        }
        String[] parts = stored.split("\\.", -1);
        if (parts.length != 3 || !parts[0].equals(VERSION)) {
            throw new SecretNotDecryptable(
                    owner, "it is neither v1.<keyId>.<data> nor a plain " + PLAIN_PREFIX + " secret");
        }
        SecretKey key = keys.key(parts[1])
                .orElseThrow(() -> new SecretNotDecryptable(
                        owner, "its key '" + parts[1] + "' is not in " + EncryptionKeys.SETTING));
        byte[] data;
        try {
            data = Base64.getUrlDecoder().decode(parts[2]);
        } catch (IllegalArgumentException e) {
            throw new SecretNotDecryptable(owner, "its data is not base64url");
        }
        if (data.length <= NONCE_BYTES + TAG_BITS / 8) {
            throw new SecretNotDecryptable(owner, "its data is too short");
        }
        byte[] nonce = Arrays.copyOf(data, NONCE_BYTES);
        byte[] sealed = Arrays.copyOfRange(data, NONCE_BYTES, data.length);
        return new String(run(Cipher.DECRYPT_MODE, key, nonce, owner, sealed), StandardCharsets.UTF_8);
    }

    /** Whether {@code stored} is encrypted with the first key, so that re-encryption leaves it alone. */
    public boolean isCurrent(String stored) {
        return stored.startsWith(currentPrefix());
    }

    /** The id of the key that encrypts. */
    public String currentKeyId() {
        return keys.primaryId();
    }

    /** What every value encrypted with the first key starts with, for queries that look for the others. */
    public String currentPrefix() {
        return VERSION + "." + keys.primaryId() + ".";
    }

    /** Whether {@code stored} is a plain secret from before encryption. */
    public static boolean isPlain(String stored) {
        return stored.startsWith(PLAIN_PREFIX);
    }

    private static byte[] run(int mode, SecretKey key, byte[] nonce, UUID owner, byte[] input) {
        try {
            Cipher cipher = Cipher.getInstance(TRANSFORMATION);
            cipher.init(mode, key, new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(owner.toString().getBytes(StandardCharsets.US_ASCII));
            return cipher.doFinal(input);
        } catch (AEADBadTagException e) {
            throw new SecretNotDecryptable(owner, "it does not verify: altered, or another owner's");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is part of every JDK", e);
        }
    }
}
