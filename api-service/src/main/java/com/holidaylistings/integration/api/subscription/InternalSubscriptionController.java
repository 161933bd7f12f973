package com.holidaylistings.integration.api.subscription;

import com.holidaylistings.integration.api.owner.Owners;
import com.holidaylistings.integration.api.web.CanonicalUuid;
import com.holidaylistings.integration.api.web.FieldErrors;
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
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * The owner portal's webhook page: statuses, pause and resume, each hook's delivery log with each
 * attempt's request and answer, redelivery of any event, recovery of the events a hook missed, test
 * events, statistics and a throttle.
 */
@RestController
@RequestMapping("/internal/v1/owners/{ownerId}/hooks")
class InternalSubscriptionController {

    private static final LimitParameter LIMIT = new LimitParameter(50);

    private final Owners owners;
    private final SubscriptionRepository subscriptions;
    private final DeliveryLog deliveryLog;
    private final AttemptLog attemptLog;
    private final Redeliveries redeliveries;
    private final TestEvents testEvents;
    private final HookStatistics statistics;
    private final SubscriptionProperties settings;

    InternalSubscriptionController(Owners owners, SubscriptionRepository subscriptions, DeliveryLog deliveryLog,
            AttemptLog attemptLog, Redeliveries redeliveries, TestEvents testEvents, HookStatistics statistics,
            SubscriptionProperties settings) {
        this.owners = owners;
        this.subscriptions = subscriptions;
        this.deliveryLog = deliveryLog;
        this.attemptLog = attemptLog;
        this.redeliveries = redeliveries;
        this.testEvents = testEvents;
        this.statistics = statistics;
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

    /** The hook's attempts, newest first, a page at a time; {@code before} is the {@code next} of the page before. */
    @GetMapping("/{hookId}/deliveries")
    AttemptPage deliveries(@PathVariable String ownerId, @PathVariable String hookId,
            @RequestParam(required = false) String status, @RequestParam(required = false) String limit,
            @RequestParam(required = false) String before) {
        UUID hook = ownedHook(ownerId, hookId);
        FieldErrors errors = new FieldErrors();
        int size = LIMIT.parse(limit, errors);
        AttemptStatusFilter filter = AttemptStatusFilter.parse(status, errors);
        AttemptCursor cursor = AttemptCursor.decode("before", before, errors);
        errors.throwIfAny();
        return attemptLog.page(hook, new AttemptLog.PageRequest(filter, size, cursor, null));
    }

    /** One attempt with the request sent and the answer; 404 for an attempt of another hook. */
    @GetMapping("/{hookId}/attempts/{attemptId}")
    AttemptDetail attempt(@PathVariable String ownerId, @PathVariable String hookId, @PathVariable String attemptId) {
        UUID hook = ownedHook(ownerId, hookId);
        long id = AttemptIds.parse(attemptId).orElseThrow(NotFound::new);
        return attemptLog.attempt(hook, id).orElseThrow(NotFound::new);
    }

    /** Queues a test event to the hook; webhook-dispatcher sends it within about a second. */
    @PostMapping("/{hookId}/test")
    @ResponseStatus(HttpStatus.ACCEPTED)
    TestDelivery test(@PathVariable String ownerId, @PathVariable String hookId) {
        UUID owner = owners.existing(ownerId);
        UUID hook = CanonicalUuid.parse(hookId).orElseThrow(NotFound::new);
        return testEvents.send(OwnerId.of(owner), SubscriptionId.of(hook), RequestIdFilter.current());
    }

    @GetMapping("/{hookId}/stats")
    HookStats stats(@PathVariable String ownerId, @PathVariable String hookId, @RequestParam(required = false) String days) {
        UUID hook = ownedHook(ownerId, hookId);
        return statistics.of(hook, StatsDays.parse(days).value());
    }

    /** Sets or lifts the hook's throttle; the dispatcher applies it to the next deliveries it starts. */
    @PutMapping("/{hookId}/throttle")
    SubscriptionStatus throttle(@PathVariable String ownerId, @PathVariable String hookId,
            @RequestBody Map<String, Object> body) {
        UUID owner = owners.existing(ownerId);
        UUID hook = CanonicalUuid.parse(hookId).orElseThrow(NotFound::new);
        deliveryLog.hook(owner, hook).orElseThrow(NotFound::new);
        ThrottleRequest request = ThrottleRequest.of(body);
        if (!subscriptions.setThrottle(owner, hook, request.perSecond(), RequestIdFilter.current())) {
            throw new NotFound();
        }
        return deliveryLog.hook(owner, hook).orElseThrow(NotFound::new);
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

    /** The id of one of the owner's hooks; 404 for an unknown owner, or a hook that is not the owner's. */
    private UUID ownedHook(String ownerId, String hookId) {
        UUID owner = owners.existing(ownerId);
        UUID hook = CanonicalUuid.parse(hookId).orElseThrow(NotFound::new);
        return deliveryLog.hook(owner, hook).orElseThrow(NotFound::new).id();
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
