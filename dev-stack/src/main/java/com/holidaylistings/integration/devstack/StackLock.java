package com.holidaylistings.integration.devstack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The lock of {@code .dev/.lock}, so that two runs of dev/up.sh or dev/down.sh never overlap. It is held
 * until the launcher exits; the processes it starts do not inherit it.
 */
final class StackLock {

    private StackLock() {}

    @SuppressWarnings("resource") // held for the life of the launcher
    static void take(StackLayout layout) {
        Path file = layout.dev().resolve(".lock");
        try {
            Files.createDirectories(layout.dev());
            FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                throw new StackFailure("another dev/up.sh or dev/down.sh is running on " + layout.rel(layout.dev()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
