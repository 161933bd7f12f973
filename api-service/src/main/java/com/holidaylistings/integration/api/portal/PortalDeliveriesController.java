package com.holidaylistings.integration.api.portal;

import com.holidaylistings.integration.api.attempts.AttemptCursor;
import com.holidaylistings.integration.api.attempts.AttemptDetail;
import com.holidaylistings.integration.api.attempts.AttemptIds;
import com.holidaylistings.integration.api.attempts.AttemptLog;
import com.holidaylistings.integration.api.attempts.AttemptPage;
import com.holidaylistings.integration.api.attempts.AttemptStatusFilter;
import com.holidaylistings.integration.api.attempts.DeliveryAttempt;
import com.holidaylistings.integration.api.hook.HookStatus;
import com.holidaylistings.integration.api.redelivery.RecoverRequest;
import com.holidaylistings.integration.api.stats.HookStatistics;
import com.holidaylistings.integration.api.web.error.NotFound;
import com.holidaylistings.integration.api.web.input.FieldErrors;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import tools.jackson.databind.JsonNode;

/**
 * A hook's deliveries page (its attempts a page at a time, filtered by status, its last 7 days in
 * figures, its throttle and recovery) and the page of one attempt, with the request sent and the answer.
 */
@Controller
class PortalDeliveriesController {

    static final int PAGE_SIZE = 25;
    static final int CHART_DAYS = 7;

    private final SessionHooks hooks;
    private final AttemptLog attemptLog;
    private final HookStatistics statistics;
    private final PortalSessions sessions;

    PortalDeliveriesController(
            SessionHooks hooks, AttemptLog attemptLog, HookStatistics statistics, PortalSessions sessions) {
        this.hooks = hooks;
        this.attemptLog = attemptLog;
        this.statistics = statistics;
        this.sessions = sessions;
    }

    /** A delivery attempt as a row; the newest attempt of each event on the page offers a redelivery. */
    record AttemptRow(DeliveryAttempt attempt, boolean redeliverable) {}

    /**
     * {@code before} and {@code after} are the cursors of the "Older" and "Newer" links; a filter or
     * cursor that is not one shows the newest attempts, with a note.
     */
    @GetMapping("/portal/hooks/{hookId}/deliveries")
    String deliveries(
            PortalSession session,
            @PathVariable String hookId,
            @RequestParam(required = false) String status,
            @RequestParam(required = false) String before,
            @RequestParam(required = false) String after,
            Model model) {
        HookStatus hook = hooks.of(session, hookId);
        FieldErrors errors = new FieldErrors();
        AttemptStatusFilter filter = AttemptStatusFilter.parse(status, errors);
        AttemptLog.PageRequest request = new AttemptLog.PageRequest(
                filter,
                PAGE_SIZE,
                AttemptCursor.decode("before", before, errors),
                AttemptCursor.decode("after", after, errors));
        Flash flash = sessions.takeFlash(session.id());
        if (!errors.isEmpty()) {
            request = AttemptLog.PageRequest.newest(null, PAGE_SIZE);
            flash = Flash.problem("This page of deliveries does not exist; the newest are shown instead.");
            filter = null;
        }
        AttemptPage page = attemptLog.page(hook.id(), request);
        Set<UUID> seen = new HashSet<>();
        List<AttemptRow> rows = page.deliveries().stream()
                .map(attempt -> new AttemptRow(attempt, !attempt.test() && seen.add(attempt.enquiryId())))
                .toList();
        model.addAttribute("csrf", session.csrfToken());
        model.addAttribute("flash", flash);
        model.addAttribute("hook", HookRow.of(hook));
        model.addAttribute("attempts", rows);
        model.addAttribute("status", filter == null ? "" : filter.value());
        model.addAttribute("older", page.next());
        model.addAttribute("newer", page.previous());
        model.addAttribute("chart", DeliveryChart.of(statistics.of(hook.id(), CHART_DAYS)));
        model.addAttribute(
                "recoverFrom", LocalDateTime.now(ZoneOffset.UTC).minusDays(1).truncatedTo(ChronoUnit.MINUTES));
        model.addAttribute(
                "recoverEarliest",
                LocalDateTime.now(ZoneOffset.UTC)
                        .minus(RecoverRequest.WINDOW)
                        .truncatedTo(ChronoUnit.MINUTES)
                        .plusMinutes(1));
        return "portal/deliveries";
    }

    @GetMapping("/portal/hooks/{hookId}/attempts/{attemptId}")
    String attempt(PortalSession session, @PathVariable String hookId, @PathVariable String attemptId, Model model) {
        HookStatus hook = hooks.of(session, hookId);
        long id = AttemptIds.parse(attemptId).orElseThrow(NotFound::new);
        AttemptDetail attempt = attemptLog.attempt(hook.id(), id).orElseThrow(NotFound::new);
        model.addAttribute("hook", HookRow.of(hook));
        model.addAttribute("attempt", attempt);
        model.addAttribute("requestHeaders", lines(attempt.request().headers()));
        model.addAttribute(
                "responseHeaders",
                attempt.response() == null ? null : lines(attempt.response().headers()));
        return "portal/attempt";
    }

    /** Headers as an HTTP message shows them, one "name: value" a line; null when none were kept. */
    private static String lines(JsonNode headers) {
        if (headers == null || !headers.isObject()) {
            return null;
        }
        return headers.properties().stream()
                .map(header -> header.getKey() + ": "
                        + (header.getValue().isString()
                                ? header.getValue().asString()
                                : header.getValue().toString()))
                .collect(Collectors.joining("\n"));
    }

    /** One of the session owner's hooks; 404 for anyone else's, as the internal API answers. */
}
