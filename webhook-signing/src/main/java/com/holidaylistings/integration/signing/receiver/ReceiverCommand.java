package com.holidaylistings.integration.signing.receiver;

import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * A webhook receiver for trying the local stack: prints every delivery, checks its signature, and
 * answers 204. Run by dev/receiver.sh:
 *
 * <pre>dev/receiver.sh &lt;port&gt; [whsec_secret ...]</pre>
 *
 * A delivery is valid when any {@code v1,} entry of its {@code webhook-signature} header verifies with
 * any secret given; with several, it says which one verified. Rotating: after the owner rotates the
 * secret, deliveries carry {@code v1,<new> v1,<old>} for {@code WEBHOOK_SECRET_OVERLAP} (24 h). Give
 * the receiver both secrets, new first, while you switch over ({@code dev/receiver.sh 9000 whsec_new
 * whsec_old}), then the new one only: no delivery fails in between, whichever secret it holds.
 */
public final class ReceiverCommand {

    private ReceiverCommand() {}

    public static void main(String[] args) throws InterruptedException {
        if (args.length > 0 && !args[0].matches("\\d{1,5}")) {
            System.err.println("Usage: dev/receiver.sh [port (9000)] [whsec_secret ...]");
            System.exit(2);
        }
        int port = Integer.parseInt(args.length > 0 ? args[0] : "9000");
        List<String> secrets = List.of(args).subList(Math.min(1, args.length), args.length);
        WebhookReceiver receiver;
        try {
            receiver = WebhookReceiver.builder()
                    .port(port)
                    .keeping(WebhookReceiver.Keeping.COUNTS)
                    .verifyingWith(secrets)
                    .onDelivery(ReceiverCommand::print)
                    .start();
        } catch (RuntimeException e) {
            System.err.println(e.getMessage() + (e.getCause() == null ? "" : ": " + e.getCause()));
            System.exit(1);
            return;
        }
        receiver.answerOthers(WebhookReceiver.Answer.status(204));
        System.out.println("Listening on http://127.0.0.1:" + receiver.port() + "/");
        new CountDownLatch(1).await(); // until the process is stopped
    }

    private static void print(WebhookDelivery delivery) {
        System.out.printf(
                "%s %s webhook-id=%s signature %s%n%s%n%n",
                delivery.method(),
                delivery.uri(),
                delivery.webhookId(),
                delivery.signature().describe(),
                delivery.body());
    }
}
