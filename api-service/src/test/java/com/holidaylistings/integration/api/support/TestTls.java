package com.holidaylistings.integration.api.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A self-signed certificate for localhost made once per test JVM with the JDK's keytool, the
 * same way dev/up.sh makes the local stack's; clients trust exactly it.
 */
public final class TestTls {

    public static final String PASSWORD = "test-keystore-password";
    private static Path keystore;

    private TestTls() {}

    public static synchronized Path keystore() {
        if (keystore == null) {
            keystore = generate();
        }
        return keystore;
    }

    public static SSLContext trustingContext() {
        try (InputStream in = Files.newInputStream(keystore())) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, PASSWORD.toCharArray());
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(store);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            return context;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Path generate() {
        try {
            Path dir = Files.createTempDirectory("api-service-tls");
            Path file = dir.resolve("api-service.p12");
            Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
            Process process = new ProcessBuilder(
                            keytool.toString(),
                            "-genkeypair",
                            "-alias",
                            "api-service",
                            "-keyalg",
                            "EC",
                            "-groupname",
                            "secp256r1",
                            "-validity",
                            "2",
                            "-dname",
                            "CN=localhost",
                            "-ext",
                            "SAN=DNS:localhost,IP:127.0.0.1",
                            "-storetype",
                            "PKCS12",
                            "-keystore",
                            file.toString(),
                            "-storepass",
                            PASSWORD,
                            "-keypass",
                            PASSWORD)
                    .redirectErrorStream(true)
                    .start();
            String output = new String(process.getInputStream().readAllBytes());
            if (process.waitFor() != 0) {
                throw new IllegalStateException("keytool failed: " + output);
            }
            dir.toFile().deleteOnExit();
            file.toFile().deleteOnExit();
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
