package com.holidaylistings.integration.api.auth;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

/**
 * Failed authentications per client address, in a fixed window that starts with an address's first
 * failure: once an address has failed {@code maxPerAddress} times in its window, it is blocked until
 * the window ends, so that nobody guesses tokens or the admin key faster than that. In memory, per
 * replica, for at most {@code maxAddresses} addresses: the oldest windows are forgotten first.
 * The address is the servlet request's remote address, which Tomcat's RemoteIpValve takes from
 * {@code X-Forwarded-For} only for a trusted proxy ({@code TRUSTED_PROXIES}).
 */
final class FailedAuthentications {

    private record Window(long startedAt, int failures) {}

    private final int maxPerAddress;
    private final long windowNanos;
    private final LongSupplier nanoTime;
    private final ReentrantLock lock = new ReentrantLock();
    private final LinkedHashMap<String, Window> windows;

    FailedAuthentications(FailedAuthenticationProperties settings) {
        this(settings, System::nanoTime);
    }

    FailedAuthentications(FailedAuthenticationProperties settings, LongSupplier nanoTime) {
        this.maxPerAddress = settings.maxPerAddress();
        this.windowNanos = settings.window().toNanos();
        this.nanoTime = nanoTime;
        int maxAddresses = settings.maxAddresses();
        // Insertion order: a window that starts again is put back at the end, so the eldest is the oldest window.
        this.windows = new LinkedHashMap<>() {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Window> eldest) {
                return size() > maxAddresses;
            }
        };
    }

    /** How long {@code address} is still blocked; empty when it may try. */
    Optional<Duration> blockedFor(String address) {
        lock.lock();
        try {
            Window window = windows.get(address);
            if (window == null) {
                return Optional.empty();
            }
            long elapsed = nanoTime.getAsLong() - window.startedAt();
            if (elapsed >= windowNanos) {
                windows.remove(address);
                return Optional.empty();
            }
            return window.failures() < maxPerAddress ? Optional.empty() : Optional.of(Duration.ofNanos(windowNanos - elapsed));
        } finally {
            lock.unlock();
        }
    }

    /** Counts a failed authentication from {@code address}. */
    void record(String address) {
        lock.lock();
        try {
            long now = nanoTime.getAsLong();
            Window window = windows.get(address);
            if (window == null || now - window.startedAt() >= windowNanos) {
                windows.remove(address);
                windows.put(address, new Window(now, 1));
            } else {
                windows.put(address, new Window(window.startedAt(), window.failures() + 1));
            }
        } finally {
            lock.unlock();
        }
    }

    /** Addresses tracked now. */
    int tracked() {
        lock.lock();
        try {
            return windows.size();
        } finally {
            lock.unlock();
        }
    }

    /** Retry-After in whole seconds, rounded up: never 0 while blocked. */
    static int retryAfterSeconds(Duration blocked) {
        long seconds = (blocked.toMillis() + 999) / 1000;
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, seconds));
    }
}
