package com.holidaylistings.integration.api.portal;

import com.holidaylistings.integration.api.hook.HookProperties;
import com.holidaylistings.integration.api.hook.HookRepository;
import com.holidaylistings.integration.api.hook.HookStatus;
import com.holidaylistings.integration.api.hook.ThrottleRequest;
import com.holidaylistings.integration.api.quota.QuotaExceeded;
import com.holidaylistings.integration.api.redelivery.EventNoLongerKept;
import com.holidaylistings.integration.api.redelivery.RecoverRequest;
import com.holidaylistings.integration.api.redelivery.Recovery;
import com.holidaylistings.integration.api.redelivery.Redeliveries;
import com.holidaylistings.integration.api.redelivery.TestDelivery;
import com.holidaylistings.integration.api.redelivery.TestEvents;
import com.holidaylistings.integration.api.web.error.Conflict;
import com.holidaylistings.integration.api.web.error.InvalidRequest;
import com.holidaylistings.integration.api.web.error.NotFound;
import com.holidaylistings.integration.api.web.filter.RequestIdFilter;
import com.holidaylistings.integration.api.web.input.CanonicalUuid;
import com.holidaylistings.integration.events.delivery.EnquiryId;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * What an owner does to a hook: pause and resume it, deliver an event again, recover the events it
 * missed, send it a test event, throttle it, and resume one the dispatcher turned off with what it missed.
 * A request over the owner's quota ({@link QuotaExceeded}) is said in words, as every other refusal.
 */
@Controller
class PortalHookController {

    private final HookRepository hooks;
    private final SessionHooks sessionHooks;
    private final Redeliveries redeliveries;
    private final TestEvents testEvents;
    private final PortalSessions sessions;
    private final HookProperties settings;

    PortalHookController(
            HookRepository hooks,
            SessionHooks sessionHooks,
            Redeliveries redeliveries,
            TestEvents testEvents,
            PortalSessions sessions,
            HookProperties settings) {
        this.hooks = hooks;
        this.sessionHooks = sessionHooks;
        this.redeliveries = redeliveries;
        this.testEvents = testEvents;
        this.sessions = sessions;
        this.settings = settings;
    }

    @PostMapping("/portal/hooks/{hookId}/pause")
    String pause(PortalSession session, @PathVariable String hookId) {
        return setPaused(session, hookId, true);
    }

    @PostMapping("/portal/hooks/{hookId}/resume")
    String resume(PortalSession session, @PathVariable String hookId) {
        return setPaused(session, hookId, false);
    }

    @PostMapping("/portal/hooks/{hookId}/deliveries/{enquiryId}/redeliver")
    String redeliver(PortalSession session, @PathVariable String hookId, @PathVariable String enquiryId) {
        HookStatus hook = sessionHooks.of(session, hookId);
        UUID enquiry = CanonicalUuid.parse(enquiryId).orElseThrow(NotFound::new);
        try {
            redeliveries.request(
                    OwnerId.of(session.ownerId()),
                    SubscriptionId.of(hook.id()),
                    EnquiryId.of(enquiry),
                    RequestIdFilter.current());
            sessions.setFlash(session.id(), Flash.info("Event " + enquiry + " is queued for delivery again."));
        } catch (Conflict refused) {
            sessions.setFlash(session.id(), Flash.problem("Not redelivered: " + refused.getMessage() + "."));
        } catch (EventNoLongerKept forgotten) {
            sessions.setFlash(session.id(), Flash.problem("Not redelivered: this event is no longer kept."));
        } catch (NotFound unknown) {
            sessions.setFlash(session.id(), Flash.problem("Not redelivered: this hook does not receive this event."));
        } catch (QuotaExceeded exceeded) {
            sessions.setFlash(session.id(), Flash.problem("Not redelivered: " + exceeded.inWords() + "."));
        }
        return "redirect:/portal/hooks/" + hook.id() + "/deliveries";
    }

    /**
     * Queues every event since {@code since} that the hook has not received, as the internal API's
     * recover does; {@code since} is the form's date and time, in UTC.
     */
    @PostMapping("/portal/hooks/{hookId}/recover")
    String recover(PortalSession session, @PathVariable String hookId, @RequestParam(required = false) String since) {
        HookStatus hook = sessionHooks.of(session, hookId);
        try {
            Instant from = new RecoverRequest(since == null || since.isBlank() ? null : inUtc(since.strip()))
                    .validSince(Instant.now());
            Recovery recovery = redeliveries.recover(
                    OwnerId.of(session.ownerId()),
                    SubscriptionId.of(hook.id()),
                    from,
                    RequestIdFilter.current(),
                    settings.recoverMaxEvents());
            sessions.setFlash(
                    session.id(),
                    Flash.info(
                            recovery.queued() == 0
                                    ? "Nothing to recover: every event since then was delivered or is already queued."
                                    : recovery.queued() + " missed events are queued for delivery again."));
        } catch (InvalidRequest invalid) {
            sessions.setFlash(
                    session.id(),
                    Flash.problem("Not recovered: the time "
                            + String.join(", ", invalid.fieldErrors().getOrDefault("since", List.of("is invalid")))
                            + "."));
        } catch (Conflict refused) {
            sessions.setFlash(session.id(), Flash.problem("Not recovered: " + refused.getMessage() + "."));
        } catch (QuotaExceeded exceeded) {
            sessions.setFlash(session.id(), Flash.problem("Not recovered: " + exceeded.inWords() + "."));
        }
        return "redirect:/portal/hooks/" + hook.id() + "/deliveries";
    }

