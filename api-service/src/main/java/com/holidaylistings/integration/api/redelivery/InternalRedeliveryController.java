package com.holidaylistings.integration.api.redelivery;

import com.holidaylistings.integration.api.hook.HookProperties;
import com.holidaylistings.integration.api.owner.Owners;
import com.holidaylistings.integration.api.web.error.NotFound;
import com.holidaylistings.integration.api.web.filter.RequestIdFilter;
import com.holidaylistings.integration.api.web.input.CanonicalUuid;
import com.holidaylistings.integration.events.delivery.EnquiryId;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.time.Instant;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * An owner's requests for deliveries to one of their hooks: a test event, a new delivery of any event,
 * and the recovery of the events the hook missed. Each is answered 202 once its command is in the
 * outbox; webhook-dispatcher carries it out.
 */
@RestController
@RequestMapping("/internal/v1/owners/{ownerId}/hooks/{hookId}")
class InternalRedeliveryController {

    private final Owners owners;
    private final Redeliveries redeliveries;
    private final TestEvents testEvents;
    private final HookProperties settings;

    InternalRedeliveryController(
            Owners owners, Redeliveries redeliveries, TestEvents testEvents, HookProperties settings) {
        this.owners = owners;
        this.redeliveries = redeliveries;
        this.testEvents = testEvents;
        this.settings = settings;
    }

    /** Queues a test event to the hook; webhook-dispatcher sends it within about a second. */
    @PostMapping("/test")
    @ResponseStatus(HttpStatus.ACCEPTED)
    TestDelivery test(@PathVariable String ownerId, @PathVariable String hookId) {
        UUID owner = owners.existing(ownerId);
        UUID hook = CanonicalUuid.parse(hookId).orElseThrow(NotFound::new);
        return testEvents.send(OwnerId.of(owner), SubscriptionId.of(hook), RequestIdFilter.current());
    }

    /** Queues a new delivery of any event of this hook, delivered or not; webhook-dispatcher sends it. */
    @PostMapping("/deliveries/{enquiryId}/redeliver")
    @ResponseStatus(HttpStatus.ACCEPTED)
    Redelivery redeliver(@PathVariable String ownerId, @PathVariable String hookId, @PathVariable String enquiryId) {
        UUID owner = owners.existing(ownerId);
        UUID hook = CanonicalUuid.parse(hookId).orElseThrow(NotFound::new);
        UUID enquiry = CanonicalUuid.parse(enquiryId).orElseThrow(NotFound::new);
        return redeliveries.request(
                OwnerId.of(owner), SubscriptionId.of(hook), EnquiryId.of(enquiry), RequestIdFilter.current());
    }

    /** Queues a delivery of every event since {@code since} that this hook has not received; webhook-dispatcher sends them. */
    @PostMapping("/recover")
    @ResponseStatus(HttpStatus.ACCEPTED)
    Recovery recover(@PathVariable String ownerId, @PathVariable String hookId, @RequestBody RecoverRequest request) {
        UUID owner = owners.existing(ownerId);
        UUID hook = CanonicalUuid.parse(hookId).orElseThrow(NotFound::new);
        Instant since = request.validSince(Instant.now());
        return redeliveries.recover(
                OwnerId.of(owner),
                SubscriptionId.of(hook),
                since,
                RequestIdFilter.current(),
                settings.recoverMaxEvents());
    }
}
