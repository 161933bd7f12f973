package com.holidaylistings.integration.api.web;

import com.holidaylistings.integration.api.web.error.JsonErrorWriter;
import com.holidaylistings.integration.api.web.filter.HttpsRequiredFilter;
import com.holidaylistings.integration.api.web.filter.InFlightRequestLimitFilter;
import com.holidaylistings.integration.api.web.filter.OutageFilter;
import com.holidaylistings.integration.api.web.filter.RequestBodyLimitFilter;
import com.holidaylistings.integration.api.web.filter.RequestIdFilter;
import com.holidaylistings.integration.api.web.filter.SecurityHeadersFilter;
import com.holidaylistings.integration.api.web.filter.UnloggedRequests;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.catalina.core.StandardHost;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
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

/** The HTTP edge shared by both APIs: request ids, security headers, a bound on requests in flight, outages, HTTPS only, body limit, JSON everywhere. */
@Configuration(proxyBeanMethods = false)
public class WebConfig implements WebMvcConfigurer {

    // Inside Boot's ServerHttpObservationFilter (HIGHEST_PRECEDENCE + 1): the request's server span is
    // current, so that the access-log line carries its trace id and the span the request id.
    static final int REQUEST_ID_ORDER = Ordered.HIGHEST_PRECEDENCE + 2;
    static final int SECURITY_HEADERS_ORDER = REQUEST_ID_ORDER + 1;
    static final int IN_FLIGHT_LIMIT_ORDER = REQUEST_ID_ORDER + 3;
    static final int OUTAGE_ORDER = REQUEST_ID_ORDER + 5;
    static final int HTTPS_ORDER = REQUEST_ID_ORDER + 10;
    static final int BODY_LIMIT_ORDER = REQUEST_ID_ORDER + 20;

    /** Every request but the replica's own warm-up requests gets an access-log line. */
    @Bean
    FilterRegistrationBean<RequestIdFilter> requestIdFilter(UnloggedRequests unlogged) {
        FilterRegistrationBean<RequestIdFilter> registration =
                new FilterRegistrationBean<>(new RequestIdFilter(unlogged));
        registration.setOrder(REQUEST_ID_ORDER);
        return registration;
    }

    /** Before every filter that may answer on its own (HTTPS required, outages, authentication). */
    @Bean
    FilterRegistrationBean<SecurityHeadersFilter> securityHeadersFilter() {
        FilterRegistrationBean<SecurityHeadersFilter> registration =
                new FilterRegistrationBean<>(new SecurityHeadersFilter());
        registration.setOrder(SECURITY_HEADERS_ORDER);
        return registration;
    }

    /**
     * Inside the request id's and security headers' filters (a refused request is logged and
     * answered like any other) and before everything that works: authentication reads the database.
     */
    @Bean
    FilterRegistrationBean<InFlightRequestLimitFilter> inFlightRequestLimitFilter(
            @Value("${owner-api.max-in-flight-requests}") int maxInFlight,
            JsonErrorWriter errors,
            MeterRegistry registry) {
        FilterRegistrationBean<InFlightRequestLimitFilter> registration =
                new FilterRegistrationBean<>(new InFlightRequestLimitFilter(maxInFlight, errors, registry));
        registration.setOrder(IN_FLIGHT_LIMIT_ORDER);
        return registration;
    }

    /** Inside the request id's filter, so that a 503 carries the id and is in the access log. */
    @Bean
    FilterRegistrationBean<OutageFilter> outageFilter(JsonErrorWriter errors) {
        FilterRegistrationBean<OutageFilter> registration = new FilterRegistrationBean<>(new OutageFilter(errors));
        registration.setOrder(OUTAGE_ORDER);
        return registration;
    }

    @Bean
    FilterRegistrationBean<HttpsRequiredFilter> httpsRequiredFilter(JsonErrorWriter errors) {
        FilterRegistrationBean<HttpsRequiredFilter> registration =
                new FilterRegistrationBean<>(new HttpsRequiredFilter(errors));
        registration.setOrder(HTTPS_ORDER);
        return registration;
    }

    @Bean
    FilterRegistrationBean<RequestBodyLimitFilter> requestBodyLimitFilter(JsonErrorWriter errors) {
        FilterRegistrationBean<RequestBodyLimitFilter> registration =
                new FilterRegistrationBean<>(new RequestBodyLimitFilter(errors));
        registration.setOrder(BODY_LIMIT_ORDER);
        return registration;
    }

    /** Requests Tomcat refuses before they reach us (a malformed URI) get a JSON error body too. */
    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> jsonContainerErrors() {
        return factory -> factory.addContextCustomizers(context -> {
            if (context.getParent() instanceof StandardHost host) {
                host.setErrorReportValveClass(JsonErrorReportValve.class.getName());
            }
        });
    }

    /** A JSON API answers JSON whatever the Accept header asks for. */
    @Override
    public void configureContentNegotiation(ContentNegotiationConfigurer configurer) {
        configurer.ignoreAcceptHeader(true).defaultContentType(MediaType.APPLICATION_JSON);
    }

    /** No silent conversions: "5" is not an integer, 5 is not a string, 1.5 is not a count. */
    @Bean
    public JsonMapperBuilderCustomizer strictScalars() {
        return builder -> builder.withCoercionConfig(
                        LogicalType.Textual,
                        config -> config.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
                .withCoercionConfig(
                        LogicalType.Integer,
                        config -> config.setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                                .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail)
                                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
                .withCoercionConfig(
                        LogicalType.Boolean,
                        config -> config.setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail));
    }
}
