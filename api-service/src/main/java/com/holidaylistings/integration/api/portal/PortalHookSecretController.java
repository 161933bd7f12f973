package com.holidaylistings.integration.api.portal;

import com.holidaylistings.integration.api.hook.HookStatus;
import com.holidaylistings.integration.api.owner.SigningSecrets;
import com.holidaylistings.integration.api.web.error.NotFound;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;

/**
 * A hook's own signing secret, on its row: revealed once when asked, and rotated after a
 * confirmation, as the owner's secret is. Rotating gives this hook a secret of its own; the owner's
 * other hooks keep theirs. 404 for another owner's hook, as the internal API answers.
 */
@Controller
class PortalHookSecretController {

    private final SessionHooks hooks;
    private final SigningSecrets secrets;
    private final PortalSessions sessions;

    PortalHookSecretController(SessionHooks hooks, SigningSecrets secrets, PortalSessions sessions) {
        this.hooks = hooks;
        this.secrets = secrets;
        this.sessions = sessions;
    }

    @PostMapping("/portal/hooks/{hookId}/secret/reveal")
    String reveal(PortalSession session, @PathVariable String hookId) {
        HookStatus hook = hooks.of(session, hookId);
        sessions.setFlash(session.id(), Flash.secretOfHook(hook.id(), null));
        return "redirect:/portal/#webhook-subscriptions";
    }

    @GetMapping("/portal/hooks/{hookId}/secret/rotate")
    String confirmRotate(PortalSession session, @PathVariable String hookId, Model model) {
        model.addAttribute("csrf", session.csrfToken());
        model.addAttribute("hook", hooks.of(session, hookId));
        return "portal/rotate";
    }

    @PostMapping("/portal/hooks/{hookId}/secret/rotate")
    String rotate(PortalSession session, @PathVariable String hookId) {
        HookStatus hook = hooks.of(session, hookId);
        secrets.rotateForHook(session.ownerId(), hook.id()).orElseThrow(NotFound::new);
        sessions.setFlash(
                session.id(),
                Flash.secretOfHook(
                        hook.id(),
                        "Signing secret of " + hook.targetUrl()
                                + " rotated. Give the new one to its receiver: the previous one keeps signing beside it for a while"
                                + " (24 hours by default). Your other hooks keep their secrets."));
        return "redirect:/portal/#webhook-subscriptions";
    }
}
