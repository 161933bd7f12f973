package com.holidaylistings.integration.dispatcher.secrets;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * The owners' signing secrets as the dispatcher reads them (docs/operations/README.md, "Encryption keys of
 * the webhook secrets").
 *
 * @param encryptionKeys {@code SECRETS_ENCRYPTION_KEYS} (required): {@code keyId:base64key,...} of
 *     32-byte keys, the same as api-service's; any of them decrypts
 */
@Validated
@ConfigurationProperties("secrets")
record SecretsProperties(String encryptionKeys) {

    @Override
    public String toString() {
        return "SecretsProperties[encryptionKeys=(not shown)]";
    }
}
