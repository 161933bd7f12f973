package com.holidaylistings.integration.api.web;

import jakarta.servlet.Filter;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.http.MediaType;
import org.springframework.web.servlet.config.annotation.ContentNegotiationConfigurer;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.type.LogicalType;

/** The HTTP edge shared by both APIs: request ids, HTTPS only, body limit, JSON everywhere. */
@Configuration(proxyBeanMethods = false)
class WebConfig implements WebMvcConfigurer {

    static final int REQUEST_ID_ORDER = Ordered.HIGHEST_PRECEDENCE;
    static final int HTTPS_ORDER = REQUEST_ID_ORDER + 10;
    static final int BODY_LIMIT_ORDER = REQUEST_ID_ORDER + 20;

    @Bean
    FilterRegistrationBean<RequestIdFilter> requestIdFilter() {
        return inOrder(new RequestIdFilter(), REQUEST_ID_ORDER);
    }

    @Bean
    FilterRegistrationBean<HttpsRequiredFilter> httpsRequiredFilter(JsonErrorWriter errors) {
        return inOrder(new HttpsRequiredFilter(errors), HTTPS_ORDER);
    }

    @Bean
    FilterRegistrationBean<RequestBodyLimitFilter> requestBodyLimitFilter(JsonErrorWriter errors) {
        return inOrder(new RequestBodyLimitFilter(errors), BODY_LIMIT_ORDER);
    }

    private static <F extends Filter> FilterRegistrationBean<F> inOrder(F filter, int order) {
        FilterRegistrationBean<F> registration = new FilterRegistrationBean<>(filter);
        registration.setOrder(order);
        return registration;
    }

    /** A JSON API answers JSON whatever the Accept header asks for. */
    @Override
    public void configureContentNegotiation(ContentNegotiationConfigurer configurer) {
        configurer.ignoreAcceptHeader(true).defaultContentType(MediaType.APPLICATION_JSON);
    }

    /** No silent conversions: "5" is not an integer, 5 is not a string, 1.5 is not a count. */
    @Bean
    JsonMapperBuilderCustomizer strictScalars() {
        return builder -> builder
                .withCoercionConfig(LogicalType.Textual, config -> config
                        .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
                .withCoercionConfig(LogicalType.Integer, config -> config
                        .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
                .withCoercionConfig(LogicalType.Boolean, config -> config
                        .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail));
    }
}
