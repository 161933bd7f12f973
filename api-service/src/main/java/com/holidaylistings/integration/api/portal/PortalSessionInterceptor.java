package com.holidaylistings.integration.api.portal;

import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Optional;
import org.springframework.web.servlet.HandlerInterceptor;

/**
 * Every portal page needs a live session; every POST also needs the session's CSRF token (the
 * synchronizer token pattern). The session is put on the request for the controllers.
 */
class PortalSessionInterceptor implements HandlerInterceptor {

    private final PortalSessions sessions;

    PortalSessionInterceptor(PortalSessions sessions) {
        this.sessions = sessions;
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        PortalSession session = sessionId(request).flatMap(sessions::find).orElseThrow(PortalRefusal.NoSession::new);
        if (!"GET".equals(request.getMethod())
                && !"HEAD".equals(request.getMethod())
                && !matches(request.getParameter(PortalSession.CSRF_PARAMETER), session.csrfToken())) {
            throw new PortalRefusal.CsrfRefused();
        }
        request.setAttribute(PortalSession.REQUEST_ATTRIBUTE, session);
        return true;
    }

    static Optional<String> sessionId(HttpServletRequest request) {
        Cookie[] cookies = request.getCookies();
        return cookies == null
                ? Optional.empty()
                : Arrays.stream(cookies)
                        .filter(cookie -> PortalSession.COOKIE.equals(cookie.getName()))
                        .map(Cookie::getValue)
                        .filter(value -> !value.isBlank())
                        .findFirst();
    }

    private static boolean matches(String given, String expected) {
        return given != null
                && MessageDigest.isEqual(
                        given.getBytes(StandardCharsets.UTF_8), expected.getBytes(StandardCharsets.UTF_8));
    }
}
