package com.holidaylistings.integration.api.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.TestWorld;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The sliding windows of {@code take_rate_limit}, called directly at simulated times: 1-second
 * slots for the minute window, 1-minute slots for the hour window; slot k counts while
 * {@code now_slot - 60 <= k}, so a request is released 61 slots after the slot it fell in.
 */
class RateLimitWindowIT extends ApiIntegrationTest {

    /** A simulated epoch second that starts a minute and an hour. */
    private static final double T0 = 1_800_000_000.0;

    @Test
    void refusesInTheNextMinuteWhatAFixedWindowWouldAllow() {
        UUID token = newTokenId();
        for (int i = 0; i < 100; i++) {
            RateLimitDecision decision = take(token, 100, 10_000, 59.5);
            assertThat(decision.allowed()).isTrue();
            assertThat(decision.remaining()).isEqualTo(99 - i);
            assertThat(decision.limit()).isEqualTo(100);
        }

        assertThat(take(token, 100, 10_000, 59.5).allowed()).isFalse();
        RateLimitDecision nextMinute = take(token, 100, 10_000, 60.5);

        assertThat(nextMinute.allowed()).isFalse();
        assertThat(nextMinute.remaining()).isZero();
        assertThat(nextMinute.retryAfter()).isEqualTo(60);
    }

    @Test
    void releasesASecondSlotSixtyOneSecondsAfterItBegan() {
        UUID token = newTokenId();
        takeAll(token, 100, 100, 10_000, 59.5);

        RateLimitDecision at119_6 = take(token, 100, 10_000, 119.6);
        RateLimitDecision at119_999 = take(token, 100, 10_000, 119.999);
        RateLimitDecision at120 = take(token, 100, 10_000, 120.0);

        assertThat(at119_6.allowed()).isFalse();
        assertThat(at119_6.retryAfter()).isEqualTo(1);
        assertThat(at119_999.allowed()).isFalse();
        assertThat(at119_999.retryAfter()).isEqualTo(1);
        assertThat(at120.allowed()).isTrue();
        // The refused requests were not counted: only this one is in the window now.
        assertThat(at120.remaining()).isEqualTo(99);
    }

    @Test
    void neverLetsMoreThanTheLimitThroughInAnySixtySeconds() {
        // Requests spread over every tenth of a second for five minutes: a sliding 60 s window over
        // the allowed ones never holds more than the limit, and the limiter is not stricter than
        // the whole-second slots require (each slot is let go 61 s after it began).
        UUID token = newTokenId();
        List<Double> allowed = new ArrayList<>();
        for (int tenth = 0; tenth < 3_000; tenth++) {
            double t = tenth / 10.0;
            if (take(token, 10, 100_000, t).allowed()) {
                allowed.add(t);
            }
        }

        for (int i = 0; i + 10 < allowed.size(); i++) {
            assertThat(allowed.get(i + 10) - allowed.get(i))
                    .as("11 requests within 60 s from %s", allowed.get(i))
                    .isGreaterThan(60.0);
        }
        assertThat(allowed).startsWith(0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 61.0, 61.1);
        assertThat(allowed).hasSize(50);
    }

    @Test
    void freesTheOldestSlotFirst() {
        UUID token = newTokenId();
        takeAll(token, 60, 100, 10_000, 10.2);
        takeAll(token, 40, 100, 10_000, 30.7);

        RateLimitDecision refused = take(token, 100, 10_000, 40.0);
        assertThat(refused.allowed()).isFalse();
        assertThat(refused.retryAfter()).isEqualTo(31); // slot 10 leaves at 71
        assertThat(take(token, 100, 10_000, 70.999).allowed()).isFalse();

        for (int i = 0; i < 60; i++) {
            assertThat(take(token, 100, 10_000, 71.0).allowed())
                    .as("request %s at 71", i)
                    .isTrue();
        }
        RateLimitDecision full = take(token, 100, 10_000, 71.0);
        assertThat(full.allowed()).isFalse();
        assertThat(full.retryAfter()).isEqualTo(20); // slot 30 leaves at 91
        assertThat(take(token, 100, 10_000, 90.9).allowed()).isFalse();
        assertThat(take(token, 100, 10_000, 91.0).allowed()).isTrue();
    }

