import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fast webhook receiver for benchmarks: answers 204 at once, and for every delivery records the
 * time from the enquiry's sent_at (its submission, just before the commit) to the delivery's arrival.
 * Prints the count, the delivery rate between the first and last arrival, and latency percentiles.
 *
 *   java bench/LatencyReceiver.java <port> <file holding the expected count> <timeout seconds>
 *
 * It stops when the count written to the file (by the load generator, once it knows how many
 * enquiries it committed) has arrived, or at the timeout.
 */
public class LatencyReceiver {

    private static final Pattern SENT_AT = Pattern.compile("\"sent_at\"\\s*:\\s*\"([^\"]+)\"");

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        Path expectedFile = Path.of(args[1]);
        long timeoutSeconds = Long.parseLong(args[2]);
        List<Long> latenciesMicros = Collections.synchronizedList(new ArrayList<>());
        List<Instant> arrivals = Collections.synchronizedList(new ArrayList<>());
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 1024);
        server.setExecutor(Executors.newFixedThreadPool(32, runnable -> {
            Thread thread = new Thread(runnable);
            thread.setDaemon(true); // the receiver ends when main does
            return thread;
        }));
        server.createContext("/", exchange -> {
            Instant now = Instant.now();
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
            Matcher sentAt = SENT_AT.matcher(body);
            if (sentAt.find()) {
                latenciesMicros.add(Duration.between(OffsetDateTime.parse(sentAt.group(1)).toInstant(), now).toNanos() / 1000);
                arrivals.add(now);
            }
        });
        server.start();
        System.out.println("ready on " + port);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        int expected = -1;
        while (System.nanoTime() < deadline && (expected < 0 || arrivals.size() < expected)) {
            if (expected < 0 && Files.exists(expectedFile)) {
                String written = Files.readString(expectedFile).trim();
                expected = written.isEmpty() ? -1 : Integer.parseInt(written);
            }
            Thread.sleep(50);
        }
        boolean all = expected >= 0 && arrivals.size() >= expected;
        server.stop(0);
        List<Long> sorted = new ArrayList<>(latenciesMicros);
        Collections.sort(sorted);
        List<Instant> times = new ArrayList<>(arrivals);
        Collections.sort(times);
        int n = sorted.size();
        double seconds = n < 2 ? 0 : Duration.between(times.get(0), times.get(n - 1)).toNanos() / 1e9;
        System.out.printf("deliveries %d of %d expected%s%n", n, expected, all ? "" : " (TIMED OUT)");
        if (n > 0) {
            System.out.printf("rate %.0f deliveries/s (first to last arrival, %.2f s)%n", seconds > 0 ? (n - 1) / seconds : 0, seconds);
            System.out.printf("submission -> webhook received: p50 %.1f ms, p95 %.1f ms, p99 %.1f ms, max %.1f ms%n",
                    at(sorted, 0.50), at(sorted, 0.95), at(sorted, 0.99), sorted.get(n - 1) / 1000.0);
        }
        System.exit(all ? 0 : 1);
    }

    private static double at(List<Long> sorted, double quantile) {
        int index = (int) Math.ceil(quantile * sorted.size()) - 1;
        return sorted.get(Math.max(0, index)) / 1000.0;
    }
}