    /** Sends a test event to the hook, as the internal API's test does. */
    @PostMapping("/portal/hooks/{hookId}/test")
    String sendTest(PortalSession session, @PathVariable String hookId) {
        HookStatus hook = sessionHooks.of(session, hookId);
        try {
            TestDelivery sent = testEvents.send(
                    OwnerId.of(session.ownerId()), SubscriptionId.of(hook.id()), RequestIdFilter.current());
            sessions.setFlash(
                    session.id(),
                    Flash.info("Test event sent to " + hook.targetUrl() + " (webhook-id " + sent.webhookId()
                            + "). It shows in its deliveries within a few seconds."));
        } catch (Conflict refused) {
            sessions.setFlash(session.id(), Flash.problem("Test event not sent: " + refused.getMessage() + "."));
        } catch (QuotaExceeded exceeded) {
            sessions.setFlash(session.id(), Flash.problem("Test event not sent: " + exceeded.inWords() + "."));
        }
        return "redirect:/portal/#webhook-subscriptions";
    }

    /** Sets the hook's throttle from the form's field: empty for none, else a whole number from 1 to 1000. */
    @PostMapping("/portal/hooks/{hookId}/throttle")
    String throttle(
            PortalSession session,
            @PathVariable String hookId,
            @RequestParam(name = "per_second", required = false) String perSecond) {
        HookStatus hook = sessionHooks.of(session, hookId);
        try {
            ThrottleRequest request = ThrottleRequest.ofText(perSecond);
            if (!hooks.setThrottle(session.ownerId(), hook.id(), request.perSecond(), RequestIdFilter.current())) {
                throw new NotFound();
            }
            sessions.setFlash(
                    session.id(),
                    Flash.info(
                            request.perSecond() == null
                                    ? "Throttle removed: deliveries start as fast as they come."
                                    : "Throttle saved: at most " + request.perSecond()
                                            + " deliveries start each second."));
        } catch (InvalidRequest invalid) {
            sessions.setFlash(
                    session.id(),
                    Flash.problem("The throttle was not saved: Max deliveries per second must"
                            + " be a whole number from " + ThrottleRequest.MIN + " to " + ThrottleRequest.MAX
                            + ", or empty for no throttle."));
        }
        return "redirect:/portal/hooks/" + hook.id() + "/deliveries#throttle";
    }

    /**
     * Resumes a hook the dispatcher turned off and recovers what it missed: every event it has not
     * received since its latest success, which came before it began failing (recover skips what was
     * received, so nothing arrives twice), within the recover window and its cap.
     */
    @PostMapping("/portal/hooks/{hookId}/resume-and-recover")
    String resumeAndRecover(PortalSession session, @PathVariable String hookId) {
        HookStatus hook = sessionHooks.of(session, hookId);
        if (!hooks.setPaused(session.ownerId(), hook.id(), false)) {
            throw new NotFound();
        }
        Instant now = Instant.now();
        Instant earliest =
                now.minus(RecoverRequest.WINDOW).plus(1, ChronoUnit.MINUTES).truncatedTo(ChronoUnit.SECONDS);
        Instant since = hook.lastSuccessAt() == null || hook.lastSuccessAt().isBefore(earliest)
                ? earliest
                : hook.lastSuccessAt();
        try {
            Recovery recovery = redeliveries.recover(
                    OwnerId.of(session.ownerId()),
                    SubscriptionId.of(hook.id()),
                    new RecoverRequest(since.toString()).validSince(now),
                    RequestIdFilter.current(),
                    settings.recoverMaxEvents());
            sessions.setFlash(
                    session.id(),
                    Flash.info("Resumed " + hook.targetUrl() + ". "
                            + (recovery.queued() == 0
                                    ? "Nothing to recover: it missed no event."
                                    : recovery.queued() + " missed events are queued for delivery.")));
        } catch (Conflict refused) {
            sessions.setFlash(session.id(), Flash.problem("Resumed, but not recovered: " + refused.getMessage() + "."));
        } catch (QuotaExceeded exceeded) {
            sessions.setFlash(session.id(), Flash.problem("Resumed, but not recovered: " + exceeded.inWords() + "."));
        }
        return "redirect:/portal/#webhook-subscriptions";
    }

    /** A browser's date and time field has no zone: the form says it is UTC. */
    private static String inUtc(String localDateTime) {
        return localDateTime.length() == "yyyy-MM-ddTHH:mm".length() ? localDateTime + ":00Z" : localDateTime + "Z";
    }

    private String setPaused(PortalSession session, String hookId, boolean paused) {
        HookStatus hook = sessionHooks.of(session, hookId);
        if (!hooks.setPaused(session.ownerId(), hook.id(), paused)) {
            throw new NotFound();
        }
        sessions.setFlash(session.id(), Flash.info((paused ? "Paused " : "Resumed ") + hook.targetUrl() + "."));
        return "redirect:/portal/#webhook-subscriptions";
    }

    /** One of the session owner's hooks; 404 for anyone else's, as the internal API answers. */
}