    @Test
    void retryAfterIsTheWholeSecondsUntilTheRequestWouldPass() {
        UUID token = newTokenId();
        takeAll(token, 100, 100, 10_000, 59.5);

        for (double t : new double[] {59.5, 60.0, 60.5, 61.0, 75.25, 100.0, 119.0, 119.5}) {
            RateLimitDecision refused = take(token, 100, 10_000, t);
            assertThat(refused.allowed()).isFalse();
            assertThat(refused.retryAfter()).as("at %s", t).isEqualTo((int) Math.ceil(120.0 - t));
        }
        assertThat(take(token, 100, 10_000, 61.0 + 59).allowed()).isTrue();
    }

    @Test
    void refusedRequestsDoNotCount() {
        UUID token = newTokenId();
        takeAll(token, 5, 5, 10_000, 0.5);
        for (int i = 0; i < 200; i++) {
            assertThat(take(token, 5, 10_000, 1.0 + i * 0.3).allowed()).isFalse();
        }

        RateLimitDecision released = take(token, 5, 10_000, 61.0);

        assertThat(released.allowed()).isTrue();
        assertThat(released.remaining()).isEqualTo(4);
        int counted = jdbc.sql(
                        "select coalesce(sum((s).hits), 0) from rate_limit_counters c, unnest(c.minute) s where c.token_id = :token")
                .param("token", token)
                .query(Integer.class)
                .single();
        assertThat(counted).isEqualTo(1);
        int hourCounted = jdbc.sql(
                        "select coalesce(sum((s).hits), 0) from rate_limit_counters c, unnest(c.hour) s where c.token_id = :token")
                .param("token", token)
                .query(Integer.class)
                .single();
        assertThat(hourCounted).isEqualTo(6);
    }

    @Test
    void hourWindowCountsWholeMinutes() {
        UUID token = newTokenId();
        takeAll(token, 10, 1_000, 10, 30.0); // minute slot 0

        RateLimitDecision nextMinute = take(token, 1_000, 10, 90.0);
        RateLimitDecision lastMinuteOfWindow = take(token, 1_000, 10, 3_659.999);
        RateLimitDecision released = take(token, 1_000, 10, 3_660.0);

        assertThat(nextMinute.allowed()).isFalse();
        assertThat(nextMinute.limit()).isEqualTo(10);
        assertThat(nextMinute.remaining()).isZero();
        assertThat(nextMinute.retryAfter()).isEqualTo(3_660 - 90);
        assertThat(lastMinuteOfWindow.allowed()).isFalse();
        assertThat(lastMinuteOfWindow.retryAfter()).isEqualTo(1);
        assertThat(released.allowed()).isTrue();
        assertThat(released.limit()).isEqualTo(10);
        assertThat(released.remaining()).isEqualTo(9);
    }

    @Test
    void hourWindowSlidesMinuteByMinute() {
        UUID token = newTokenId();
        takeAll(token, 6, 1_000, 10, 30.0); // minute 0
        takeAll(token, 4, 1_000, 10, 1_830.0); // minute 30

        RateLimitDecision refused = take(token, 1_000, 10, 2_000.0);
        assertThat(refused.allowed()).isFalse();
        assertThat(refused.retryAfter()).isEqualTo(3_660 - 2_000);

        for (int i = 0; i < 6; i++) {
            assertThat(take(token, 1_000, 10, 3_660.0).allowed()).isTrue();
        }
        RateLimitDecision full = take(token, 1_000, 10, 3_661.0);
        assertThat(full.allowed()).isFalse();
        assertThat(full.retryAfter()).isEqualTo((30 + 61) * 60 - 3_661);
    }

    @Test
    void hourLimitHoldsWhileTheMinuteLimitIsNeverReached() {
        UUID token = newTokenId();
        int allowed = 0;
        // 5 requests a minute for 40 minutes, under a limit of 100 a minute and 120 an hour.
        for (int minute = 0; minute < 40; minute++) {
            for (int i = 0; i < 5; i++) {
                if (take(token, 100, 120, minute * 60.0 + i).allowed()) {
                    allowed++;
                }
            }
        }

        assertThat(allowed).isEqualTo(120);
    }

