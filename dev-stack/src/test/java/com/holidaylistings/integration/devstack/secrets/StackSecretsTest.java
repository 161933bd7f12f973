package com.holidaylistings.integration.devstack.secrets;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.devstack.DevEnvironment;
import com.holidaylistings.integration.devstack.LocalStack;
import com.holidaylistings.integration.devstack.Secrets;
import com.holidaylistings.integration.devstack.StackLayout;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyStore;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StackSecretsTest {

    @TempDir
    Path root;

    @Test
    void makesEachSecretOnceReadableByItsUserOnly() throws Exception {
        LocalStack stack = stack(Map.of());

        Secrets first = StackSecrets.ensure(stack);
        Secrets second = StackSecrets.ensure(stack);

        assertThat(second).isEqualTo(first);
        assertThat(first.adminApiKey()).matches("[0-9a-f]{48}");
        assertThat(first.encryptionKeys()).matches("local:[A-Za-z0-9+/]{43}=");
        assertThat(first.keystorePassword()).matches("[0-9a-f]{36}");
        assertThat(first.credentials().keySet())
                .containsExactlyElementsOf(StackCredentials.NAMES.stream()
                        .map(name -> name + "_PASSWORD")
                        .toList());
        assertThat(first.credentials().values())
                .allSatisfy(password -> assertThat(password).matches("[0-9a-f]{32}"));
        Path dev = root.resolve(".dev");
        assertThat(Files.readString(dev.resolve("admin-api-key"))).isEqualTo(first.adminApiKey());
        assertThat(Files.readString(dev.resolve("secrets-encryption-keys"))).isEqualTo(first.encryptionKeys() + "\n");
        for (Path file : List.of(
                dev.resolve("admin-api-key"),
                dev.resolve("credentials.env"),
                dev.resolve("secrets-encryption-keys"),
                dev.resolve("tls/password"),
                dev.resolve("tls/api-service.p12"))) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                    .as(file.toString())
                    .isEqualTo("rw-------");
        }
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dev.resolve("tls"))))
                .isEqualTo("rwx------");
        assertThat(first.keystore()).isEqualTo(dev.resolve("tls/api-service.p12"));
        KeyStore keystore = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(first.keystore())) {
            keystore.load(in, first.keystorePassword().toCharArray());
        }
        assertThat(keystore.getKey("api-service", first.keystorePassword().toCharArray())
                        .getAlgorithm())
                .isEqualTo("EC");
        assertThat(Files.readString(first.caCertificate())).startsWith("-----BEGIN CERTIFICATE-----");
    }

    @Test
    void theEnvironmentsKeysTakeThePlaceOfMadeOnesAndAnExistingCertificateIsKept() throws Exception {
        Path tls = Files.createDirectories(root.resolve(".dev/tls"));
        Files.writeString(tls.resolve("api-service.p12"), "keystore");
        Files.writeString(tls.resolve("password"), "secret");
        Files.writeString(tls.resolve("ca.pem"), "certificate");

        Secrets secrets =
                StackSecrets.ensure(stack(Map.of("ADMIN_API_KEY", "given-key", "SECRETS_ENCRYPTION_KEYS", "k1:AAAA")));

        assertThat(secrets.adminApiKey()).isEqualTo("given-key");
        assertThat(secrets.encryptionKeys()).isEqualTo("k1:AAAA");
        assertThat(root.resolve(".dev/admin-api-key")).doesNotExist();
        assertThat(root.resolve(".dev/secrets-encryption-keys")).doesNotExist();
        assertThat(secrets.keystorePassword()).isEqualTo("secret");
        assertThat(tls.resolve("api-service.p12")).hasContent("keystore");
    }

    private LocalStack stack(Map<String, String> environment) {
        return new LocalStack(new StackLayout(root), new DevEnvironment(environment));
    }
}
