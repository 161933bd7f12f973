package com.holidaylistings.integration.api.portal;

import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseCookie;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

/** Opening a portal link starts a session; signing out ends it. */
@Controller
class PortalEntryController {

    static final String OPEN_PATH = "/portal/open";

    private final PortalSessions sessions;
    private final PortalProperties settings;

    PortalEntryController(PortalSessions sessions, PortalProperties settings) {
        this.sessions = sessions;
        this.settings = settings;
    }

    @GetMapping(OPEN_PATH)
    String open(@RequestParam(required = false) String token, HttpServletResponse response) {
        if (token == null || token.isBlank()) {
            throw new PortalRefusal.LinkRefused();
        }
        PortalSessions.Opened opened = sessions.open(token).orElseThrow(PortalRefusal.LinkRefused::new);
        response.addHeader(HttpHeaders.SET_COOKIE, cookie(opened.sessionId(), settings.sessionLifetime().toSeconds()));
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
