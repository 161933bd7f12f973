package com.holidaylistings.integration.api.web;

import com.holidaylistings.integration.api.web.error.ApiError;
import com.holidaylistings.integration.api.web.filter.RequestIdFilter;
import com.holidaylistings.integration.api.web.filter.SecurityHeadersFilter;
import java.io.IOException;
import java.io.Writer;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;

/**
 * Answers the errors Tomcat raises before any servlet runs (a malformed URI such as
 * {@code /%00}) with the API's JSON body instead of Tomcat's HTML page.
 */
public class JsonErrorReportValve extends ErrorReportValve {

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
            return;
        }
        AtomicBoolean ioAllowed = new AtomicBoolean();
        response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
        if (!ioAllowed.get()) {
            return;
        }
        try {
            // The request never reached RequestIdFilter; it gets an id all the same.
            if (response.getHeader(RequestIdFilter.HEADER) == null) {
                response.setHeader(RequestIdFilter.HEADER, UUID.randomUUID().toString());
            }
            SecurityHeadersFilter.addTo(request, response);
            response.setContentType("application/json");
            response.setCharacterEncoding("UTF-8");
            Writer writer = response.getReporter();
            if (writer != null) {
                // The messages of ApiError.forStatus are fixed ASCII text: nothing to escape.
                writer.write("{\"error\":\"" + ApiError.forStatus(status).error() + "\"}");
                response.finishResponse();
            }
        } catch (IOException | IllegalStateException e) {
            // the client is gone or the response committed: nothing more to say
        }
    }
}
