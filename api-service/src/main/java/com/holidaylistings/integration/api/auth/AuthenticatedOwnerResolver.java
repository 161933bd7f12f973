package com.holidaylistings.integration.api.auth;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;

/** Hands the request's {@link AuthenticatedOwner} to controller methods that declare it. */
class AuthenticatedOwnerResolver implements HandlerMethodArgumentResolver {

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        return parameter.getParameterType() == AuthenticatedOwner.class;
    }

    @Override
    public AuthenticatedOwner resolveArgument(
            MethodParameter parameter,
            ModelAndViewContainer container,
            NativeWebRequest request,
            WebDataBinderFactory binderFactory) {
        Object owner =
                request.getNativeRequest(HttpServletRequest.class).getAttribute(AuthenticatedOwner.REQUEST_ATTRIBUTE);
        if (owner instanceof AuthenticatedOwner authenticated) {
            return authenticated;
        }
        throw new IllegalStateException("No authenticated owner: is the handler outside /integration/v1?");
    }
}
