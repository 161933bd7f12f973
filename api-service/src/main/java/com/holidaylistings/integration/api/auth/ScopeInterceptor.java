package com.holidaylistings.integration.api.auth;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;

/** Enforces {@link RequiredScope} on the handler the request is going to. */
class ScopeInterceptor implements HandlerInterceptor {

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        if (handler instanceof HandlerMethod method) {
            RequiredScope required = method.getMethodAnnotation(RequiredScope.class);
            Object owner = request.getAttribute(AuthenticatedOwner.REQUEST_ATTRIBUTE);
            if (required != null && !(owner instanceof AuthenticatedOwner authenticated && authenticated.may(required.value()))) {
                throw new MissingScope(required.value());
            }
        }
        return true;
    }
}
