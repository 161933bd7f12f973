package com.holidaylistings.integration.api.warmup;

import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.Collections;
import java.util.HashSet;
import java.util.Set;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * Trust in exactly the certificates of this service's own key store, for the requests it sends
 * itself over loopback: the server is known by its certificate (pinned), not by a name, which on
 * loopback its certificate need not carry. Nothing else is trusted: no client of this trust is ever
 * pointed anywhere but at this process.
 */
final class OwnCertificateTrust extends X509ExtendedTrustManager {

    private final Set<Certificate> own;

    private OwnCertificateTrust(Set<Certificate> own) {
        this.own = own;
    }

    /** A TLS context that trusts the leaf certificates held in {@code keyStore} and nothing else. */
    static SSLContext context(KeyStore keyStore) throws GeneralSecurityException {
        Set<Certificate> leaves = new HashSet<>();
        for (String alias : Collections.list(keyStore.aliases())) {
            Certificate[] chain = keyStore.getCertificateChain(alias);
            if (chain != null && chain.length > 0) {
                leaves.add(chain[0]);
            } else if (keyStore.getCertificate(alias) != null) {
                leaves.add(keyStore.getCertificate(alias));
            }
        }
        if (leaves.isEmpty()) {
            throw new GeneralSecurityException("the key store holds no certificate");
        }
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, new TrustManager[] {new OwnCertificateTrust(Set.copyOf(leaves))}, null);
        return context;
    }

    private void check(X509Certificate[] chain) throws CertificateException {
        if (chain == null || chain.length == 0 || !own.contains(chain[0])) {
            throw new CertificateException("not this service's own certificate");
        }
        chain[0].checkValidity();
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        check(chain);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        check(chain);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        check(chain);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        throw new CertificateException("a client of its own only");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        throw new CertificateException("a client of its own only");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        throw new CertificateException("a client of its own only");
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return new X509Certificate[0];
    }
}
