package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.stack.Api;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * A closed-loop load on the stack's HTTPS APIs: each of {@code connections} kept-alive HTTP/1.1
 * connections sends its next request when the previous one is answered, for a fixed time. The
 * capacity benchmarks (API, intake) measure with it.
 */
final class ClosedLoop {

    /** Requests answered with the expected status a second, their latencies, and the other answers and failures. */
    record Result(double perSecond, Latencies latencies, long errors) {}

    private ClosedLoop() {}

    /** Runs {@code connections} loops of {@code request} for {@code duration}; {@code expected} is the status that counts. */
    static Result run(int connections, Duration duration, Supplier<HttpRequest> request, int expected)
            throws Exception {
        Latencies latencies = new Latencies();
        AtomicLong answered = new AtomicLong();
        AtomicLong errors = new AtomicLong();
        try (HttpClient client = HttpClient.newBuilder()
                        .version(HttpClient.Version.HTTP_1_1)
                        .sslContext(Api.trustingStackCertificate())
                        .connectTimeout(Duration.ofSeconds(5))
                        .executor(Executors.newVirtualThreadPerTaskExecutor())
                        .build();
                ExecutorService workers = Executors.newVirtualThreadPerTaskExecutor()) {
            long start = System.nanoTime();
            long end = start + duration.toNanos();
            List<Future<?>> running = new ArrayList<>();
            for (int c = 0; c < connections; c++) {
                running.add(workers.submit(() -> {
                    while (System.nanoTime() < end) {
                        HttpRequest next = request.get();
                        long sent = System.nanoTime();
                        try {
                            int status = client.send(next, HttpResponse.BodyHandlers.discarding())
                                    .statusCode();
                            latencies.recordNanos(System.nanoTime() - sent);
                            (status == expected ? answered : errors).incrementAndGet();
                        } catch (IOException e) {
                            errors.incrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> worker : running) {
                worker.get();
            }
            return new Result(answered.get() / ((System.nanoTime() - start) / 1e9), latencies, errors.get());
        }
    }
}
