package com.holidaylistings.integration.dispatcher.warmup;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The warm-up's webhook receiver, inside the process, on the loopback interface and a port of its own:
 * it reads each request whole and answers as receivers do, most with {@code 200} and a short body,
 * every tenth with {@code 503} and {@code Retry-After}, so that both answers' paths run. Nothing
 * outside the process is ever sent a rehearsed delivery.
 */
final class WarmUpReceiver implements AutoCloseable {

    private static final byte[] ACCEPTED = "{\"received\":true}".getBytes(StandardCharsets.UTF_8);
    private static final byte[] BUSY = "{\"error\":\"busy, try again later\"}".getBytes(StandardCharsets.UTF_8);

    private final HttpServer server;
    private final ExecutorService handlers = Executors.newVirtualThreadPerTaskExecutor();
    private final AtomicInteger received = new AtomicInteger();
    private final InetSocketAddress endpoint;

    private WarmUpReceiver() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        } catch (IOException e) {
            throw new UncheckedIOException("The warm-up's receiver could not listen on the loopback interface", e);
        }
        server.createContext("/", this::answer);
        server.setExecutor(handlers);
        server.start();
        endpoint = new InetSocketAddress(
                InetAddress.getLoopbackAddress(), server.getAddress().getPort());
    }

    static WarmUpReceiver start() {
        return new WarmUpReceiver();
    }

    /** Where it listens: the one target the rehearsed deliveries may reach. */
    InetSocketAddress endpoint() {
        return endpoint;
    }

    private void answer(HttpExchange exchange) throws IOException {
        try (exchange;
                InputStream body = exchange.getRequestBody()) {
            body.transferTo(OutputStream.nullOutputStream());
            boolean busy = received.incrementAndGet() % 10 == 0;
            byte[] answer = busy ? BUSY : ACCEPTED;
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            if (busy) {
                exchange.getResponseHeaders().set("Retry-After", "60");
            }
            exchange.sendResponseHeaders(busy ? 503 : 200, answer.length);
            exchange.getResponseBody().write(answer);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        handlers.shutdownNow();
    }
}
