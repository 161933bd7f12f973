package com.holidaylistings.integration.events.command;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.delivery.EnquiryId;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * An owner's (or an operator's) request that changes deliveries, which only webhook-dispatcher
 * carries out: api-service writes it to its outbox in the transaction that checked it, enquiry-ingest
 * relays it to {@link #TOPIC}, and the dispatcher applies it once, deduplicating on
 * {@link #commandId()}. The JSON is the record's, with its {@code type} first; each command is
 * published with the key {@link #key()} and its {@link #type()} as the outbox row's event type.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = DeliveryCommand.TestEvent.class, name = DeliveryCommand.TestEvent.TYPE),
    @JsonSubTypes.Type(value = DeliveryCommand.Redeliver.class, name = DeliveryCommand.Redeliver.TYPE),
    @JsonSubTypes.Type(value = DeliveryCommand.Recover.class, name = DeliveryCommand.Recover.TYPE),
    @JsonSubTypes.Type(value = DeliveryCommand.ReplayDeadLetters.class, name = DeliveryCommand.ReplayDeadLetters.TYPE),
    @JsonSubTypes.Type(value = DeliveryCommand.ThrottleChanged.class, name = DeliveryCommand.ThrottleChanged.TYPE)
})
public sealed interface DeliveryCommand {

    /** The topic of the commands: not under {@code webhook.}, the dispatcher's own topics. */
    String TOPIC = "delivery.commands";

    /** Every command's type: the relay sends an outbox row of one of these to {@link #TOPIC}. */
    List<String> TYPES =
            List.of(TestEvent.TYPE, Redeliver.TYPE, Recover.TYPE, ReplayDeadLetters.TYPE, ThrottleChanged.TYPE);

    /** The key of a replay of every owner's dead letters: one fixed key, so such replays stay in order. */
    UUID ALL_KEY = new UUID(0, 0);

    /** Unique per command: the dispatcher applies each command id once, however often it reads it. */
    UUID commandId();

    /**
     * When the request was answered; a replay takes only what was abandoned by then, a throttle's change
     * releases only the starts reserved by then.
     */
    Instant requestedAt();

    /** The id of the API request that asked, kept on the deliveries it queues; null outside a request. */
    String requestId();

    /** Its {@code type}, also the event type of its outbox row. */
    String type();

    /** The record's key: the hook's id (the owner's for a replay of an owner's, {@link #ALL_KEY} for all). */
    UUID key();

    /**
     * A test event to the owner's hook: {@code event} is a sample payload about no real enquiry, under
     * the event id {@code eventId}, delivered once (a delivery marked test, never retried).
     */
    @JsonPropertyOrder({"command_id", "requested_at", "request_id", "owner_id", "hook_id", "event_id", "event"})
    record TestEvent(
            @JsonProperty("command_id") UUID commandId,
            @JsonProperty("requested_at") Instant requestedAt,
            @JsonProperty("request_id") String requestId,
            @JsonProperty("owner_id") OwnerId owner,
            @JsonProperty("hook_id") SubscriptionId hook,
            @JsonProperty("event_id") UUID eventId,
            @JsonProperty("event") EnquiryCreated event)
            implements DeliveryCommand {

        public static final String TYPE = "delivery.test";

        public TestEvent {
            Objects.requireNonNull(commandId, "command_id");
            Objects.requireNonNull(requestedAt, "requested_at");
            Objects.requireNonNull(owner, "owner_id");
            Objects.requireNonNull(hook, "hook_id");
            Objects.requireNonNull(eventId, "event_id");
            Objects.requireNonNull(event, "event");
        }

        @Override
        public String type() {
            return TYPE;
        }

        @Override
        public UUID key() {
            return hook.value();
        }
    }

    /**
     * Deliver the event {@code eventId} of {@code enquiry}, submitted at {@code submittedAt}, to the
     * hook again, whether it was received or not; a delivery still queued or being retried keeps its
     * chain of attempts and is only marked as asked for. {@code event} is the event's exact payload
     * when the hook never had a delivery of it (the dispatcher may not keep it then), else null.
     */
    @JsonPropertyOrder({
        "command_id",
        "requested_at",
        "request_id",
        "owner_id",
        "hook_id",
        "event_id",
        "enquiry_id",
        "submitted_at",
        "event"
    })
    record Redeliver(
            @JsonProperty("command_id") UUID commandId,
            @JsonProperty("requested_at") Instant requestedAt,
            @JsonProperty("request_id") String requestId,
            @JsonProperty("owner_id") OwnerId owner,
            @JsonProperty("hook_id") SubscriptionId hook,
            @JsonProperty("event_id") UUID eventId,
            @JsonProperty("enquiry_id") EnquiryId enquiry,
            @JsonProperty("submitted_at") Instant submittedAt,
            @JsonProperty("event") EnquiryCreated event)
            implements DeliveryCommand {

        public static final String TYPE = "delivery.redeliver";

        public Redeliver {
            Objects.requireNonNull(commandId, "command_id");
            Objects.requireNonNull(requestedAt, "requested_at");
            Objects.requireNonNull(owner, "owner_id");
            Objects.requireNonNull(hook, "hook_id");
            Objects.requireNonNull(eventId, "event_id");
            Objects.requireNonNull(enquiry, "enquiry_id");
            Objects.requireNonNull(submittedAt, "submitted_at");
        }

        @Override
        public String type() {
            return TYPE;
        }

        @Override
        public UUID key() {
            return hook.value();
        }
    }

    /**
     * Deliver one event the hook missed: only if its delivery ended unreceived (abandoned, skipped)
     * or never existed; one that was delivered or queued meanwhile is left alone. The fields are
     * {@link Redeliver}'s; a recover of many events is one command per event.
     */
    @JsonPropertyOrder({
        "command_id",
        "requested_at",
        "request_id",
        "owner_id",
        "hook_id",
        "event_id",
        "enquiry_id",
        "submitted_at",
        "event"
    })
    record Recover(
            @JsonProperty("command_id") UUID commandId,
            @JsonProperty("requested_at") Instant requestedAt,
            @JsonProperty("request_id") String requestId,
            @JsonProperty("owner_id") OwnerId owner,
            @JsonProperty("hook_id") SubscriptionId hook,
            @JsonProperty("event_id") UUID eventId,
            @JsonProperty("enquiry_id") EnquiryId enquiry,
            @JsonProperty("submitted_at") Instant submittedAt,
            @JsonProperty("event") EnquiryCreated event)
            implements DeliveryCommand {

        public static final String TYPE = "delivery.recover";

        public Recover {
            Objects.requireNonNull(commandId, "command_id");
            Objects.requireNonNull(requestedAt, "requested_at");
            Objects.requireNonNull(owner, "owner_id");
            Objects.requireNonNull(hook, "hook_id");
            Objects.requireNonNull(eventId, "event_id");
            Objects.requireNonNull(enquiry, "enquiry_id");
            Objects.requireNonNull(submittedAt, "submitted_at");
        }

        @Override
        public String type() {
            return TYPE;
        }

        @Override
        public UUID key() {
            return hook.value();
        }
    }

    /**
     * Replay the abandoned deliveries (never test events) of {@code owner}, of {@code hook}, submitted
     * at or after {@code since}, each filter optional (null: any), that were abandoned at or before
     * {@code requestedAt}: the command read twice, or late, never replays what was abandoned after.
     */
    @JsonPropertyOrder({"command_id", "requested_at", "request_id", "owner_id", "hook_id", "since"})
    record ReplayDeadLetters(
            @JsonProperty("command_id") UUID commandId,
            @JsonProperty("requested_at") Instant requestedAt,
            @JsonProperty("request_id") String requestId,
            @JsonProperty("owner_id") OwnerId owner,
            @JsonProperty("hook_id") SubscriptionId hook,
            @JsonProperty("since") Instant since)
            implements DeliveryCommand {

        public static final String TYPE = "delivery.replay-dead-letters";

        public ReplayDeadLetters {
            Objects.requireNonNull(commandId, "command_id");
            Objects.requireNonNull(requestedAt, "requested_at");
        }

        @Override
        public String type() {
            return TYPE;
        }

        @Override
        public UUID key() {
            return hook != null ? hook.value() : owner != null ? owner.value() : ALL_KEY;
        }
    }

    /**
     * The owner changed the hook's throttle to {@code perSecond} (null: lifted): the hook's deliveries
     * waiting for a start that the old rate gave them are due again now, to start at the new rate, so
     * that raising or lifting a throttle takes effect on the backlog, not only on deliveries to come.
     */
    @JsonPropertyOrder({"command_id", "requested_at", "request_id", "owner_id", "hook_id", "per_second"})
    record ThrottleChanged(
            @JsonProperty("command_id") UUID commandId,
            @JsonProperty("requested_at") Instant requestedAt,
            @JsonProperty("request_id") String requestId,
            @JsonProperty("owner_id") OwnerId owner,
            @JsonProperty("hook_id") SubscriptionId hook,
            @JsonProperty("per_second") Integer perSecond)
            implements DeliveryCommand {

        public static final String TYPE = "delivery.throttle-changed";

        public ThrottleChanged {
            Objects.requireNonNull(commandId, "command_id");
            Objects.requireNonNull(requestedAt, "requested_at");
            Objects.requireNonNull(owner, "owner_id");
            Objects.requireNonNull(hook, "hook_id");
        }

        @Override
        public String type() {
            return TYPE;
        }

        @Override
        public UUID key() {
            return hook.value();
        }
    }
}
