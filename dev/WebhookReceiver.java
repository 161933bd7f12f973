import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.concurrent.Executors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A webhook receiver for trying the local stack: prints every delivery and checks its signature.
 *
 *   java dev/WebhookReceiver.java <port> [whsec_secret]
 *
 * Verification follows the Standard Webhooks scheme: HMAC-SHA256 over "id.timestamp.body" with the
 * base64-decoded part of the secret after "whsec_", compared in constant time with each "v1," entry
 * of the webhook-signature header.
 *
 * Standalone on purpose: a single-file program that runs with nothing but a JDK, so it does not use
 * test-support's WebhookReceiver, the one receiver of the tests, system tests and benchmarks.
 */
public class WebhookReceiver {

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args.length > 0 ? args[0] : "9000");
        String secret = args.length > 1 ? args[1] : null;
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            String id = exchange.getRequestHeaders().getFirst("webhook-id");
            String timestamp = exchange.getRequestHeaders().getFirst("webhook-timestamp");
            String signatures = exchange.getRequestHeaders().getFirst("webhook-signature");
            String verdict = secret == null ? "not checked (no secret given)"
                    : verify(secret, id, timestamp, body, signatures) ? "valid" : "INVALID";
            System.out.printf("%s %s webhook-id=%s signature %s%n%s%n%n", exchange.getRequestMethod(),
                    exchange.getRequestURI(), id, verdict, new String(body, StandardCharsets.UTF_8));
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        server.start();
        System.out.println("Listening on http://127.0.0.1:" + port + "/");
    }

    static boolean verify(String secret, String id, String timestamp, byte[] body, String signatures) {
        if (id == null || timestamp == null || signatures == null) {
            return false;
        }
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring("whsec_".length())), "HmacSHA256"));
            mac.update((id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8));
            byte[] expected = ("v1," + Base64.getEncoder().encodeToString(mac.doFinal(body))).getBytes(StandardCharsets.UTF_8);
            for (String candidate : signatures.split(" ")) {
                if (MessageDigest.isEqual(expected, candidate.getBytes(StandardCharsets.UTF_8))) {
                    return true;
                }
            }
            return false;
        } catch (Exception e) {
            return false;
        }
    }
}
