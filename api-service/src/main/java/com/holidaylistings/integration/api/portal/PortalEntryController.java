package com.holidaylistings.integration.api.portal;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Optional;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseCookie;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * Opening a portal link starts a session; signing out ends it.
 *
 * <p>A link opened while another owner's session is live does not switch silently: it shows a page
 * that asks first, and only its form (a POST carrying the live session's CSRF token) switches.
 * Otherwise anyone could send an owner their own link and have the owner's browser work in the
 * sender's account without noticing (login CSRF): a webhook added there would send the sender
 * nothing of the owner's, but a token created or a secret copied would be the sender's. Asking is
 * enough, because another site can make the browser open a link but can never read the page's
 * token to submit its form. A link opened with no live session, or with the same owner's, opens
 * as it always did.
 */
@Controller
class PortalEntryController {

    static final String OPEN_PATH = "/portal/open";
    static final String SWITCH_PATH = "/portal/switch";

    private final PortalSessions sessions;
    private final PortalProperties settings;

    PortalEntryController(PortalSessions sessions, PortalProperties settings) {
        this.sessions = sessions;
        this.settings = settings;
    }

    @GetMapping(OPEN_PATH)
    String open(
            @RequestParam(required = false) String token,
            HttpServletRequest request,
            HttpServletResponse response,
            Model model) {
        if (token == null || token.isBlank()) {
            throw new PortalRefusal.LinkRefused();
        }
        Optional<PortalSession> current =
                PortalSessionInterceptor.sessionId(request).flatMap(sessions::find);
        if (current.isPresent()) {
            PortalSessions.LinkOwner linkOwner = sessions.linkOwner(token).orElseThrow(PortalRefusal.LinkRefused::new);
            if (!linkOwner.ownerId().equals(current.get().ownerId())) {
                model.addAttribute("csrf", current.get().csrfToken());
                model.addAttribute("token", token);
                model.addAttribute(
                        "currentEmail", sessions.emailOf(current.get().ownerId()));
                model.addAttribute("linkEmail", linkOwner.email());
                return "portal/switch";
            }
        }
        start(token, response);
        return "redirect:/portal/";
    }

    /** The switch the page above asks for: its form alone can send it (the session's CSRF token). */
    @PostMapping(SWITCH_PATH)
    String switchOwner(
            PortalSession session, @RequestParam(required = false) String token, HttpServletResponse response) {
        if (token == null || token.isBlank()) {
            throw new PortalRefusal.LinkRefused();
        }
        start(token, response);
        sessions.end(session.id());
        return "redirect:/portal/";
    }

    @PostMapping("/portal/sign-out")
    String signOut(PortalSession session, HttpServletResponse response) {
        sessions.end(session.id());
        response.addHeader(HttpHeaders.SET_COOKIE, cookie("", 0));
        return "redirect:/portal/signed-out";
    }

    @GetMapping("/portal/signed-out")
    String signedOut() {
        return "portal/signed-out";
    }

    /** Uses the link and sets the new session's cookie; a link that cannot be used is refused. */
    private void start(String token, HttpServletResponse response) {
        PortalSessions.Opened opened = sessions.open(token).orElseThrow(PortalRefusal.LinkRefused::new);
        response.addHeader(
                HttpHeaders.SET_COOKIE,
                cookie(opened.sessionId(), settings.sessionLifetime().toSeconds()));
    }

    /** A {@code __Host-} cookie: Secure, for this host only, on every path. */
    private String cookie(String value, long maxAgeSeconds) {
        return ResponseCookie.from(PortalSession.COOKIE, value)
                .httpOnly(true)
                .secure(true)
                .sameSite(settings.cookieSameSite())
                .path("/")
                .maxAge(maxAgeSeconds)
                .build()
                .toString();
    }
}
