package com.holidaylistings.integration.devstack.secrets;

import com.holidaylistings.integration.devstack.BackgroundProcesses;
import com.holidaylistings.integration.devstack.Command;
import com.holidaylistings.integration.devstack.Console;
import com.holidaylistings.integration.devstack.StackLayout;
import com.holidaylistings.integration.stack.Jdk;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

/**
 * api-service's self-signed certificate for 127.0.0.1 and localhost, made once: a PKCS12 keystore
 * ({@code .dev/tls/api-service.p12}) with its password ({@code .dev/tls/password}), and the certificate as
 * PEM ({@code .dev/tls/ca.pem}) for {@code curl --cacert} and the browser. The key is ECDSA P-256: a TLS
 * handshake costs the server a fraction of an RSA-2048 signature, which was a quarter of api-service's CPU
 * while clients opened connections (docs/benchmarks/profile.md).
 */
record HttpsCertificate(Path keystore, String password, Path pem) {

    static HttpsCertificate ensure(StackLayout layout) {
        Path directory = layout.tls();
        Path keystore = directory.resolve("api-service.p12");
        Path passwordFile = directory.resolve("password");
        Path pem = directory.resolve("ca.pem");
        if (!(SecretFiles.nonEmpty(keystore) && SecretFiles.nonEmpty(passwordFile) && SecretFiles.nonEmpty(pem))) {
            Console.say("generating the self-signed HTTPS certificate (" + layout.rel(keystore) + ")");
            generate(directory, keystore, passwordFile, pem);
        }
        return new HttpsCertificate(keystore, SecretFiles.read(passwordFile).orElseThrow(), pem);
    }

    private static void generate(Path directory, Path keystore, Path passwordFile, Path pem) {
        try {
            Files.createDirectories(directory);
            Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwx------"));
            for (Path file : List.of(keystore, passwordFile, pem)) {
                Files.deleteIfExists(file);
            }
            BackgroundProcesses.write(passwordFile, SecretFiles.randomHex(18));
            String password = SecretFiles.read(passwordFile).orElseThrow();
            keytool(
                    "could not generate the certificate",
                    "-genkeypair",
                    "-noprompt",
                    "-alias",
                    "api-service",
                    "-keyalg",
                    "EC",
                    "-groupname",
                    "secp256r1",
                    "-validity",
                    "3650",
                    "-dname",
                    "CN=localhost, OU=local stack, O=owner-integration",
                    "-ext",
                    "SAN=DNS:localhost,IP:127.0.0.1",
                    "-ext",
                    "EKU=serverAuth",
                    "-storetype",
                    "PKCS12",
                    "-keystore",
                    keystore.toString(),
                    "-storepass",
                    password,
                    "-keypass",
                    password);
            keytool(
                    "could not export the certificate",
                    "-exportcert",
                    "-rfc",
                    "-alias",
                    "api-service",
                    "-keystore",
                    keystore.toString(),
                    "-storetype",
                    "PKCS12",
                    "-storepass",
                    password,
                    "-file",
                    pem.toString());
            Files.setPosixFilePermissions(keystore, PosixFilePermissions.fromString("rw-------"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs the keytool of the JDK that runs the launcher; {@code failure} and its output when it fails. */
    private static void keytool(String failure, String... arguments) {
        List<String> command = new ArrayList<>();
        command.add(Jdk.tool("keytool").toString());
        command.addAll(List.of(arguments));
        Command.of(command).capture().require("keytool " + failure);
    }
}
