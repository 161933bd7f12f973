package com.holidaylistings.integration.devstack.secrets;

import com.holidaylistings.integration.devstack.BackgroundProcesses;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Optional;
import java.util.function.Supplier;

/** Files that each hold one secret, made once from random bytes and read as the shell's {@code $(<file)}. */
final class SecretFiles {

    private static final SecureRandom RANDOM = new SecureRandom();

    private SecretFiles() {}

    /** {@code bytes} random bytes as lower-case hex, as dev/up.sh's random_hex printed them. */
    static String randomHex(int bytes) {
        return HexFormat.of().formatHex(randomBytes(bytes));
    }

    static byte[] randomBytes(int bytes) {
        byte[] random = new byte[bytes];
        RANDOM.nextBytes(random);
        return random;
    }

    /** The secret in {@code file}, written first (0600) from {@code content} when the file is missing or empty. */
    static String madeOnce(Path file, Supplier<String> content) {
        if (!nonEmpty(file)) {
            BackgroundProcesses.write(file, content.get());
        }
        return read(file).orElseThrow();
    }

    /** The file's text without its trailing newlines; empty when the file is missing or empty. */
    static Optional<String> read(Path file) {
        if (!nonEmpty(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Files.readString(file).replaceFirst("\n+$", ""));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static boolean nonEmpty(Path file) {
        try {
            return Files.isRegularFile(file) && Files.size(file) > 0;
        } catch (IOException e) {
            return false;
        }
    }
}
