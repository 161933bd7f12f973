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

    /** One count per client address for both the tokens and the admin key. */
    @Bean
    FailedAuthentications failedAuthentications(FailedAuthenticationProperties settings) {
        return new FailedAuthentications(settings);
    }

    @Bean
    FilterRegistrationBean<TokenAuthenticationFilter> tokenAuthenticationFilter(
            AccessTokens tokens, RateLimitProperties limits, FailedAuthentications failures, JsonErrorWriter errors) {
        FilterRegistrationBean<TokenAuthenticationFilter> registration =
                new FilterRegistrationBean<>(new TokenAuthenticationFilter(tokens, limits, failures, errors));
        registration.addUrlPatterns("/integration/v1/*");
        registration.setOrder(AUTHENTICATION_ORDER);
        return registration;
    }

    @Bean
    FilterRegistrationBean<AdminKeyFilter> adminKeyFilter(InternalApiProperties properties,
            FailedAuthentications failures, JsonErrorWriter errors) {
        FilterRegistrationBean<AdminKeyFilter> registration =
                new FilterRegistrationBean<>(new AdminKeyFilter(properties, failures, errors));
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
