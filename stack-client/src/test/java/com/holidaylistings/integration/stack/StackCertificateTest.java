package com.holidaylistings.integration.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StackCertificateTest {

    @TempDir
    Path dir;

    @Test
    void trustsTheCertificateOfAPemFile() throws IOException, GeneralSecurityException, InterruptedException {
        Path keystore = dir.resolve("stack.p12");
        Path pem = dir.resolve("ca.pem");
        keytool(
                "-genkeypair",
                "-alias",
                "stack",
                "-keyalg",
                "EC",
                "-dname",
                "CN=localhost",
                "-keystore",
                keystore.toString());
        keytool("-exportcert", "-rfc", "-alias", "stack", "-keystore", keystore.toString(), "-file", pem.toString());

        assertThat(StackCertificate.trusting(pem).getProtocol()).isEqualTo("TLS");
    }

    @Test
    void refusesAFileThatHoldsNoCertificate() throws IOException {
        Path pem = Files.writeString(dir.resolve("ca.pem"), "not a certificate\n");

        assertThatThrownBy(() -> StackCertificate.trusting(pem)).isInstanceOf(CertificateException.class);
    }

    private static void keytool(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(arguments));
        command.addAll(List.of("-storetype", "PKCS12", "-storepass", "changeit"));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor()).as(output).isZero();
    }
}
