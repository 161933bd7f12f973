package com.holidaylistings.integration.api.portal;

import com.holidaylistings.integration.api.hook.HookStatus;
import com.holidaylistings.integration.api.hookheaders.CustomHeaders;
import com.holidaylistings.integration.api.hookheaders.HookHeaders;
import com.holidaylistings.integration.api.web.error.InvalidRequest;
import com.holidaylistings.integration.api.web.error.NotFound;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * A hook's custom headers, in the "Custom headers" section under its row: one header added (or its
 * value replaced) at a time, and removed one at a time, by the rules of the internal API's
 * {@code PUT …/headers}. A saved value is never shown again. 404 for another owner's hook, as the
 * internal API answers.
 */
@Controller
class PortalHookHeadersController {

    private final SessionHooks hooks;
    private final HookHeaders hookHeaders;
    private final PortalSessions sessions;

    PortalHookHeadersController(SessionHooks hooks, HookHeaders hookHeaders, PortalSessions sessions) {
        this.hooks = hooks;
        this.hookHeaders = hookHeaders;
        this.sessions = sessions;
    }

    @PostMapping("/portal/hooks/{hookId}/headers")
    String add(
            PortalSession session,
            @PathVariable String hookId,
            @RequestParam(required = false) String name,
            @RequestParam(required = false) String value) {
        HookStatus hook = hooks.of(session, hookId);
        String header = name == null ? "" : name.strip();
        if (header.isEmpty()) {
            sessions.setFlash(session.id(), Flash.problem("The header was not saved: Header name is required."));
            return redirectTo(hook);
        }
        try {
            CustomHeaders headers =
                    hookHeaders.of(session.ownerId(), hook.id()).with(header, value == null ? "" : value.strip());
            save(session, hook, headers);
            sessions.setFlash(
                    session.id(),
                    Flash.info("Header " + header + " saved: it is sent with every delivery to " + hook.targetUrl()
                            + ". Its value is not shown again."));
        } catch (InvalidRequest invalid) {
            sessions.setFlash(session.id(), Flash.problem("The header was not saved: " + FormErrors.describe(invalid)));
        }
        return redirectTo(hook);
    }

    @PostMapping("/portal/hooks/{hookId}/headers/remove")
    String remove(PortalSession session, @PathVariable String hookId, @RequestParam(required = false) String name) {
        HookStatus hook = hooks.of(session, hookId);
        if (name != null) {
            save(session, hook, hookHeaders.of(session.ownerId(), hook.id()).without(name));
            sessions.setFlash(session.id(), Flash.info("Header " + name + " removed from " + hook.targetUrl() + "."));
        }
        return redirectTo(hook);
    }

    private void save(PortalSession session, HookStatus hook, CustomHeaders headers) {
        if (!hookHeaders.replace(session.ownerId(), hook.id(), headers)) {
            throw new NotFound();
        }
    }

    private static String redirectTo(HookStatus hook) {
        return "redirect:/portal/#headers-" + hook.id();
    }
}
