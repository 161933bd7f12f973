package com.holidaylistings.integration.api.auth;

import com.holidaylistings.integration.api.ratelimit.RateLimitProperties;
import com.holidaylistings.integration.api.web.error.JsonErrorWriter;
import java.util.List;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/** Who may call what: tokens and scopes on the Integration API, the admin key on the internal API. */
@Configuration(proxyBeanMethods = false)
class AuthConfig implements WebMvcConfigurer {

    // After the request id, HTTPS and body-limit filters.
    private static final int AUTHENTICATION_ORDER = Ordered.HIGHEST_PRECEDENCE + 100;

    /**
     * The public API's failed authentications, counted apart from the internal API's (each filter
     * holds its own {@link FailedAuthentications}): one integration's revoked token never throttles
     * the listing site's back end, and a mistyped admin key never throttles the owners' integrations.
     */
    @Bean
    FilterRegistrationBean<TokenAuthenticationFilter> tokenAuthenticationFilter(
            AccessTokens tokens,
            RateLimitProperties limits,
            FailedAuthenticationProperties throttle,
            JsonErrorWriter errors) {
        FilterRegistrationBean<TokenAuthenticationFilter> registration =
                new FilterRegistrationBean<>(new TokenAuthenticationFilter(
                        tokens,
                        limits,
                        new FailedAuthentications(throttle),
                        new RejectedTokens(throttle.maxAddresses()),
                        errors));
        registration.addUrlPatterns("/integration/v1/*");
        registration.setOrder(AUTHENTICATION_ORDER);
        return registration;
    }

    @Bean
    FilterRegistrationBean<AdminKeyFilter> adminKeyFilter(
            InternalApiProperties properties, FailedAuthenticationProperties throttle, JsonErrorWriter errors) {
        FilterRegistrationBean<AdminKeyFilter> registration = new FilterRegistrationBean<>(
                new AdminKeyFilter(properties, new FailedAuthentications(throttle), errors));
        registration.addUrlPatterns("/internal/*");
        registration.setOrder(AUTHENTICATION_ORDER);
        return registration;
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(new ScopeInterceptor()).addPathPatterns("/integration/v1/**");
    }

    @Override
    public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
        resolvers.add(new AuthenticatedOwnerResolver());
    }
}
