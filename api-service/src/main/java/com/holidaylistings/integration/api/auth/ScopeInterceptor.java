package com.holidaylistings.integration.api.auth;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Arrays;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;

/** Enforces {@link RequiredScope} on the handler the request is going to: one of its scopes suffices. */
class ScopeInterceptor implements HandlerInterceptor {

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        if (handler instanceof HandlerMethod method) {
            RequiredScope required = method.getMethodAnnotation(RequiredScope.class);
            Object owner = request.getAttribute(AuthenticatedOwner.REQUEST_ATTRIBUTE);
            if (required != null
                    && !(owner instanceof AuthenticatedOwner authenticated
                            && Arrays.stream(required.value()).anyMatch(authenticated::may))) {
                throw new MissingScope(required.value());
            }
        }
        return true;
    }
}
