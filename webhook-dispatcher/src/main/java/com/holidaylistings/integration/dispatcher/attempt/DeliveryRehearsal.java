package com.holidaylistings.integration.dispatcher.attempt;

import com.holidaylistings.integration.deliverylog.DeliveryStatus;
import com.holidaylistings.integration.dispatcher.DeliveryTopics;
import com.holidaylistings.integration.dispatcher.log.Deliveries;
import com.holidaylistings.integration.dispatcher.records.DeliveryRecords;
import com.holidaylistings.integration.dispatcher.records.DeliveryTask;
import com.holidaylistings.integration.dispatcher.transition.Delivery;
import com.holidaylistings.integration.dispatcher.transition.DeliveryTransitions;
import com.holidaylistings.integration.dispatcher.transition.HttpOutcome;
import com.holidaylistings.integration.events.delivery.EnquiryId;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.springframework.stereotype.Component;

/**
 * One delivery's path through this process, rehearsed for the warm-up before the consumers start:
 * its record written and read back, the read of its row with the attempts starting beside it (there
 * is none, so nothing is found), the target's guard, the signed POST to the warm-up's own receiver on
 * the loopback interface and its answer read as an attempt reads it, the decision that would follow,
 * and a failure's next record. Nothing is written to the database or Kafka, counted in the metrics,
 * logged or traced: the rehearsal calls the path's parts, not {@link WebhookAttempt}, which stores
 * and observes what it does.
 */
@Component
public class DeliveryRehearsal {

    private final DeliveryRecords records;
    private final Deliveries deliveries;
    private final HookBreakers guards;
    private final WebhookSender sender;
    private final DeliveryTransitions transitions;

    DeliveryRehearsal(
            DeliveryRecords records,
            Deliveries deliveries,
            HookBreakers guards,
            WebhookSender sender,
            DeliveryTransitions transitions) {
        this.records = records;
        this.deliveries = deliveries;
        this.guards = guards;
        this.sender = sender;
        this.transitions = transitions;
    }

    /**
     * Rehearses {@code task}'s first attempt with {@code payload}, signed with {@code secret}, sent to
     * {@code receiver} (a loopback endpoint of this process's own, the only target the rehearsal may
     * reach). Returns the receiver's HTTP status, or 0 when it gave none.
     */
    public int rehearse(DeliveryTask task, String payload, String secret, InetSocketAddress receiver) {
        ProducerRecord<String, String> written = records.dueNow(task, 1);
        ConsumerRecord<String, String> consumed =
                new ConsumerRecord<>(DeliveryTopics.DELIVERIES, 0, 0, written.key(), written.value());
        written.headers().forEach(header -> consumed.headers().add(header));
        DeliveryTask read = records.read(consumed);
        records.dueAt(consumed); // as the listener reads a record, for its lateness
        if (read == null) {
            throw new IllegalStateException("A rehearsal's record of " + task.webhookId() + " could not be read back");
        }
        if (deliveries.forAttempt(read).isPresent()) {
            throw new IllegalStateException("A rehearsal's delivery " + task.webhookId() + " must have no row");
        }
        Delivery delivery = new Delivery(
                read.webhookId(),
                read.submittedAt(),
                read.subscriptionId(),
                EnquiryId.of(UUID.randomUUID()),
                DeliveryStatus.PENDING,
                0,
                1);
        // one target per hook, as owners' hooks have
        String url = "http://" + receiver.getAddress().getHostAddress() + ":" + receiver.getPort() + "/"
                + task.subscriptionId();
        HttpOutcome http = GuardedDnsResolver.permitting(
                receiver,
                () -> guards.send(
                        task.subscriptionId(),
                        false,
                        () -> sender.post(url, payload, delivery.webhookId(), List.of(secret), false)));
        DeliveryTransitions.AfterAttempt after = transitions.afterAttempt(delivery, http, Instant.now());
        if (after.recordMovesOn()) {
            records.after(read.at(after.next().version()), after.movesOn());
        }
        return http.status() == null ? 0 : http.status();
    }

    /** The rehearsals have ended: the connections to the warm-up's receiver are closed, none is kept. */
    public void ended() {
        sender.closeIdleConnections();
    }
}
