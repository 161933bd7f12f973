package com.holidaylistings.integration.stack;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The stack's self-signed certificate (CA_CERT, {@code .dev/tls/ca.pem}), which its clients trust in place
 * of the JDK's authorities: the system tests, the benchmarks and the launcher's demo seeding.
 */
public final class StackCertificate {

    private StackCertificate() {}

    /** A TLS context that trusts the certificate in the PEM file {@code pem} and nothing else. */
    public static SSLContext trusting(Path pem) throws IOException, GeneralSecurityException {
        try (InputStream certificate = Files.newInputStream(pem)) {
            KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
            trusted.load(null, null);
            trusted.setCertificateEntry(
                    "stack", CertificateFactory.getInstance("X.509").generateCertificate(certificate));
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(trusted);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            return context;
        }
    }
}
