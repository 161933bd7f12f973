package com.holidaylistings.integration.api.portal;

import com.holidaylistings.integration.api.web.error.NotFound;
import com.holidaylistings.integration.api.web.error.Outage;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.servlet.ModelAndView;

/** The portal answers with pages, never with the APIs' JSON errors; it goes before the API's handler. */
@ControllerAdvice(basePackageClasses = PortalErrors.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
class PortalErrors {

    private static final Logger log = LoggerFactory.getLogger(PortalErrors.class);

    @ExceptionHandler
    ModelAndView refused(PortalRefusal refusal, HttpServletResponse response) {
        return page(response, refusal.status(), refusal.title(), refusal.getMessage());
    }

    @ExceptionHandler
    ModelAndView notFound(NotFound exception, HttpServletResponse response) {
        return page(
                response,
                404,
                "Not found",
                "There is nothing here for your account. Go back to the Notifications page.");
    }

    @ExceptionHandler
    ModelAndView other(Exception exception, HttpServletResponse response) {
        if (Outage.explains(exception)) {
            Outage.report(exception);
            response.setHeader(HttpHeaders.RETRY_AFTER, Integer.toString(Outage.RETRY_AFTER_SECONDS));
            return page(response, 503, "Temporarily unavailable", "Nothing was changed. Please try again in a moment.");
        }
        if (exception instanceof ErrorResponse error && error.getStatusCode().is4xxClientError()) {
            return page(
                    response,
                    error.getStatusCode().value(),
                    "This request cannot be handled",
                    "Go back to the Notifications page and try again.");
        }
        log.error("Portal request failed", exception);
        return page(response, 500, "Something went wrong", "Nothing was changed. Please try again in a moment.");
    }

    private static ModelAndView page(HttpServletResponse response, int status, String title, String message) {
        response.setStatus(status);
        ModelAndView page = new ModelAndView("portal/message");
        page.addObject("title", title);
        page.addObject("message", message);
        page.setStatus(org.springframework.http.HttpStatusCode.valueOf(status));
        return page;
    }
}
