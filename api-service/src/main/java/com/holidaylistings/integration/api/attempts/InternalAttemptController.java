package com.holidaylistings.integration.api.attempts;

import com.holidaylistings.integration.api.hook.OwnedHooks;
import com.holidaylistings.integration.api.web.error.NotFound;
import com.holidaylistings.integration.api.web.input.FieldErrors;
import com.holidaylistings.integration.api.web.input.LimitParameter;
import java.util.UUID;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Each hook's delivery log, a page at a time, and each attempt with the request sent and the answer. */
@RestController
@RequestMapping("/internal/v1/owners/{ownerId}/hooks/{hookId}")
class InternalAttemptController {

    private static final LimitParameter LIMIT = new LimitParameter(50);

    private final OwnedHooks hooks;
    private final AttemptLog attemptLog;

    InternalAttemptController(OwnedHooks hooks, AttemptLog attemptLog) {
        this.hooks = hooks;
        this.attemptLog = attemptLog;
    }

    /** The hook's attempts, newest first, a page at a time; {@code before} is the {@code next} of the page before. */
    @GetMapping("/deliveries")
    AttemptPage deliveries(
            @PathVariable String ownerId,
            @PathVariable String hookId,
            @RequestParam(required = false) String status,
            @RequestParam(required = false) String limit,
            @RequestParam(required = false) String before) {
        UUID hook = hooks.existing(ownerId, hookId);
        FieldErrors errors = new FieldErrors();
        int size = LIMIT.parse(limit, errors);
        AttemptStatusFilter filter = AttemptStatusFilter.parse(status, errors);
        AttemptCursor cursor = AttemptCursor.decode("before", before, errors);
        errors.throwIfAny();
        return attemptLog.page(hook, new AttemptLog.PageRequest(filter, size, cursor, null));
    }

    /** One attempt with the request sent and the answer; 404 for an attempt of another hook. */
    @GetMapping("/attempts/{attemptId}")
    AttemptDetail attempt(@PathVariable String ownerId, @PathVariable String hookId, @PathVariable String attemptId) {
        UUID hook = hooks.existing(ownerId, hookId);
        long id = AttemptIds.parse(attemptId).orElseThrow(NotFound::new);
        return attemptLog.attempt(hook, id).orElseThrow(NotFound::new);
    }
}
