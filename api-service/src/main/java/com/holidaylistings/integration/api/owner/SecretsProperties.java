package com.holidaylistings.integration.api.owner;

import jakarta.validation.constraints.Positive;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * How webhook signing secrets are encrypted at rest (docs/operations/README.md, "Encryption keys of the
 * webhook secrets").
 *
 * @param encryptionKeys {@code SECRETS_ENCRYPTION_KEYS} (required): {@code keyId:base64key,...} of
 *     32-byte keys; the first encrypts, all decrypt
 * @param reEncryptBatchSize rows re-encrypted with the first key per transaction at start (500)
 * @param previousSecretOverlap {@code WEBHOOK_SECRET_OVERLAP}: how long after a rotation the previous
 *     secret still signs (webhook-dispatcher reads the same setting); erased after it (24h)
 * @param eraseInterval how often each replica erases the previous secrets whose overlap has ended (1m)
 */
@Validated
@ConfigurationProperties("secrets")
record SecretsProperties(
        String encryptionKeys,
        @DefaultValue("500") @Positive int reEncryptBatchSize,
        @DefaultValue("24h") Duration previousSecretOverlap,
        @DefaultValue("1m") Duration eraseInterval) {

    @Override
    public String toString() {
        return "SecretsProperties[encryptionKeys=(not shown), reEncryptBatchSize=" + reEncryptBatchSize
                + ", previousSecretOverlap=" + previousSecretOverlap + ", eraseInterval=" + eraseInterval + "]";
    }
}
