package com.holidaylistings.integration.api.portal;

import com.holidaylistings.integration.api.subscription.DeliveryAttempt;
import com.holidaylistings.integration.api.subscription.DeliveryLog;
import com.holidaylistings.integration.api.subscription.EventNoLongerKept;
import com.holidaylistings.integration.api.subscription.RecoverRequest;
import com.holidaylistings.integration.api.subscription.Recovery;
import com.holidaylistings.integration.api.subscription.Redeliveries;
import com.holidaylistings.integration.api.subscription.SubscriptionProperties;
import com.holidaylistings.integration.api.subscription.SubscriptionRepository;
import com.holidaylistings.integration.api.subscription.SubscriptionStatus;
import com.holidaylistings.integration.api.web.CanonicalUuid;
import com.holidaylistings.integration.api.web.Conflict;
import com.holidaylistings.integration.api.web.InvalidRequest;
import com.holidaylistings.integration.api.web.NotFound;
import com.holidaylistings.integration.api.web.RequestIdFilter;
import com.holidaylistings.integration.events.delivery.EnquiryId;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

/** Pausing and resuming a hook, its deliveries, delivering an event again, and recovering the events it missed. */
@Controller
class PortalHookController {

    private static final int DELIVERIES_SHOWN = 100;

    private final SubscriptionRepository subscriptions;
    private final DeliveryLog deliveryLog;
    private final Redeliveries redeliveries;
    private final PortalSessions sessions;

    private final SubscriptionProperties settings;

    PortalHookController(SubscriptionRepository subscriptions, DeliveryLog deliveryLog, Redeliveries redeliveries,
            PortalSessions sessions, SubscriptionProperties settings) {
        this.subscriptions = subscriptions;
        this.deliveryLog = deliveryLog;
        this.redeliveries = redeliveries;
        this.sessions = sessions;
        this.settings = settings;
    }

    /** A delivery attempt as a row; the newest attempt of each event offers a redelivery. */
    record AttemptRow(DeliveryAttempt attempt, boolean redeliverable) {}

    @PostMapping("/portal/hooks/{hookId}/pause")
    String pause(PortalSession session, @PathVariable String hookId) {
        return setPaused(session, hookId, true);
    }

    @PostMapping("/portal/hooks/{hookId}/resume")
    String resume(PortalSession session, @PathVariable String hookId) {
        return setPaused(session, hookId, false);
    }

    @GetMapping("/portal/hooks/{hookId}/deliveries")
    String deliveries(PortalSession session, @PathVariable String hookId, Model model) {
        SubscriptionStatus hook = hook(session, hookId);
        Set<UUID> seen = new HashSet<>();
        List<AttemptRow> rows = deliveryLog.attempts(hook.id(), DELIVERIES_SHOWN).stream()
                .map(attempt -> new AttemptRow(attempt, seen.add(attempt.enquiryId())))
                .toList();
        model.addAttribute("csrf", session.csrfToken());
        model.addAttribute("flash", sessions.takeFlash(session.id()));
        model.addAttribute("hook", HookRow.of(hook));
        model.addAttribute("attempts", rows);
        model.addAttribute("recoverFrom", LocalDateTime.now(ZoneOffset.UTC).minusDays(1).truncatedTo(ChronoUnit.MINUTES));
        model.addAttribute("recoverEarliest", LocalDateTime.now(ZoneOffset.UTC).minus(RecoverRequest.WINDOW)
                .truncatedTo(ChronoUnit.MINUTES).plusMinutes(1));
        return "portal/deliveries";
    }

    @PostMapping("/portal/hooks/{hookId}/deliveries/{enquiryId}/redeliver")
    String redeliver(PortalSession session, @PathVariable String hookId, @PathVariable String enquiryId) {
        SubscriptionStatus hook = hook(session, hookId);
        UUID enquiry = CanonicalUuid.parse(enquiryId).orElseThrow(NotFound::new);
        try {
            redeliveries.request(OwnerId.of(session.ownerId()), SubscriptionId.of(hook.id()), EnquiryId.of(enquiry),
                    RequestIdFilter.current());
            sessions.setFlash(session.id(), Flash.info("Event " + enquiry + " is queued for delivery again."));
        } catch (Conflict refused) {
            sessions.setFlash(session.id(), Flash.problem("Not redelivered: " + refused.getMessage() + "."));
        } catch (EventNoLongerKept forgotten) {
            sessions.setFlash(session.id(), Flash.problem("Not redelivered: this event is no longer kept."));
        } catch (NotFound unknown) {
            sessions.setFlash(session.id(), Flash.problem("Not redelivered: this hook does not receive this event."));
        }
        return "redirect:/portal/hooks/" + hook.id() + "/deliveries";
    }

    /**
     * Queues every event since {@code since} that the hook has not received, as the internal API's
     * recover does; {@code since} is the form's date and time, in UTC.
     */
    @PostMapping("/portal/hooks/{hookId}/recover")
    String recover(PortalSession session, @PathVariable String hookId, @RequestParam(required = false) String since) {
        SubscriptionStatus hook = hook(session, hookId);
        try {
            Instant from = new RecoverRequest(since == null || since.isBlank() ? null : inUtc(since.strip()))
                    .validSince(Instant.now());
            Recovery recovery = redeliveries.recover(OwnerId.of(session.ownerId()), SubscriptionId.of(hook.id()), from,
                    RequestIdFilter.current(), settings.recoverMaxEvents());
            sessions.setFlash(session.id(), Flash.info(recovery.queued() == 0
                    ? "Nothing to recover: every event since then was delivered or is already queued."
                    : recovery.queued() + " missed events are queued for delivery again."));
        } catch (InvalidRequest invalid) {
            sessions.setFlash(session.id(), Flash.problem("Not recovered: the time "
                    + String.join(", ", invalid.fieldErrors().getOrDefault("since", List.of("is invalid"))) + "."));
        } catch (Conflict refused) {
            sessions.setFlash(session.id(), Flash.problem("Not recovered: " + refused.getMessage() + "."));
        }
        return "redirect:/portal/hooks/" + hook.id() + "/deliveries";
    }

    /** A browser's date and time field has no zone: the form says it is UTC. */
    private static String inUtc(String localDateTime) {
        return localDateTime.length() == "yyyy-MM-ddTHH:mm".length() ? localDateTime + ":00Z" : localDateTime + "Z";
    }

    private String setPaused(PortalSession session, String hookId, boolean paused) {
        SubscriptionStatus hook = hook(session, hookId);
        if (!subscriptions.setPaused(session.ownerId(), hook.id(), paused)) {
            throw new NotFound();
        }
        sessions.setFlash(session.id(), Flash.info((paused ? "Paused " : "Resumed ") + hook.targetUrl() + "."));
        return "redirect:/portal/#webhook-subscriptions";
    }

    /** One of the session owner's hooks; 404 for anyone else's, as the internal API answers. */
    private SubscriptionStatus hook(PortalSession session, String hookId) {
        UUID id = CanonicalUuid.parse(hookId).orElseThrow(NotFound::new);
        return deliveryLog.hook(session.ownerId(), id).orElseThrow(NotFound::new);
    }
}
