package com.holidaylistings.integration.api.subscription;

import com.holidaylistings.integration.api.owner.Owners;
import com.holidaylistings.integration.api.web.CanonicalUuid;
import com.holidaylistings.integration.api.web.LimitParameter;
import com.holidaylistings.integration.api.web.NotFound;
import com.holidaylistings.integration.api.web.RequestIdFilter;
import com.holidaylistings.integration.events.delivery.EnquiryId;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * The owner portal's webhook page: statuses, pause and resume, each hook's delivery log,
 * redelivery of any event, and recovery of the events a hook missed.
 */
@RestController
@RequestMapping("/internal/v1/owners/{ownerId}/hooks")
class InternalSubscriptionController {

    private static final LimitParameter LIMIT = new LimitParameter(50);

    private final Owners owners;
    private final SubscriptionRepository subscriptions;
    private final DeliveryLog deliveryLog;
    private final Redeliveries redeliveries;
    private final SubscriptionProperties settings;

    InternalSubscriptionController(Owners owners, SubscriptionRepository subscriptions, DeliveryLog deliveryLog,
            Redeliveries redeliveries, SubscriptionProperties settings) {
        this.owners = owners;
        this.subscriptions = subscriptions;
        this.deliveryLog = deliveryLog;
        this.redeliveries = redeliveries;
        this.settings = settings;
    }

    @GetMapping
    Map<String, List<SubscriptionStatus>> list(@PathVariable String ownerId) {
        return Map.of("hooks", deliveryLog.hooks(owners.existing(ownerId)));
    }

    @PostMapping("/{hookId}/pause")
    SubscriptionStatus pause(@PathVariable String ownerId, @PathVariable String hookId) {
        return setPaused(ownerId, hookId, true);
    }

    @PostMapping("/{hookId}/resume")
    SubscriptionStatus resume(@PathVariable String ownerId, @PathVariable String hookId) {
        return setPaused(ownerId, hookId, false);
    }

    @GetMapping("/{hookId}/deliveries")
    Map<String, List<DeliveryAttempt>> deliveries(
            @PathVariable String ownerId, @PathVariable String hookId, @RequestParam(required = false) String limit) {
        UUID owner = owners.existing(ownerId);
        UUID hook = CanonicalUuid.parse(hookId).orElseThrow(NotFound::new);
        deliveryLog.hook(owner, hook).orElseThrow(NotFound::new);
        return Map.of("deliveries", deliveryLog.attempts(hook, LIMIT.parse(limit)));
    }

    /** Queues a new delivery of any event of this hook, delivered or not; webhook-dispatcher sends it. */
    @PostMapping("/{hookId}/deliveries/{enquiryId}/redeliver")
    @ResponseStatus(HttpStatus.ACCEPTED)
    Redelivery redeliver(@PathVariable String ownerId, @PathVariable String hookId, @PathVariable String enquiryId) {
        UUID owner = owners.existing(ownerId);
        UUID hook = CanonicalUuid.parse(hookId).orElseThrow(NotFound::new);
        UUID enquiry = CanonicalUuid.parse(enquiryId).orElseThrow(NotFound::new);
        return redeliveries.request(OwnerId.of(owner), SubscriptionId.of(hook), EnquiryId.of(enquiry),
                RequestIdFilter.current());
    }

    /** Queues a delivery of every event since {@code since} that this hook has not received; webhook-dispatcher sends them. */
    @PostMapping("/{hookId}/recover")
    @ResponseStatus(HttpStatus.ACCEPTED)
    Recovery recover(@PathVariable String ownerId, @PathVariable String hookId, @RequestBody RecoverRequest request) {
        UUID owner = owners.existing(ownerId);
        UUID hook = CanonicalUuid.parse(hookId).orElseThrow(NotFound::new);
        Instant since = request.validSince(Instant.now());
        return redeliveries.recover(OwnerId.of(owner), SubscriptionId.of(hook), since, RequestIdFilter.current(),
                settings.recoverMaxEvents());
    }

    private SubscriptionStatus setPaused(String ownerId, String hookId, boolean paused) {
        UUID owner = owners.existing(ownerId);
        UUID hook = CanonicalUuid.parse(hookId).orElseThrow(NotFound::new);
        if (!subscriptions.setPaused(owner, hook, paused)) {
            throw new NotFound();
        }
        return deliveryLog.hook(owner, hook).orElseThrow(NotFound::new);
    }
}
