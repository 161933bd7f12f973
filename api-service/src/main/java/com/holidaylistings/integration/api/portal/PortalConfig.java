package com.holidaylistings.integration.api.portal;

import java.util.List;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.MethodParameter;
import org.springframework.core.Ordered;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/** The portal's edge: headers on all of it, a session and a CSRF check on everything but the link and assets. */
@Configuration(proxyBeanMethods = false)
class PortalConfig implements WebMvcConfigurer {

    private final PortalSessions sessions;

    PortalConfig(PortalSessions sessions) {
        this.sessions = sessions;
    }

    @Bean
    FilterRegistrationBean<PortalHeadersFilter> portalHeadersFilter(PortalProperties settings) {
        FilterRegistrationBean<PortalHeadersFilter> registration =
                new FilterRegistrationBean<>(new PortalHeadersFilter(settings));
        registration.addUrlPatterns("/portal/*");
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 100);
        return registration;
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(new PortalSessionInterceptor(sessions))
                .addPathPatterns("/portal/**")
                .excludePathPatterns(PortalEntryController.OPEN_PATH, "/portal/signed-out", "/portal/assets/**");
    }

    @Override
    public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
        resolvers.add(new HandlerMethodArgumentResolver() {
            @Override
            public boolean supportsParameter(MethodParameter parameter) {
                return parameter.getParameterType() == PortalSession.class;
            }

            @Override
            public Object resolveArgument(
                    MethodParameter parameter,
                    ModelAndViewContainer container,
                    NativeWebRequest request,
                    WebDataBinderFactory binders) {
                Object session = request.getAttribute(PortalSession.REQUEST_ATTRIBUTE, RequestAttributes.SCOPE_REQUEST);
                if (session == null) {
                    throw new PortalRefusal.NoSession();
                }
                return session;
            }
        });
    }
}