    @Test
    void describesTheWindowClosestToExhaustion() {
        UUID token = newTokenId();

        RateLimitDecision first = take(token, 5, 8, 10.5);
        assertThat(first.limit()).isEqualTo(5);
        assertThat(first.remaining()).isEqualTo(4);
        assertThat(first.resetAt()).isEqualTo((long) T0 + 10 + 61);

        takeAll(token, 4, 5, 8, 15.0);
        RateLimitDecision nextMinute = take(token, 5, 8, 80.0); // slots 10 and 15 have left the minute window
        assertThat(nextMinute.allowed()).isTrue();
        assertThat(nextMinute.limit()).isEqualTo(8);
        assertThat(nextMinute.remaining()).isEqualTo(2);
        assertThat(nextMinute.resetAt()).isEqualTo((long) T0 + 61 * 60);
    }

    @Test
    void resetsAtTheStartOfTheOldestCountedSlotPlusTheWindow() {
        UUID token = newTokenId();

        take(token, 100, 10_000, 7.9);
        RateLimitDecision later = take(token, 100, 10_000, 30.2);

        assertThat(later.resetAt()).isEqualTo((long) T0 + 7 + 61);
        assertThat(later.remaining()).isEqualTo(98);
    }

    @Test
    void concurrentRequestsNeverExceedTheLimit() throws Exception {
        UUID token = newTokenId(); // no counter row yet: the threads also race to create it
        int threads = 20;
        int callsPerThread = 10;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                results.add(pool.submit(() -> {
                    start.await();
                    int allowed = 0;
                    for (int call = 0; call < callsPerThread; call++) {
                        if (take(token, 100, 10_000, 5.5).allowed()) {
                            allowed++;
                        }
                    }
                    return allowed;
                }));
            }
            start.countDown();
            int allowed = 0;
            for (Future<Integer> result : results) {
                allowed += result.get(60, TimeUnit.SECONDS);
            }

            assertThat(allowed).isEqualTo(100);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void concurrentRequestsOnTheDatabaseClockNeverExceedTheLimit() throws Exception {
        UUID token = newTokenId();
        ExecutorService pool = Executors.newFixedThreadPool(10);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int i = 0; i < 150; i++) {
                results.add(pool.submit(() -> takeNow(token, 100, 10_000).allowed()));
            }
            int allowed = 0;
            for (Future<Boolean> result : results) {
                allowed += result.get(60, TimeUnit.SECONDS) ? 1 : 0;
            }

            assertThat(allowed).isEqualTo(100);
        } finally {
            pool.shutdownNow();
        }
    }

    private void takeAll(UUID token, int count, int perMinute, int perHour, double at) {
        for (int i = 0; i < count; i++) {
            assertThat(take(token, perMinute, perHour, at).allowed())
                    .as("request %s at %s", i, at)
                    .isTrue();
        }
    }

    /** One call at {@code T0 + at} seconds. */
    private RateLimitDecision take(UUID token, int perMinute, int perHour, double at) {
        return jdbc.sql("""
                        select allowed, window_limit, remaining, reset_at, retry_after
                          from take_rate_limit(:token, :perMinute, :perHour, :now)
                        """)
                .param("token", token)
                .param("perMinute", perMinute)
                .param("perHour", perHour)
                .param("now", T0 + at)
                .query(RateLimitWindowIT::decision)
                .single();
    }

    /** One call on the database clock, as the service makes it. */
    private RateLimitDecision takeNow(UUID token, int perMinute, int perHour) {
        return jdbc.sql("""
                        select allowed, window_limit, remaining, reset_at, retry_after
                          from take_rate_limit(:token, :perMinute, :perHour)
                        """)
                .param("token", token)
                .param("perMinute", perMinute)
                .param("perHour", perHour)
                .query(RateLimitWindowIT::decision)
                .single();
    }

    private static RateLimitDecision decision(java.sql.ResultSet rs, int row) throws java.sql.SQLException {
        return new RateLimitDecision(
                rs.getBoolean("allowed"),
                rs.getInt("window_limit"),
                rs.getInt("remaining"),
                rs.getLong("reset_at"),
                rs.getInt("retry_after"));
    }

    private UUID newTokenId() {
        TestWorld.Owner owner = world.newOwner();
        ApiClient.Response created = http.with("X-Admin-Key", TestWorld.ADMIN_KEY)
                .post("/internal/v1/owners/" + owner.id() + "/tokens", Map.of("name", "rate"));
        assertThat(created.status()).isEqualTo(201);
        return UUID.fromString(created.json().get("id").asString());
    }
}
