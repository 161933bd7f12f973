package com.holidaylistings.integration.api.web.filter;

import com.holidaylistings.integration.api.web.error.ApiError;
import com.holidaylistings.integration.api.web.error.JsonErrorWriter;
import com.holidaylistings.integration.api.web.error.PayloadTooLarge;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Caps request bodies: a declared length over the limit is refused before reading, and a chunked
 * body fails with {@link PayloadTooLarge} as soon as it passes the limit.
 */
public class RequestBodyLimitFilter extends OncePerRequestFilter {

    public static final int MAX_BODY_BYTES = 64 * 1024;

    private final JsonErrorWriter errors;

    public RequestBodyLimitFilter(JsonErrorWriter errors) {
        this.errors = errors;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (request.getContentLengthLong() > MAX_BODY_BYTES) {
            errors.write(response, HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE, ApiError.forStatus(413));
            return;
        }
        chain.doFilter(new LimitedBodyRequest(request), response);
    }

    private static final class LimitedBodyRequest extends HttpServletRequestWrapper {

        private ServletInputStream limited;

        LimitedBodyRequest(HttpServletRequest request) {
            super(request);
        }

        @Override
        public ServletInputStream getInputStream() throws IOException {
            if (limited == null) {
                limited = new LimitedInputStream(super.getInputStream());
            }
            return limited;
        }
    }

    private static final class LimitedInputStream extends ServletInputStream {

        private final ServletInputStream in;
        private long read;

        LimitedInputStream(ServletInputStream in) {
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = in.read(buffer, offset, length);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void count(int n) throws PayloadTooLarge {
            read += n;
            if (read > MAX_BODY_BYTES) {
                throw new PayloadTooLarge(MAX_BODY_BYTES);
            }
        }

        @Override
        public boolean isFinished() {
            return in.isFinished();
        }

        @Override
        public boolean isReady() {
            return in.isReady();
        }

        @Override
        public void setReadListener(ReadListener listener) {
            in.setReadListener(listener);
        }
    }
}
