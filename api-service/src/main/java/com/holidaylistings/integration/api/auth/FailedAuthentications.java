package com.holidaylistings.integration.api.auth;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

/**
 * Failed authentications of one API per client ({@link ClientAddresses}: an IPv4 address or an
 * IPv6 /64), in a fixed window that starts with a client's first failure. Only failures are
 * counted and only failures are refused: a request is checked first, a valid credential always
 * passes, and once a client has failed {@code maxPerAddress} times in its window its further
 * failures are answered 429 with the time left instead of 401, until the window ends. So a
 * misconfigured integration or a test suite's negative checks on a shared egress address never lock
 * out anyone whose credential is right, and a client that keeps failing is told, in the rate limit's
 * words, to stop.
 *
 * <p>Each API has its own instance (its own counts): mistakes with tokens on the public API never
 * throttle the admin key of the internal API, nor the other way round. In memory, per replica, for at
 * most {@code maxAddresses} clients: the oldest windows are forgotten first. The address is the
 * servlet request's remote address, which Tomcat's RemoteIpValve takes from {@code X-Forwarded-For}
 * only for a trusted proxy ({@code TRUSTED_PROXIES}).
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

    /**
     * Counts a failed authentication from {@code address}. Empty when it is within the client's
     * allowance (answer 401); otherwise how long the client's further failures are refused (answer
     * 429): the window's time left. Failures beyond the allowance are not counted further, so a
     * refused client's window ends when it would have ended anyway.
     */
    Optional<Duration> fail(String address) {
        String client = ClientAddresses.counted(address);
        lock.lock();
        try {
            long now = nanoTime.getAsLong();
            Window window = windows.get(client);
            if (window == null || now - window.startedAt() >= windowNanos) {
                windows.remove(client);
                windows.put(client, new Window(now, 1));
                return Optional.empty();
            }
            if (window.failures() >= maxPerAddress) {
                return Optional.of(Duration.ofNanos(windowNanos - (now - window.startedAt())));
            }
            windows.put(client, new Window(window.startedAt(), window.failures() + 1));
            return Optional.empty();
        } finally {
            lock.unlock();
        }
    }

    /** Clients tracked now. */
    int tracked() {
        lock.lock();
        try {
            return windows.size();
        } finally {
            lock.unlock();
        }
    }

    /** Retry-After in whole seconds, rounded up: never 0 while refused. */
    static int retryAfterSeconds(Duration refused) {
        long seconds = (refused.toMillis() + 999) / 1000;
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, seconds));
    }
}
