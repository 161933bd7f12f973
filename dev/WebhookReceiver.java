import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.Executors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A webhook receiver for trying the local stack: prints every delivery and checks its signature.
 *
 *   java dev/WebhookReceiver.java <port> [whsec_secret ...]
 *
 * Verification follows the Standard Webhooks scheme: HMAC-SHA256 over "id.timestamp.body" with the
 * base64-decoded part of the secret after "whsec_", compared in constant time with each "v1," entry
 * of the webhook-signature header (separated by spaces). A delivery is valid when any entry matches
 * any secret given.
 *
 * Rotating: after the owner rotates the secret, deliveries carry "v1,<new> v1,<old>" for
 * WEBHOOK_SECRET_OVERLAP (24 h). Give the receiver both secrets, new first, while you switch over
 * ("java dev/WebhookReceiver.java 9000 whsec_new whsec_old"), then the new one only: no delivery
 * fails in between, whichever secret the receiver holds.
 *
 * Standalone on purpose: a single-file program that runs with nothing but a JDK, so it does not use
 * test-support's WebhookReceiver, the one receiver of the tests, system tests and benchmarks.
 */
public class WebhookReceiver {

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args.length > 0 ? args[0] : "9000");
        List<String> secrets = List.of(args).subList(Math.min(1, args.length), args.length);
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            String id = exchange.getRequestHeaders().getFirst("webhook-id");
            String timestamp = exchange.getRequestHeaders().getFirst("webhook-timestamp");
            String signatures = exchange.getRequestHeaders().getFirst("webhook-signature");
            String verdict = secrets.isEmpty() ? "not checked (no secret given)" : verdict(secrets, id, timestamp, body, signatures);
            System.out.printf("%s %s webhook-id=%s signature %s%n%s%n%n", exchange.getRequestMethod(),
                    exchange.getRequestURI(), id, verdict, new String(body, StandardCharsets.UTF_8));
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        server.start();
        System.out.println("Listening on http://127.0.0.1:" + port + "/");
    }

    /** "valid (secret 1 of 2)" with the first secret that verifies, or "INVALID". */
    static String verdict(List<String> secrets, String id, String timestamp, byte[] body, String signatures) {
        for (int i = 0; i < secrets.size(); i++) {
            if (verify(secrets.get(i), id, timestamp, body, signatures)) {
                return secrets.size() == 1 ? "valid" : "valid (secret " + (i + 1) + " of " + secrets.size() + ")";
            }
        }
        return "INVALID";
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
