package com.holidaylistings.integration.devstack.secrets;

import com.holidaylistings.integration.devstack.DevEnvironment;
import com.holidaylistings.integration.devstack.LocalStack;
import com.holidaylistings.integration.devstack.Secrets;
import com.holidaylistings.integration.devstack.StackLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.Base64;

/** The stack's secrets: those missing are made once under {@code .dev}, the others read (dev/README.md). */
public final class StackSecrets {

    private StackSecrets() {}

    /** Makes the secrets that are missing (once), reads the others. */
    public static Secrets ensure(LocalStack stack) {
        StackLayout layout = stack.layout();
        DevEnvironment environment = stack.environment();
        try {
            Files.createDirectories(layout.dev());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String adminApiKey = environment
                .get("ADMIN_API_KEY")
                .orElseGet(() ->
                        SecretFiles.madeOnce(layout.dev().resolve("admin-api-key"), () -> SecretFiles.randomHex(24)));
        var credentials = StackCredentials.ensure(layout.dev().resolve("credentials.env"), environment);
        // The key that encrypts the webhook signing secrets in the database (keyId:base64key).
        String encryptionKeys = environment
                .get("SECRETS_ENCRYPTION_KEYS")
                .orElseGet(() -> SecretFiles.madeOnce(
                        layout.dev().resolve("secrets-encryption-keys"),
                        () -> "local:" + Base64.getEncoder().encodeToString(SecretFiles.randomBytes(32)) + "\n"));
        HttpsCertificate certificate = HttpsCertificate.ensure(layout);
        return new Secrets(
                adminApiKey,
                encryptionKeys,
                credentials,
                certificate.keystore(),
                certificate.password(),
                certificate.pem());
    }
}
